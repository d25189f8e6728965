package org.openmpj.conformance;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

import org.openmpj.testing.Check;

/**
 * {@code Create_intercomm} as mpiJava 1.2 defines it, called on the peer communicator with the local one as its
 * argument, between the even and the odd ranks of the world; and mismatched calls, each of which must fail on
 * every rank of both groups rather than leave a rank waiting. Needs an even number of ranks.
 */
final class IntercommCreationPrograms
{
    private IntercommCreationPrograms()
    {
    }

    /** The even and the odd ranks of the world, each group a communicator of its own. */
    private static final class EvenOdd
    {
        final int worldRank = MPI.COMM_WORLD.Rank();
        final int color = worldRank % 2;
        final Intracomm half = MPI.COMM_WORLD.Split(color, worldRank);
        /** The other group's leader (its rank 0) as a rank of the world. */
        final int otherLeader = color == 1 ? 0 : 1;
    }

    /** Every rank creates the intercommunicator, then each rank swaps a message with its partner across. */
    public static final class EvenAndOdd
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final EvenOdd groups = new EvenOdd();
            final Intercomm inter = MPI.COMM_WORLD.Create_intercomm(groups.half, 0, groups.otherLeader, 5);
            Check.that(inter.Test_inter(), "Test_inter of the new intercommunicator");
            Check.equal(groups.half.Size(), inter.Size(), "local size");
            Check.equal(MPI.COMM_WORLD.Size() / 2, inter.Remote_size(), "remote size");
            Check.equal(groups.half.Rank(), inter.Rank(), "rank in the intercommunicator");
            final int[] in = new int[1];
            inter.Sendrecv(new int[] {groups.worldRank}, 0, 1, MPI.INT, inter.Rank(), 9, in, 0, 1, MPI.INT, inter.Rank(), 9);
            Check.equal(groups.color == 0 ? groups.worldRank + 1 : groups.worldRank - 1, in[0], "world rank of the partner across");
            inter.Free();
            MPI.Finalize();
        }
    }

    /** Calls that do not match, one after another; each fails on every rank, and the world still works afterwards. */
    public static final class MismatchedCalls
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final EvenOdd groups = new EvenOdd();
            // The roles of the old, wrong reading: the local communicator as the receiver, the world as the peer. Its
            // one group, the world, would contain the other leader (at two ranks, the other leader is out of range).
            failsEverywhere(() -> groups.half.Create_intercomm(MPI.COMM_WORLD, 0, groups.otherLeader, 11),
                MPI.COMM_WORLD.Size() > 2 ? "is a rank of this rank's own group" : "remoteLeader=");
            // The leaders give different tags.
            failsEverywhere(() -> MPI.COMM_WORLD.Create_intercomm(groups.half, 0, groups.otherLeader, 13 + groups.color), "Create_intercomm");
            // Groups of one rank cannot name the wrong leader.
            if (MPI.COMM_WORLD.Size() > 2)
            {
                // Each rank of a group names itself the leader.
                failsEverywhere(() -> MPI.COMM_WORLD.Create_intercomm(groups.half, groups.half.Rank(), groups.otherLeader, 12), "Create_intercomm");
                // The even leader greets the last odd rank, which is not the odd group's leader.
                final int lastOdd = MPI.COMM_WORLD.Size() - 1;
                failsEverywhere(() -> MPI.COMM_WORLD.Create_intercomm(groups.half, 0, groups.color == 0 ? lastOdd : 0, 15), "Create_intercomm");
            }
            final Intercomm inter = MPI.COMM_WORLD.Create_intercomm(groups.half, 0, groups.otherLeader, 16);
            inter.Barrier();
            inter.Free();
            MPI.Finalize();
        }

        /** Runs {@code creation}, which must throw an {@code MPIException} mentioning {@code fragment}; then meets every rank. */
        private static void failsEverywhere(final Runnable creation, final String fragment)
        {
            try
            {
                creation.run();
                throw new AssertionError("a mismatched Create_intercomm succeeded on world rank " + MPI.COMM_WORLD.Rank());
            }
            catch (final MPIException ex)
            {
                Check.that(String.valueOf(ex.getMessage()).contains(fragment), "the error '" + ex.getMessage() + "' does not mention '"
                    + fragment + "'");
            }
            MPI.COMM_WORLD.Barrier();
        }
    }
}
