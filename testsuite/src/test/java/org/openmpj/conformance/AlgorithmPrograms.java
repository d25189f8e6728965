package org.openmpj.conformance;

import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;

import org.openmpj.testing.Check;

/**
 * Programs that drive each collective across the message sizes at which the engine switches algorithm, given as
 * arguments in bytes, so that every algorithm runs at sizes on both sides of its threshold: at every root, with
 * commutative and non-commutative operations. Floating-point sums are of whole numbers, so every order of
 * combining gives the same, exact result.
 */
final class AlgorithmPrograms
{
    private AlgorithmPrograms()
    {
    }

    /** Bcast of doubles from every root; args: the scatter-allgather threshold in bytes. */
    public static final class BcastAcrossThreshold
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int threshold = (int)(Long.parseLong(args[0]) / 8);
            for (final int count : new int[] {1, threshold - 1, threshold, threshold + size + 1})
            {
                for (int root = 0; root < size; root++)
                {
                    final double[] buf = new double[count + 2];
                    if (rank == root)
                    {
                        for (int i = 0; i < count; i++)
                        {
                            buf[1 + i] = root * 1e6 + i;
                        }
                    }
                    MPI.COMM_WORLD.Bcast(buf, 1, count, MPI.DOUBLE, root);
                    for (int i = 0; i < count; i++)
                    {
                        if (buf[1 + i] != root * 1e6 + i)
                        {
                            Check.that(false, "element " + i + " of " + count + " from root " + root + " is " + buf[1 + i]);
                        }
                    }
                    Check.that(buf[0] == 0 && buf[count + 1] == 0, "elements outside the slice untouched");
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Sums of whole-number doubles and MAXLOC of DOUBLE2 pairs by Reduce at every root and by Allreduce; args: the
     * Allreduce and the Reduce thresholds in bytes.
     */
    public static final class PredefinedAcrossThresholds
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            for (final String threshold : args)
            {
                final int doubles = (int)(Long.parseLong(threshold) / 8);
                for (final int count : new int[] {1, doubles - 1, doubles + 2 * size + 1})
                {
                    final double[] mine = new double[count];
                    final double[] pairs = new double[2 * (count / 2)];
                    for (int i = 0; i < count; i++)
                    {
                        mine[i] = value(rank, i);
                    }
                    for (int p = 0; p < pairs.length / 2; p++)
                    {
                        pairs[2 * p] = value(rank, p) % 5;
                        pairs[2 * p + 1] = rank;
                    }
                    for (int root = 0; root <= size; root++)
                    {
                        // root == size stands for Allreduce.
                        final String where = (root == size ? "Allreduce" : "Reduce to root " + root) + " of " + count;
                        final double[] sums = new double[count];
                        final double[] best = new double[pairs.length];
                        if (root == size)
                        {
                            MPI.COMM_WORLD.Allreduce(mine, 0, sums, 0, count, MPI.DOUBLE, MPI.SUM);
                            MPI.COMM_WORLD.Allreduce(pairs, 0, best, 0, pairs.length / 2, MPI.DOUBLE2, MPI.MAXLOC);
                        }
                        else
                        {
                            MPI.COMM_WORLD.Reduce(mine, 0, sums, 0, count, MPI.DOUBLE, MPI.SUM, root);
                            MPI.COMM_WORLD.Reduce(pairs, 0, best, 0, pairs.length / 2, MPI.DOUBLE2, MPI.MAXLOC, root);
                        }
                        if (root == size || root == rank)
                        {
                            checkSums(sums, size, where);
                            checkMaxloc(best, size, where);
                        }
                    }
                }
            }
            MPI.Finalize();
        }

        private static void checkSums(final double[] sums, final int size, final String where)
        {
            for (int i = 0; i < sums.length; i++)
            {
                double expected = 0;
                for (int r = 0; r < size; r++)
                {
                    expected += value(r, i);
                }
                if (sums[i] != expected)
                {
                    Check.that(false, where + ": SUM of element " + i + " is " + sums[i] + ", expected " + expected);
                }
            }
        }

        private static void checkMaxloc(final double[] best, final int size, final String where)
        {
            for (int p = 0; p < best.length / 2; p++)
            {
                double value = value(0, p) % 5;
                int at = 0;
                for (int r = 1; r < size; r++)
                {
                    if (value(r, p) % 5 > value)
                    {
                        value = value(r, p) % 5;
                        at = r;
                    }
                }
                if (best[2 * p] != value || best[2 * p + 1] != at)
                {
                    Check.that(false, where + ": MAXLOC of pair " + p + " is (" + best[2 * p] + ", " + best[2 * p + 1] + "), expected ("
                        + value + ", " + at + ")");
                }
            }
        }
    }

    /**
     * User operations on contiguous types by Reduce at every root, Allreduce and Scan: a non-commutative product of
     * 2x2 matrices (four ints an item), which must equal the serial product in rank order, and a commutative one on
     * three-int items whose fields combine differently, which goes wrong if an item is ever split. args: the Allreduce
     * and the Reduce thresholds in bytes.
     */
    public static final class UserOperationsAcrossThresholds
    {
        private static final int PRIME = 10_007;

        private static final Op MATRIX_PRODUCT = new Op(new User_function()
        {
            @Override
            public void Call(final Object invec, final int inoffset, final Object inoutvec, final int inoutoffset, final int count,
                final Datatype datatype)
            {
                for (int m = 0; m < count; m++)
                {
                    multiplyInto((int[])invec, inoffset + 4 * m, (int[])inoutvec, inoutoffset + 4 * m);
                }
            }
        }, false);

        private static final Op SUM_MAX_XOR = new Op(new User_function()
        {
            @Override
            public void Call(final Object invec, final int inoffset, final Object inoutvec, final int inoutoffset, final int count,
                final Datatype datatype)
            {
                final int[] a = (int[])invec;
                final int[] b = (int[])inoutvec;
                for (int t = 0; t < count; t++)
                {
                    final int i = inoffset + 3 * t;
                    final int o = inoutoffset + 3 * t;
                    b[o] += a[i];
                    b[o + 1] = Math.max(a[i + 1], b[o + 1]);
                    b[o + 2] ^= a[i + 2];
                }
            }
        }, true);

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Datatype matrix = Datatype.Contiguous(4, MPI.INT);
            matrix.Commit();
            final Datatype triple = Datatype.Contiguous(3, MPI.INT);
            triple.Commit();
            for (final String threshold : args)
            {
                final int bytes = (int)Long.parseLong(threshold);
                for (final int matrices : new int[] {1, bytes / 16 - 1, bytes / 16 + size + 1})
                {
                    final int[] mine = matrices(rank, matrices);
                    final int[] expected = orderedProduct(size - 1, matrices);
                    for (int root = 0; root < size; root++)
                    {
                        final int[] product = new int[4 * matrices];
                        MPI.COMM_WORLD.Reduce(mine, 0, product, 0, matrices, matrix, MATRIX_PRODUCT, root);
                        if (rank == root)
                        {
                            sameInts(expected, product, "ordered product of " + matrices + " matrices by Reduce to root " + root);
                        }
                    }
                    final int[] product = new int[4 * matrices];
                    MPI.COMM_WORLD.Allreduce(mine, 0, product, 0, matrices, matrix, MATRIX_PRODUCT);
                    sameInts(expected, product, "ordered product of " + matrices + " matrices by Allreduce");
                    MPI.COMM_WORLD.Scan(mine, 0, product, 0, matrices, matrix, MATRIX_PRODUCT);
                    sameInts(orderedProduct(rank, matrices), product, "ordered prefix of " + matrices + " matrices by Scan");
                }
                for (final int triples : new int[] {1, bytes / 12 - 1, bytes / 12 + size + 1})
                {
                    final int[] expected = combinedTriples(size, triples);
                    final int[] combined = new int[3 * triples];
                    MPI.COMM_WORLD.Allreduce(triples(rank, triples), 0, combined, 0, triples, triple, SUM_MAX_XOR);
                    sameInts(expected, combined, "Allreduce of " + triples + " triples");
                    for (int root = 0; root < size; root++)
                    {
                        MPI.COMM_WORLD.Reduce(triples(rank, triples), 0, combined, 0, triples, triple, SUM_MAX_XOR, root);
                        if (rank == root)
                        {
                            sameInts(expected, combined, "Reduce of " + triples + " triples to root " + root);
                        }
                    }
                }
            }
            MPI.Finalize();
        }

        static void multiplyInto(final int[] a, final int ai, final int[] b, final int bi)
        {
            final long p = ((long)a[ai] * b[bi] + (long)a[ai + 1] * b[bi + 2]) % PRIME;
            final long q = ((long)a[ai] * b[bi + 1] + (long)a[ai + 1] * b[bi + 3]) % PRIME;
            final long r = ((long)a[ai + 2] * b[bi] + (long)a[ai + 3] * b[bi + 2]) % PRIME;
            final long s = ((long)a[ai + 2] * b[bi + 1] + (long)a[ai + 3] * b[bi + 3]) % PRIME;
            b[bi] = (int)p;
            b[bi + 1] = (int)q;
            b[bi + 2] = (int)r;
            b[bi + 3] = (int)s;
        }

        static int[] matrices(final int rank, final int matrices)
        {
            final int[] all = new int[4 * matrices];
            for (int m = 0; m < matrices; m++)
            {
                all[4 * m] = (rank * 7 + m * 3 + 1) % PRIME;
                all[4 * m + 1] = (rank + 2 * m + 2) % PRIME;
                all[4 * m + 2] = (rank * rank + m + 3) % PRIME;
                all[4 * m + 3] = (int)((rank + (long)m * m + 1) % PRIME);
            }
            return all;
        }

        /** @return the product, in rank order, of ranks 0 to {@code upTo}'s matrices, computed serially. */
        static int[] orderedProduct(final int upTo, final int matrices)
        {
            final int[] product = matrices(upTo, matrices);
            for (int r = upTo - 1; r >= 0; r--)
            {
                final int[] lower = matrices(r, matrices);
                for (int m = 0; m < matrices; m++)
                {
                    multiplyInto(lower, 4 * m, product, 4 * m);
                }
            }
            return product;
        }

        static int[] triples(final int rank, final int triples)
        {
            final int[] all = new int[3 * triples];
            for (int i = 0; i < all.length; i++)
            {
                all[i] = (int)value(rank, i);
            }
            return all;
        }

        static int[] combinedTriples(final int size, final int triples)
        {
            final int[] result = triples(0, triples);
            for (int r = 1; r < size; r++)
            {
                final int[] next = triples(r, triples);
                for (int i = 0; i < result.length; i += 3)
                {
                    result[i] += next[i];
                    result[i + 1] = Math.max(result[i + 1], next[i + 1]);
                    result[i + 2] ^= next[i + 2];
                }
            }
            return result;
        }
    }

    /** Gather and Scatter of longs at every root; args: the tree threshold in bytes (at the root). */
    public static final class GatherScatterAcrossThreshold
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int perRank = (int)(Long.parseLong(args[0]) / 8 / size);
            for (final int count : new int[] {1, perRank, perRank + 1})
            {
                for (int root = 0; root < size; root++)
                {
                    final long[] mine = new long[count];
                    for (int i = 0; i < count; i++)
                    {
                        mine[i] = rank * 1_000_000L + i;
                    }
                    final long[] all = new long[size * count + 1];
                    MPI.COMM_WORLD.Gather(mine, 0, count, MPI.LONG, all, 1, count, MPI.LONG, root);
                    if (rank == root)
                    {
                        for (int i = 0; i < size * count; i++)
                        {
                            if (all[1 + i] != i / count * 1_000_000L + i % count)
                            {
                                Check.equal(i / count * 1_000_000L + i % count, all[1 + i], "Gather of " + count + " at root " + root
                                    + ": element " + i % count + " of rank " + i / count);
                            }
                        }
                    }
                    final long[] back = new long[count];
                    MPI.COMM_WORLD.Scatter(all, 1, count, MPI.LONG, back, 0, count, MPI.LONG, root);
                    for (int i = 0; i < count; i++)
                    {
                        if (back[i] != mine[i])
                        {
                            Check.equal(mine[i], back[i], "Scatter of " + count + " from root " + root + ", element " + i);
                        }
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /** Allgather and Allgatherv (uneven, some ranks giving nothing); args: the Bruck threshold in bytes (all blocks). */
    public static final class AllgatherAcrossThreshold
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int perRank = (int)(Long.parseLong(args[0]) / 4 / size);
            for (final int count : new int[] {1, perRank, perRank + 1})
            {
                final int[] mine = new int[count];
                for (int i = 0; i < count; i++)
                {
                    mine[i] = rank * 100_000 + i;
                }
                final int[] all = new int[size * count];
                MPI.COMM_WORLD.Allgather(mine, 0, count, MPI.INT, all, 0, count, MPI.INT);
                for (int i = 0; i < all.length; i++)
                {
                    if (all[i] != i / count * 100_000 + i % count)
                    {
                        Check.equal(i / count * 100_000 + i % count, all[i], "Allgather of " + count + ": element " + i % count + " of rank "
                            + i / count);
                    }
                }
                final int[] counts = new int[size];
                final int[] displs = new int[size];
                int total = 0;
                for (int r = size - 1; r >= 0; r--)
                {
                    counts[r] = r % 3 * count / 2;
                    displs[r] = total;
                    total += counts[r];
                }
                final int[] uneven = new int[total];
                MPI.COMM_WORLD.Allgatherv(mine, 0, counts[rank], MPI.INT, uneven, 0, counts, displs, MPI.INT);
                for (int r = 0; r < size; r++)
                {
                    for (int i = 0; i < counts[r]; i++)
                    {
                        Check.equal(r * 100_000 + i, uneven[displs[r] + i], "Allgatherv element " + i + " of rank " + r);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * A steady stream of collectives that need temporaries (Allreduce, Reduce and Scan of 256 KiB, Allgather by Bruck,
     * Gather and Scatter by trees) allocates far less per call than the message once warm: the temporaries are the
     * calling thread's scratch arrays, reused.
     */
    public static final class SteadyStream
    {
        static final int DOUBLES = 32 * 1024;
        static final int WARM_UP = 20;
        static final int CALLS = 50;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            final double[] in = new double[DOUBLES];
            final double[] out = new double[DOUBLES];
            final int block = 256 / size;
            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
            for (int round = 0; round < 2; round++)
            {
                final long before = threads.getCurrentThreadAllocatedBytes();
                final int calls = round == 0 ? WARM_UP : CALLS;
                for (int i = 0; i < calls; i++)
                {
                    MPI.COMM_WORLD.Allreduce(in, 0, out, 0, DOUBLES, MPI.DOUBLE, MPI.SUM);
                    MPI.COMM_WORLD.Reduce(in, 0, out, 0, DOUBLES, MPI.DOUBLE, MPI.SUM, size - 1);
                    MPI.COMM_WORLD.Scan(in, 0, out, 0, DOUBLES, MPI.DOUBLE, MPI.SUM);
                    MPI.COMM_WORLD.Allgather(in, 0, block, MPI.DOUBLE, out, 0, block, MPI.DOUBLE);
                    MPI.COMM_WORLD.Gather(in, 0, block, MPI.DOUBLE, out, 0, block, MPI.DOUBLE, size / 2);
                    MPI.COMM_WORLD.Scatter(in, 0, block, MPI.DOUBLE, out, 0, block, MPI.DOUBLE, size / 2);
                }
                final long perCall = (threads.getCurrentThreadAllocatedBytes() - before) / calls / 6;
                if (round == 1)
                {
                    Check.that(perCall < DOUBLES * 8 / 16, "collectives on " + DOUBLES * 8 + " bytes allocated " + perCall
                        + " bytes per call once warm");
                }
            }
            MPI.Finalize();
        }
    }

    /** @return rank {@code rank}'s element {@code i}: a whole number, small enough that sums are exact as doubles and ints. */
    static double value(final int rank, final int i)
    {
        return (rank * 131 + i * 17 + (i >> 3) * 7) % 1_001 - 300;
    }

    /** Checks two int arrays are equal, naming the first element that differs rather than printing them whole. */
    static void sameInts(final int[] expected, final int[] actual, final String what)
    {
        Check.equal(expected.length, actual.length, what + ": length");
        for (int i = 0; i < expected.length; i++)
        {
            if (expected[i] != actual[i])
            {
                Check.equal(expected[i], actual[i], what + ": element " + i);
            }
        }
    }
}
