package org.openmpj.conformance;

import mpi.Intracomm;
import mpi.MPI;

import org.openmpj.testing.Check;

/**
 * Mismatched collective calls: ranks that give different roots, call different collectives, or give counts that
 * do not fit get an error naming what each side did, instead of waiting for ever. Each case runs on a duplicate of
 * the world, which it leaves unusable.
 */
final class MismatchPrograms
{
    private static final int LARGE = 1 << 20;

    private MismatchPrograms()
    {
    }

    /** Two ranks each take itself for the root of a large Bcast: both wait on a send the other never receives. */
    public static final class SwappedRoots
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            final int rank = dup.Rank();
            Check.fails(MPI.ERR_ROOT, () -> dup.Bcast(new byte[LARGE], 0, LARGE, MPI.BYTE, rank), "mismatched collective calls",
                "Bcast with root " + rank, "Bcast with root " + (1 - rank));
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** Rank 0 calls Barrier while the others call Bcast: every rank gives up with an error. */
    public static final class DifferentOperations
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            final Runnable call = dup.Rank() == 0 ? dup::Barrier : () -> dup.Bcast(new int[4], 0, 4, MPI.INT, 0);
            Check.fails(MPI.ERR_OTHER, call, "mismatched collective calls");
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** A Bcast whose root sends more than the other rank expects, and one that sends less. */
    public static final class CountsThatDoNotMatch
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final Intracomm tooMuch = MPI.COMM_WORLD.Dup();
            final int sent = rank == 0 ? 8 : 4;
            if (rank == 0)
            {
                tooMuch.Bcast(new int[8], 0, sent, MPI.INT, 0);
            }
            else
            {
                Check.fails(MPI.ERR_TRUNCATE, () -> tooMuch.Bcast(new int[8], 0, sent, MPI.INT, 0), "mismatched counts in Bcast with root 0",
                    "expected 4 elements from rank 0");
            }
            MPI.COMM_WORLD.Barrier();
            final Intracomm tooLittle = MPI.COMM_WORLD.Dup();
            final int expected = rank == 0 ? 4 : 8;
            if (rank == 0)
            {
                tooLittle.Bcast(new int[8], 0, expected, MPI.INT, 0);
            }
            else
            {
                Check.fails(MPI.ERR_COUNT, () -> tooLittle.Bcast(new int[8], 0, expected, MPI.INT, 0), "expected 8 elements from rank 0",
                    "which sent 4");
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }
    /**
     * Ranks 0 and 1 each take itself for the root of a small Bcast, whose sends complete at once: both return. The
     * next collective call on the communicator finds the other root's message and fails on both ranks. Two ranks.
     */
    public static final class TwoRootsThenAnotherCall
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            final int rank = dup.Rank();
            dup.Bcast(new int[] {rank}, 0, 1, MPI.INT, rank);
            Check.fails(MPI.ERR_OTHER, dup::Barrier, "mismatched collective calls", "Bcast with root " + (1 - rank));
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /**
     * Ranks 0 and 1 each take themselves for the root of a small Bcast on the world, and no other collective call
     * follows: Finalize finds what the mismatch left and fails, rather than the job ending as if all were well.
     */
    public static final class TwoRootsThenFinalize
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            MPI.COMM_WORLD.Bcast(new int[] {rank}, 0, 1, MPI.INT, Math.min(rank, 1));
            MPI.Finalize();
        }
    }

    /**
     * The root's buffer is too small for the count it gives, which only the root can see: it fails with ERR_BUFFER,
     * and every other rank, waiting for its data, fails too instead of waiting for ever.
     */
    public static final class RootRefusesItsArguments
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            if (dup.Rank() == 0)
            {
                Check.fails(MPI.ERR_BUFFER, () -> dup.Bcast(new int[4], 0, 10, MPI.INT, 0), "count=10");
            }
            else
            {
                Check.fails(MPI.ERR_OTHER, () -> dup.Bcast(new int[10], 0, 10, MPI.INT, 0), "rank 0 gave up", "Bcast with root 0");
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /**
     * Not a mismatch: on 4 ranks, rank 2 starts 256 Bcasts of root 0 a second late, so rank 3, its child in the Bcast
     * tree, waits in the first of them, while ranks 0 and 1, whose Bcasts need nothing from rank 2, have done all 256 and
     * send rank 3 their messages of the Allreduce that follows: a call 256 later than the one rank 3 is in.
     */
    public static final class FarAheadIsNoMismatch
    {
        /** Collective calls a rank runs ahead: the number the count in a collective message's tag once wrapped at. */
        static final int CALLS_AHEAD = 256;

        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            final int rank = dup.Rank();
            if (rank == 2)
            {
                Thread.sleep(1_000);
            }
            final int[] value = new int[1];
            for (int call = 0; call < CALLS_AHEAD; call++)
            {
                value[0] = rank == 0 ? call : -1;
                dup.Bcast(value, 0, 1, MPI.INT, 0);
                Check.equal(call, value[0], "Bcast " + call);
            }
            final int[] sum = new int[1];
            dup.Allreduce(new int[] {rank + 1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.equal(dup.Size() * (dup.Size() + 1) / 2, sum[0], "Allreduce");
            dup.Free();
            MPI.Finalize();
        }
    }
}
