package org.openmpj.conformance;

import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;

import org.openmpj.testing.Check;

/** The programs of the collectives suite; each works at any number of ranks and checks against a serial computation. */
final class CollectivePrograms
{
    private CollectivePrograms()
    {
    }

    /**
     * Rank r waits r * 20 ms before the barrier; no rank leaves it before the last has arrived. Arrival and
     * departure times are compared on one clock (ranks on one host share the monotonic clock behind Wtime).
     */
    public static final class BarrierWaitsForEveryone
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            MPI.COMM_WORLD.Barrier();
            Thread.sleep(20L * rank);
            final double arrived = MPI.Wtime();
            MPI.COMM_WORLD.Barrier();
            final double left = MPI.Wtime();
            final double[] times = new double[2 * size];
            MPI.COMM_WORLD.Allgather(new double[] {arrived, left}, 0, 2, MPI.DOUBLE, times, 0, 2, MPI.DOUBLE);
            double lastArrival = 0;
            for (int r = 0; r < size; r++)
            {
                lastArrival = Math.max(lastArrival, times[2 * r]);
            }
            for (int r = 0; r < size; r++)
            {
                Check.that(times[2 * r + 1] >= lastArrival, "rank " + r + " left the barrier at " + times[2 * r + 1]
                    + " s, before the last rank arrived at " + lastArrival + " s");
            }
            for (int i = 0; i < 200; i++)
            {
                MPI.COMM_WORLD.Barrier();
            }
            MPI.Finalize();
        }
    }

    /** Broadcast from every root of several types, with offsets, of small and rendezvous-sized messages. */
    public static final class BcastFromEveryRoot
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            for (final int count : new int[] {0, 1, 7, 20_000})
            {
                for (int root = 0; root < size; root++)
                {
                    final int[] ints = new int[count + 3];
                    final double[] doubles = new double[count + 1];
                    final boolean[] flags = new boolean[count + 2];
                    if (rank == root)
                    {
                        for (int i = 0; i < count; i++)
                        {
                            ints[3 + i] = root * 1000 + i;
                            doubles[1 + i] = root + i / 8.0;
                            flags[2 + i] = (i + root) % 3 == 0;
                        }
                    }
                    MPI.COMM_WORLD.Bcast(ints, 3, count, MPI.INT, root);
                    MPI.COMM_WORLD.Bcast(doubles, 1, count, MPI.DOUBLE, root);
                    MPI.COMM_WORLD.Bcast(flags, 2, count, MPI.BOOLEAN, root);
                    for (int i = 0; i < count; i++)
                    {
                        Check.equal(root * 1000 + i, ints[3 + i], "int " + i + " from root " + root);
                        Check.that(doubles[1 + i] == root + i / 8.0, "double " + i + " from root " + root);
                        Check.that(flags[2 + i] == ((i + root) % 3 == 0), "boolean " + i + " from root " + root);
                    }
                    Check.equal(0, ints[0] + ints[1] + ints[2], "ints before the offset untouched");
                }
            }
            MPI.Finalize();
        }
    }

    /** Every predefined operation on its types, by Reduce at every root and by Allreduce, against the serial result. */
    public static final class PredefinedOperations
    {
        private static final int COUNT = 5;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] ints = new int[COUNT];
            final long[] longs = new long[COUNT];
            final double[] doubles = new double[COUNT];
            final boolean[] flags = new boolean[COUNT];
            for (int i = 0; i < COUNT; i++)
            {
                ints[i] = value(rank, i);
                longs[i] = value(rank, i);
                doubles[i] = value(rank, i) / 4.0;
                flags[i] = ((rank + i) & 1) == 0;
            }
            for (int root = 0; root <= size; root++)
            {
                // root == size stands for Allreduce.
                check(root, ints, MPI.INT, MPI.SUM, size, (a, b) -> a + b);
                check(root, ints, MPI.INT, MPI.MAX, size, Math::max);
                check(root, ints, MPI.INT, MPI.MIN, size, Math::min);
                check(root, ints, MPI.INT, MPI.BAND, size, (a, b) -> a & b);
                check(root, ints, MPI.INT, MPI.BOR, size, (a, b) -> a | b);
                check(root, ints, MPI.INT, MPI.BXOR, size, (a, b) -> a ^ b);
                checkLongProduct(root, longs, size);
                checkDoubles(root, doubles, size);
                checkBooleans(root, flags, size);
                checkLocations(root, size);
            }
            MPI.Finalize();
        }

        static int value(final int rank, final int i)
        {
            return (rank * 7 + i * 3) % 11 + 1;
        }

        private static void check(final int root, final int[] in, final Datatype type, final Op op, final int size,
            final java.util.function.IntBinaryOperator serial)
        {
            final int[] out = new int[COUNT];
            reduce(root, in, out, type, op, size);
            if (root == size || MPI.COMM_WORLD.Rank() == root)
            {
                for (int i = 0; i < COUNT; i++)
                {
                    int expected = value(0, i);
                    for (int r = 1; r < size; r++)
                    {
                        expected = serial.applyAsInt(expected, value(r, i));
                    }
                    Check.equal(expected, out[i], op + " of element " + i + (root == size ? " by Allreduce" : " at root " + root));
                }
            }
        }

        private static void checkLongProduct(final int root, final long[] in, final int size)
        {
            final long[] out = new long[COUNT];
            reduce(root, in, out, MPI.LONG, MPI.PROD, size);
            if (root == size || MPI.COMM_WORLD.Rank() == root)
            {
                for (int i = 0; i < COUNT; i++)
                {
                    long expected = 1;
                    for (int r = 0; r < size; r++)
                    {
                        expected *= value(r, i);
                    }
                    Check.equal(expected, out[i], "PROD of long " + i);
                }
            }
        }

        private static void checkDoubles(final int root, final double[] in, final int size)
        {
            final double[] out = new double[COUNT];
            reduce(root, in, out, MPI.DOUBLE, MPI.MAX, size);
            if (root == size || MPI.COMM_WORLD.Rank() == root)
            {
                for (int i = 0; i < COUNT; i++)
                {
                    double expected = Double.NEGATIVE_INFINITY;
                    for (int r = 0; r < size; r++)
                    {
                        expected = Math.max(expected, value(r, i) / 4.0);
                    }
                    Check.that(expected == out[i], "MAX of double " + i + ": expected " + expected + " got " + out[i]);
                }
            }
        }

        private static void checkBooleans(final int root, final boolean[] in, final int size)
        {
            for (final Op op : new Op[] {MPI.LAND, MPI.LOR, MPI.LXOR})
            {
                final boolean[] out = new boolean[COUNT];
                reduce(root, in, out, MPI.BOOLEAN, op, size);
                if (root == size || MPI.COMM_WORLD.Rank() == root)
                {
                    for (int i = 0; i < COUNT; i++)
                    {
                        boolean expected = (i & 1) == 0;
                        for (int r = 1; r < size; r++)
                        {
                            final boolean v = ((r + i) & 1) == 0;
                            expected = op == MPI.LAND ? expected && v : op == MPI.LOR ? expected || v : expected ^ v;
                        }
                        Check.that(expected == out[i], op + " of boolean " + i);
                    }
                }
            }
        }

        /** MAXLOC and MINLOC on (value, rank) pairs of INT2 and DOUBLE2: values repeat, so ties pick the smallest rank. */
        private static void checkLocations(final int root, final int size)
        {
            final int rank = MPI.COMM_WORLD.Rank();
            final int[] intPairs = new int[2 * COUNT];
            final double[] doublePairs = new double[2 * COUNT];
            for (int i = 0; i < COUNT; i++)
            {
                intPairs[2 * i] = value(rank, i) % 4;
                intPairs[2 * i + 1] = rank;
                doublePairs[2 * i] = value(rank, i) % 4 / 2.0;
                doublePairs[2 * i + 1] = rank;
            }
            for (final Op op : new Op[] {MPI.MAXLOC, MPI.MINLOC})
            {
                final int[] intOut = new int[2 * COUNT];
                final double[] doubleOut = new double[2 * COUNT];
                if (root == size)
                {
                    MPI.COMM_WORLD.Allreduce(intPairs, 0, intOut, 0, COUNT, MPI.INT2, op);
                    MPI.COMM_WORLD.Allreduce(doublePairs, 0, doubleOut, 0, COUNT, MPI.DOUBLE2, op);
                }
                else
                {
                    MPI.COMM_WORLD.Reduce(intPairs, 0, intOut, 0, COUNT, MPI.INT2, op, root);
                    MPI.COMM_WORLD.Reduce(doublePairs, 0, doubleOut, 0, COUNT, MPI.DOUBLE2, op, root);
                }
                if (root != size && rank != root)
                {
                    continue;
                }
                for (int i = 0; i < COUNT; i++)
                {
                    int best = value(0, i) % 4;
                    int where = 0;
                    for (int r = 1; r < size; r++)
                    {
                        final int v = value(r, i) % 4;
                        if (op == MPI.MAXLOC ? v > best : v < best)
                        {
                            best = v;
                            where = r;
                        }
                    }
                    Check.equal(best, intOut[2 * i], op + " value of INT2 pair " + i);
                    Check.equal(where, intOut[2 * i + 1], op + " location of INT2 pair " + i);
                    Check.that(doubleOut[2 * i] == best / 2.0 && doubleOut[2 * i + 1] == where, op + " of DOUBLE2 pair " + i);
                }
            }
        }

        private static void reduce(final int root, final Object in, final Object out, final Datatype type, final Op op, final int size)
        {
            if (root == size)
            {
                MPI.COMM_WORLD.Allreduce(in, 0, out, 0, COUNT, type, op);
            }
            else
            {
                MPI.COMM_WORLD.Reduce(in, 0, out, 0, COUNT, type, op, root);
            }
        }
    }

    /**
     * A non-commutative operation, the product of 2x2 integer matrices (mod 1000), held as runs of four ints:
     * Reduce at every root, Allreduce and Scan must combine in rank order.
     */
    public static final class NonCommutativeInRankOrder
    {
        private static final Op MATRIX_PRODUCT = new Op(new User_function()
        {
            @Override
            public void Call(final Object invec, final int inoffset, final Object inoutvec, final int inoutoffset, final int count,
                final Datatype datatype)
            {
                final int[] a = (int[])invec;
                final int[] b = (int[])inoutvec;
                for (int m = 0; m < count / 4; m++)
                {
                    final int[] product = multiply(a, inoffset + 4 * m, b, inoutoffset + 4 * m);
                    System.arraycopy(product, 0, b, inoutoffset + 4 * m, 4);
                }
            }
        }, false);

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] mine = matrix(rank);
            final int[][] prefixes = new int[size][];
            prefixes[0] = matrix(0);
            for (int r = 1; r < size; r++)
            {
                prefixes[r] = multiply(prefixes[r - 1], 0, matrix(r), 0);
            }
            for (int root = 0; root < size; root++)
            {
                final int[] out = new int[4];
                MPI.COMM_WORLD.Reduce(mine, 0, out, 0, 4, MPI.INT, MATRIX_PRODUCT, root);
                if (rank == root)
                {
                    Check.equal(prefixes[size - 1], out, "ordered product at root " + root);
                }
            }
            final int[] all = new int[4];
            MPI.COMM_WORLD.Allreduce(mine, 0, all, 0, 4, MPI.INT, MATRIX_PRODUCT);
            Check.equal(prefixes[size - 1], all, "ordered product by Allreduce");
            final int[] prefix = new int[4];
            MPI.COMM_WORLD.Scan(mine, 0, prefix, 0, 4, MPI.INT, MATRIX_PRODUCT);
            Check.equal(prefixes[rank], prefix, "ordered prefix product by Scan at rank " + rank);
            MPI.Finalize();
        }

        static int[] matrix(final int rank)
        {
            return new int[] {rank + 1, 2, rank % 3, 1};
        }

        static int[] multiply(final int[] a, final int ai, final int[] b, final int bi)
        {
            return new int[] {
                (a[ai] * b[bi] + a[ai + 1] * b[bi + 2]) % 1000,
                (a[ai] * b[bi + 1] + a[ai + 1] * b[bi + 3]) % 1000,
                (a[ai + 2] * b[bi] + a[ai + 3] * b[bi + 2]) % 1000,
                (a[ai + 2] * b[bi + 1] + a[ai + 3] * b[bi + 3]) % 1000};
        }
    }
}
