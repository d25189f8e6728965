package org.openmpj.conformance;

import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The non-blocking collectives the mpiJava façade offers as an extension (MPI-3's {@code MPI_Ibarrier} …): several in
 * flight at once, overlapped with point-to-point messages and blocking collectives, finished by every kind of wait and
 * test, on basic and derived datatypes; and the refusals. Any number of ranks.
 */
final class NonBlockingCollectivePrograms
{
    private NonBlockingCollectivePrograms()
    {
    }

    /** Every non-blocking collective started before any is waited for, then finished by Waitall; results checked. */
    public static final class AllInFlightAtOnce
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int root = size - 1;
            final int[] mine = {rank + 1, 2 * rank, 7};
            final int[] sum = new int[3];
            final int[] max = new int[3];
            final int[] prefix = new int[3];
            final double[] broadcast = new double[40_000];
            if (rank == root)
            {
                for (int i = 0; i < broadcast.length; i++)
                {
                    broadcast[i] = i + 0.5;
                }
            }
            final long[] block = {rank * 10L, rank * 10L + 1};
            final long[] gathered = new long[2 * size];
            final long[] allGathered = new long[2 * size];
            final long[] toScatter = new long[2 * size];
            for (int r = 0; r < size; r++)
            {
                toScatter[2 * r] = r * 10L;
            }
            final long[] scattered = new long[2];
            final int[] toEach = new int[size];
            final int[] fromEach = new int[size];
            for (int r = 0; r < size; r++)
            {
                toEach[r] = rank * 100 + r;
            }
            final int[] scatteredSums = new int[1];
            final int[] perRank = new int[size];
            for (int r = 0; r < size; r++)
            {
                perRank[r] = rank + r;
            }
            final Request[] requests = {
                MPI.COMM_WORLD.Ibarrier(),
                MPI.COMM_WORLD.Iallreduce(mine, 0, sum, 0, 3, MPI.INT, MPI.SUM),
                MPI.COMM_WORLD.Ireduce(mine, 0, max, 0, 3, MPI.INT, MPI.MAX, root),
                MPI.COMM_WORLD.Iscan(mine, 0, prefix, 0, 3, MPI.INT, MPI.SUM),
                MPI.COMM_WORLD.Ibcast(broadcast, 0, broadcast.length, MPI.DOUBLE, root),
                MPI.COMM_WORLD.Igather(block, 0, 2, MPI.LONG, gathered, 0, 2, MPI.LONG, 0),
                MPI.COMM_WORLD.Iallgather(block, 0, 2, MPI.LONG, allGathered, 0, 2, MPI.LONG),
                MPI.COMM_WORLD.Iscatter(toScatter, 0, 2, MPI.LONG, scattered, 0, 2, MPI.LONG, 0),
                MPI.COMM_WORLD.Ialltoall(toEach, 0, 1, MPI.INT, fromEach, 0, 1, MPI.INT),
                MPI.COMM_WORLD.Ireduce_scatter(perRank, 0, scatteredSums, 0, ones(size), MPI.INT, MPI.SUM)};
            final Status[] statuses = Request.Waitall(requests);
            Check.equal(requests.length, statuses.length, "statuses");
            for (int i = 0; i < 3; i++)
            {
                int expected = 0;
                for (int r = 0; r < size; r++)
                {
                    expected += new int[] {r + 1, 2 * r, 7}[i];
                }
                Check.equal(expected, sum[i], "Iallreduce element " + i);
            }
            if (rank == root)
            {
                Check.equal(size, max[0], "Ireduce MAX at the root");
            }
            Check.equal((rank + 1) * (rank + 2) / 2, prefix[0], "Iscan prefix");
            for (int i = 0; i < broadcast.length; i++)
            {
                Check.that(broadcast[i] == i + 0.5, "Ibcast element " + i);
            }
            for (int r = 0; r < size; r++)
            {
                Check.equal(r * 10L, allGathered[2 * r], "Iallgather block of rank " + r);
                Check.equal(r * 100 + rank, fromEach[r], "Ialltoall block from rank " + r);
                if (rank == 0)
                {
                    Check.equal(r * 10L + 1, gathered[2 * r + 1], "Igather block of rank " + r);
                }
            }
            Check.equal(rank * 10L, scattered[0], "Iscatter block");
            Check.equal(size * rank + size * (size - 1) / 2, scatteredSums[0], "Ireduce_scatter sum");
            MPI.Finalize();
        }

        private static int[] ones(final int size)
        {
            final int[] ones = new int[size];
            java.util.Arrays.fill(ones, 1);
            return ones;
        }
    }

    /**
     * A large Iallreduce in flight while the ranks exchange messages in a ring and run a blocking Allreduce, finished by
     * Test until it reports completion; then a Waitany over several, and Wait on each.
     */
    public static final class OverlappedWithOtherTraffic
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final double[] big = new double[300_000];
            java.util.Arrays.fill(big, rank + 1);
            final double[] total = new double[big.length];
            final Request large = MPI.COMM_WORLD.Iallreduce(big, 0, total, 0, big.length, MPI.DOUBLE, MPI.SUM);
            final int[] token = {rank};
            final int[] fromLeft = new int[1];
            MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.INT, (rank + 1) % size, 5, fromLeft, 0, 1, MPI.INT, (rank - 1 + size) % size, 5);
            Check.equal((rank - 1 + size) % size, fromLeft[0], "the ring's message");
            final int[] one = {1};
            final int[] ranks = new int[1];
            MPI.COMM_WORLD.Allreduce(one, 0, ranks, 0, 1, MPI.INT, MPI.SUM);
            Check.equal(size, ranks[0], "the blocking Allreduce");
            while (large.Test() == null)
            {
                Thread.onSpinWait();
            }
            final double expected = size * (size + 1) / 2.0;
            for (int i = 0; i < total.length; i++)
            {
                Check.that(total[i] == expected, "Iallreduce element " + i + ": " + total[i]);
            }

            final int[] a = new int[1];
            final int[] b = new int[1];
            final Request[] pair = {
                MPI.COMM_WORLD.Iallreduce(one, 0, a, 0, 1, MPI.INT, MPI.SUM),
                MPI.COMM_WORLD.Iallreduce(one, 0, b, 0, 1, MPI.INT, MPI.MAX)};
            final Status first = Request.Waitany(pair);
            Check.that(first.index == 0 || first.index == 1, "Waitany index " + first.index);
            pair[1 - first.index].Wait();
            Check.equal(size, a[0], "Iallreduce SUM");
            Check.equal(1, b[0], "Iallreduce MAX");
            MPI.Finalize();
        }
    }

    /** Derived datatypes, packed when the operation starts and unpacked when it completes; a vector at the root of a gather. */
    public static final class DerivedDatatypes
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            // Every other int of a strided array: 4 items of 1 int, 2 apart.
            final Datatype everyOther = Datatype.Vector(4, 1, 2, MPI.INT);
            everyOther.Commit();
            final int[] strided = new int[8];
            if (rank == 0)
            {
                for (int i = 0; i < 4; i++)
                {
                    strided[2 * i] = 40 + i;
                    strided[2 * i + 1] = -1;
                }
            }
            else
            {
                java.util.Arrays.fill(strided, -1);
            }
            MPI.COMM_WORLD.Ibcast(strided, 0, 1, everyOther, 0).Wait();
            for (int i = 0; i < 4; i++)
            {
                Check.equal(40 + i, strided[2 * i], "Ibcast of a vector, element " + i);
                Check.equal(-1, strided[2 * i + 1], "Ibcast of a vector leaves the gap " + i);
            }
            final Datatype pairs = Datatype.Contiguous(2, MPI.INT);
            pairs.Commit();
            final int[] mine = {rank, rank * rank};
            final int[] sums = new int[2];
            MPI.COMM_WORLD.Iallreduce(mine, 0, sums, 0, 1, pairs, MPI.SUM).Wait();
            Check.equal(size * (size - 1) / 2, sums[0], "Iallreduce of a pair, first");
            final int[] all = new int[2 * size];
            MPI.COMM_WORLD.Iallgather(mine, 0, 1, pairs, all, 0, 2, MPI.INT).Wait();
            for (int r = 0; r < size; r++)
            {
                Check.equal(r * r, all[2 * r + 1], "Iallgather of pairs as ints, rank " + r);
            }
            MPI.Finalize();
        }
    }

    /** What a non-blocking collective refuses: objects, a bad root, and a Cancel. */
    public static final class Refusals
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Ibcast(new Object[1], 0, 1, MPI.OBJECT, 0), "non-blocking", "objects");
            Check.fails(MPI.ERR_ROOT, () -> MPI.COMM_WORLD.Ibcast(new int[1], 0, 1, MPI.INT, size), "root");
            final Request barrier = MPI.COMM_WORLD.Ibarrier();
            Check.fails(MPI.ERR_REQUEST, barrier::Cancel, "cannot be cancelled");
            barrier.Wait();
            MPI.Finalize();
        }
    }

    /** A rank whose arguments are refused tells the others: their wait fails naming it, and nothing hangs. */
    public static final class OneRankRefuses
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] mine = {rank};
            final int[] sum = new int[1];
            if (rank == 0)
            {
                Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Iallreduce(mine, 0, sum, 0, -1, MPI.INT, MPI.SUM), "count");
            }
            else
            {
                final Request started = MPI.COMM_WORLD.Iallreduce(mine, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                Check.fails(MPI.ERR_OTHER, started::Wait, "rank 0 gave up on this call");
            }
            // The ranks still agree on the operations that follow.
            MPI.COMM_WORLD.Iallreduce(mine, 0, sum, 0, 1, MPI.INT, MPI.SUM).Wait();
            Check.equal(size * (size - 1) / 2, sum[0], "the next Iallreduce");
            MPI.Finalize();
        }
    }

    /** Exscan and Reduce_scatter_block, blocking and non-blocking: prefixes of the ranks below, and equal blocks of a sum. */
    public static final class ExscanAndReduceScatterBlock
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] mine = {rank + 1, 10 * (rank + 1)};
            final int[] below = {-7, -7};
            MPI.COMM_WORLD.Exscan(mine, 0, below, 0, 2, MPI.INT, MPI.SUM);
            if (rank > 0)
            {
                // Ranks 0 to rank - 1 contribute 1 + 2 + ... + rank.
                Check.equal(new int[] {rank * (rank + 1) / 2, 10 * rank * (rank + 1) / 2}, below, "Exscan");
            }
            final long[] maxBelow = {-1};
            MPI.COMM_WORLD.Iexscan(new long[] {100L - rank}, 0, maxBelow, 0, 1, MPI.LONG, MPI.MAX).Wait();
            if (rank > 0)
            {
                Check.equal(new long[] {100L}, maxBelow, "Iexscan of MAX: rank 0's value is the largest below");
            }

            // Every rank sends 2 items per rank: item k of the block for rank i is 100 i + k + rank.
            final int[] perRank = new int[2 * size];
            for (int i = 0; i < size; i++)
            {
                perRank[2 * i] = 100 * i + rank;
                perRank[2 * i + 1] = 100 * i + 1 + rank;
            }
            final int ranksSum = size * (size - 1) / 2;
            final int[] block = new int[3];
            MPI.COMM_WORLD.Reduce_scatter_block(perRank, 0, block, 1, 2, MPI.INT, MPI.SUM);
            Check.equal(new int[] {0, size * 100 * rank + ranksSum, size * (100 * rank + 1) + ranksSum}, block, "Reduce_scatter_block");
            final int[] again = new int[2];
            MPI.COMM_WORLD.Ireduce_scatter_block(perRank, 0, again, 0, 2, MPI.INT, MPI.SUM).Wait();
            Check.equal(new int[] {size * 100 * rank + ranksSum, size * (100 * rank + 1) + ranksSum}, again, "Ireduce_scatter_block");

            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Exscan(new Object[1], 0, new Object[1], 0, 1, MPI.OBJECT, MPI.SUM),
                "not defined on MPI.OBJECT");
            MPI.Finalize();
        }
    }
}
