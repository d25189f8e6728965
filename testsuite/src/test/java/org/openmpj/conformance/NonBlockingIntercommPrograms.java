package org.openmpj.conformance;

import mpi.Intercomm;
import mpi.MPI;
import mpi.Request;

import org.openmpj.testing.Check;

/** Non-blocking collectives across an intercommunicator (an extension of mpiJava 1.2): many in flight at once. */
final class NonBlockingIntercommPrograms
{
    private NonBlockingIntercommPrograms()
    {
    }

    /**
     * Ibarrier, Ibcast and Igatherv rooted in each part, Iallreduce with a non-commutative operation, Iallgather,
     * Ialltoall and Ireduce_scatter, all started before any is waited for, then finished by Waitall; results checked as
     * the blocking calls' are. Then an object Iallgather is refused.
     */
    public static final class AllInFlightAcross
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final IntercommPrograms.Halves halves = new IntercommPrograms.Halves();
            final Intercomm inter = halves.inter;
            final int rank = inter.Rank();
            final int localSize = inter.Size();
            final int remoteSize = inter.Remote_size();
            final boolean lowerLeader = halves.lower && rank == 0;
            final boolean upperLeader = !halves.lower && rank == 0;

            final Request barrier = inter.Ibarrier();
            final int[] broadcast = lowerLeader ? new int[] {7, 8, 9} : new int[] {-1, -1, -1};
            final Request bcast = inter.Ibcast(broadcast, 0, 3, MPI.INT, halves.lower ? (lowerLeader ? MPI.ROOT : MPI.PROC_NULL) : 0);
            final int[] product = new int[4];
            final Request allreduce = inter.Iallreduce(IntercommPrograms.NonCommutative.matrix(halves.worldRank), 0, product, 0, 4, MPI.INT,
                IntercommPrograms.NonCommutative.MATRIX_PRODUCT);
            final int[] gathered = new int[upperLeader ? remoteSize : 0];
            final Request gatherv = inter.Igatherv(new int[] {halves.worldRank}, 0, 1, MPI.INT, gathered, 0,
                ones(upperLeader ? remoteSize : 0), blocks(upperLeader ? remoteSize : 0), MPI.INT,
                halves.lower ? 0 : (upperLeader ? MPI.ROOT : MPI.PROC_NULL));
            final int[] allGathered = new int[remoteSize];
            final Request allgather = inter.Iallgather(new int[] {halves.worldRank}, 0, 1, MPI.INT, allGathered, 0, 1, MPI.INT);
            final int[] out = new int[remoteSize];
            for (int j = 0; j < remoteSize; j++)
            {
                out[j] = 1000 * halves.worldRank + j;
            }
            final int[] in = new int[remoteSize];
            final Request alltoall = inter.Ialltoall(out, 0, 1, MPI.INT, in, 0, 1, MPI.INT);
            final int total = 2 * halves.lowerSize;
            final int[] recvcounts = new int[localSize];
            for (int i = 0; i < localSize; i++)
            {
                recvcounts[i] = total / localSize + (i < total % localSize ? 1 : 0);
            }
            final int[] contribution = new int[total];
            java.util.Arrays.fill(contribution, halves.worldRank);
            final int[] share = new int[recvcounts[rank]];
            final Request reduceScatter = inter.Ireduce_scatter(contribution, 0, share, 0, recvcounts, MPI.INT, MPI.SUM);

            Request.Waitall(new Request[] {reduceScatter, alltoall, allgather, gatherv, allreduce, bcast, barrier});

            Check.equal(halves.lower && !lowerLeader ? new int[] {-1, -1, -1} : new int[] {7, 8, 9}, broadcast, "Ibcast from the lower leader");
            Check.equal(IntercommPrograms.NonCommutative.orderedProduct(halves.remoteWorldRank(0), remoteSize), product,
                "Iallreduce of the other part's matrices, in its rank order");
            for (int r = 0; upperLeader && r < remoteSize; r++)
            {
                Check.equal(halves.remoteWorldRank(r), gathered[r], "Igatherv at the upper leader, from remote rank " + r);
            }
            int remoteSum = 0;
            for (int r = 0; r < remoteSize; r++)
            {
                Check.equal(halves.remoteWorldRank(r), allGathered[r], "Iallgather from remote rank " + r);
                Check.equal(1000 * halves.remoteWorldRank(r) + rank, in[r], "Ialltoall block from remote rank " + r);
                remoteSum += halves.remoteWorldRank(r);
            }
            for (int k = 0; k < share.length; k++)
            {
                Check.equal(remoteSum, share[k], "Ireduce_scatter element " + k);
            }
            Check.fails(MPI.ERR_TYPE, () -> inter.Iallgather(new Object[1], 0, 1, MPI.OBJECT, new Object[remoteSize], 0, 1, MPI.OBJECT),
                "objects");
            inter.Free();
            MPI.Finalize();
        }

        private static int[] ones(final int n)
        {
            final int[] counts = new int[n];
            java.util.Arrays.fill(counts, 1);
            return counts;
        }

        private static int[] blocks(final int n)
        {
            final int[] displs = new int[n];
            java.util.Arrays.setAll(displs, i -> i);
            return displs;
        }
    }
}
