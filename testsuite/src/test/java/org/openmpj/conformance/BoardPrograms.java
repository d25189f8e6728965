package org.openmpj.conformance;

import mpi.MPI;

import org.openmpj.device.WorldBoard;
import org.openmpj.testing.Check;

/**
 * Small Bcasts and Reduces of the world communicator, which go through the world board where the device keeps one
 * (see {@code org.openmpj.engine.BoardCollectives}): results at every root, kind and length up to the board's most, runs
 * of calls past the board's slots with a reader far behind, calls on both sides of the board's limit in turn; and calls
 * that do not match, each of which every rank notices in its call instead of waiting for ever.
 */
final class BoardPrograms
{
    private static final int MOST = WorldBoard.PAYLOAD_BYTES;

    private BoardPrograms()
    {
    }

    /**
     * Bcast and Reduce (sum, max) at every root, of bytes, booleans, ints and doubles, from 0 to the board's most bytes; then
     * Allreduce, Allgather, Alltoall and Barrier at those lengths (the board takes the shorter of them, messages the rest). Sums of
     * doubles must be near the serial sum and alike, bit for bit, at every rank.
     */
    public static final class EveryRootKindAndLength
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            for (int root = 0; root < size; root++)
            {
                for (final int bytes : new int[] {0, 8, 24, 64, 128, MOST})
                {
                    final byte[] b = new byte[bytes];
                    final boolean[] z = new boolean[bytes];
                    final int[] n = new int[bytes / 4];
                    final double[] d = new double[bytes / 8];
                    if (rank == root)
                    {
                        fill(b, z, n, d, root, bytes);
                    }
                    MPI.COMM_WORLD.Bcast(b, 0, b.length, MPI.BYTE, root);
                    MPI.COMM_WORLD.Bcast(z, 0, z.length, MPI.BOOLEAN, root);
                    MPI.COMM_WORLD.Bcast(n, 0, n.length, MPI.INT, root);
                    MPI.COMM_WORLD.Bcast(d, 0, d.length, MPI.DOUBLE, root);
                    final byte[] eb = new byte[bytes];
                    final boolean[] ez = new boolean[bytes];
                    final int[] en = new int[bytes / 4];
                    final double[] ed = new double[bytes / 8];
                    fill(eb, ez, en, ed, root, bytes);
                    Check.equal(java.util.Arrays.toString(eb), java.util.Arrays.toString(b), "bytes of Bcast from " + root);
                    Check.equal(java.util.Arrays.toString(ez), java.util.Arrays.toString(z), "booleans of Bcast from " + root);
                    Check.equal(java.util.Arrays.toString(en), java.util.Arrays.toString(n), "ints of Bcast from " + root);
                    Check.equal(java.util.Arrays.toString(ed), java.util.Arrays.toString(d), "doubles of Bcast from " + root);
                    reduceAt(root, rank, size, bytes / 8);
                }
            }
            for (final int bytes : new int[] {0, 8, 24, 64, 128, MOST})
            {
                allreduceAndAllgather(rank, size, bytes / 8);
                MPI.COMM_WORLD.Barrier();
            }
            MPI.Finalize();
        }

        /** Allreduce (sum of doubles, in place too; max of ints), Allgather and Alltoall of {@code count} doubles a rank (a block). */
        private static void allreduceAndAllgather(final int rank, final int size, final int count)
        {
            final double[] mine = new double[count];
            final int[] ints = new int[count];
            for (int i = 0; i < count; i++)
            {
                mine[i] = rank * 0.1 + i;
                ints[i] = (rank * 7 + i) % size;
            }
            final double[] sum = new double[count];
            MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, count, MPI.DOUBLE, MPI.SUM);
            final double[] inPlace = mine.clone();
            MPI.COMM_WORLD.Allreduce(inPlace, 0, inPlace, 0, count, MPI.DOUBLE, MPI.SUM);
            final int[] max = new int[count];
            MPI.COMM_WORLD.Allreduce(ints, 0, max, 0, count, MPI.INT, MPI.MAX);
            final double[] all = new double[count * size];
            MPI.COMM_WORLD.Allgather(mine, 0, count, MPI.DOUBLE, all, 0, count, MPI.DOUBLE);
            for (int i = 0; i < count; i++)
            {
                double expected = 0;
                int largest = Integer.MIN_VALUE;
                for (int r = 0; r < size; r++)
                {
                    expected += r * 0.1 + i;
                    largest = Math.max(largest, (r * 7 + i) % size);
                    Check.equal(Double.toString(r * 0.1 + i), Double.toString(all[r * count + i]), "Allgather block " + r + " item " + i);
                }
                Check.that(Math.abs(expected - sum[i]) <= 1e-9 * Math.abs(expected) + 1e-12, "Allreduce sum " + i + ": expected about "
                    + expected + " but was " + sum[i]);
                Check.equal(Double.toString(sum[i]), Double.toString(inPlace[i]), "in-place Allreduce sum " + i);
                Check.equal(largest, max[i], "Allreduce max " + i);
            }
            final double[] out = new double[count * size];
            for (int i = 0; i < out.length; i++)
            {
                out[i] = rank * 1000 + i;
            }
            final double[] in = new double[count * size];
            MPI.COMM_WORLD.Alltoall(out, 0, count, MPI.DOUBLE, in, 0, count, MPI.DOUBLE);
            for (int r = 0; r < size; r++)
            {
                for (int i = 0; i < count; i++)
                {
                    Check.equal(Double.toString(r * 1000 + rank * count + i), Double.toString(in[r * count + i]),
                        "Alltoall block from " + r + " item " + i);
                }
            }
            // The order of combining is the implementation's, but every rank must get the same bits.
            final double[] atRankZero = sum.clone();
            MPI.COMM_WORLD.Bcast(atRankZero, 0, count, MPI.DOUBLE, 0);
            Check.equal(java.util.Arrays.toString(atRankZero), java.util.Arrays.toString(sum), "Allreduce sums at rank " + rank + " and rank 0");
        }

        private static void fill(final byte[] b, final boolean[] z, final int[] n, final double[] d, final int root, final int bytes)
        {
            for (int i = 0; i < b.length; i++)
            {
                b[i] = (byte)(root * 31 + i + bytes);
                z[i] = (i + root) % 3 == 0;
            }
            for (int i = 0; i < n.length; i++)
            {
                n[i] = root * 1000 + i - bytes;
            }
            for (int i = 0; i < d.length; i++)
            {
                d[i] = root + i * 0.25 + bytes;
            }
        }

        private static void reduceAt(final int root, final int rank, final int size, final int count)
        {
            final double[] mine = new double[count];
            final int[] ints = new int[count * 2];
            for (int i = 0; i < count; i++)
            {
                mine[i] = rank * 10.0 + i;
                ints[2 * i] = rank - i;
                ints[2 * i + 1] = rank * i;
            }
            final double[] sum = new double[count];
            final int[] max = new int[count * 2];
            MPI.COMM_WORLD.Reduce(mine, 0, sum, 0, count, MPI.DOUBLE, MPI.SUM, root);
            MPI.COMM_WORLD.Reduce(ints, 0, max, 0, ints.length, MPI.INT, MPI.MAX, root);
            if (rank != root)
            {
                return;
            }
            for (int i = 0; i < count; i++)
            {
                Check.equal(Double.toString(10.0 * size * (size - 1) / 2 + (double)size * i), Double.toString(sum[i]),
                    "sum " + i + " at root " + root);
                Check.equal(size - 1 - i, max[2 * i], "max " + (2 * i) + " at root " + root);
                Check.equal((long)(size - 1) * i, max[2 * i + 1], "max " + (2 * i + 1) + " at root " + root);
            }
        }
    }

    /**
     * The last rank starts a second late, then every rank makes ten times as many calls as the board has slots: roots
     * and contributors run ahead until their slots are full and wait for it there. Small calls alternate with Alltoalls, with
     * Bcasts and Reduces just over the board's limit, which go as messages, and with Barriers.
     */
    public static final class FarBehindAndBothSidesOfTheLimit
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            if (rank == size - 1)
            {
                Thread.sleep(1000);
            }
            final int calls = 10 * WorldBoard.SLOTS;
            final long[] value = new long[1];
            final long[] sum = new long[1];
            final long[] over = new long[MOST / 8 + 1];
            for (int call = 0; call < calls; call++)
            {
                final int root = call % 3 == 0 ? call % size : 0;
                value[0] = rank == root ? call : -1;
                MPI.COMM_WORLD.Bcast(value, 0, 1, MPI.LONG, root);
                Check.equal(call, value[0], "Bcast " + call);
                value[0] = rank + call;
                MPI.COMM_WORLD.Reduce(value, 0, sum, 0, 1, MPI.LONG, MPI.SUM, root);
                if (rank == root)
                {
                    Check.equal((long)size * call + (long)size * (size - 1) / 2, sum[0], "Reduce " + call);
                }
                if (call % 5 == 0)
                {
                    final long[] out = new long[size];
                    final long[] in = new long[size];
                    for (int r = 0; r < size; r++)
                    {
                        out[r] = (long)call * 100 + rank * 10 + r;
                    }
                    MPI.COMM_WORLD.Alltoall(out, 0, 1, MPI.LONG, in, 0, 1, MPI.LONG);
                    for (int r = 0; r < size; r++)
                    {
                        Check.equal((long)call * 100 + r * 10 + rank, in[r], "Alltoall " + call + " from " + r);
                    }
                }
                if (call % 50 == 0)
                {
                    over[over.length - 1] = rank == root ? call : -1;
                    MPI.COMM_WORLD.Bcast(over, 0, over.length, MPI.LONG, root);
                    Check.equal(call, over[over.length - 1], "large Bcast " + call);
                    MPI.COMM_WORLD.Barrier();
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 Bcasts records of four lines ten times as often as the board has slots, running ahead of the last rank, which
     * pauses after every 16th call: a root whose slot that rank has just freed finds the next slot's record still unread, and
     * must not take its lines ahead for its next call then. Every rank checks every value.
     */
    public static final class RecordsOfSeveralLinesAheadOfASlowReader
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final long[] value = new long[24];
            for (int call = 0; call < 10 * WorldBoard.SLOTS; call++)
            {
                for (int i = 0; i < value.length; i++)
                {
                    value[i] = rank == 0 ? call * 100L + i : -1;
                }
                MPI.COMM_WORLD.Bcast(value, 0, value.length, MPI.LONG, 0);
                for (int i = 0; i < value.length; i++)
                {
                    Check.equal(call * 100L + i, value[i], "Bcast " + call + " item " + i);
                }
                if (rank == size - 1 && call % 16 == 0)
                {
                    Thread.sleep(1);
                }
            }
            MPI.Finalize();
        }
    }

    /** The root gives a longer Bcast than the others (both on the board): the others fail naming both lengths. */
    public static final class LengthsThatDoNotMatch
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            Outcomes.check(() ->
            {
                if (MPI.COMM_WORLD.Rank() == 0)
                {
                    MPI.COMM_WORLD.Bcast(new int[8], 0, 8, MPI.INT, 0);
                    Check.fails(MPI.ERR_OTHER, MPI.COMM_WORLD::Barrier, "mismatched");
                }
                else
                {
                    Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Bcast(new int[8], 0, 4, MPI.INT, 0),
                        "mismatched counts in Bcast with root 0", "expected 16 bytes from rank 0, which posted 32");
                }
            });
        }
    }

    /**
     * On two ranks, the root's Bcast is too long for the board and goes as a message while the other's fits it
     * ({@code root-large}), or the other way round: the other rank fails in its call, naming what the root did.
     */
    public static final class LengthsOnBothSidesOfTheLimit
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int over = MOST / 4 + 1;
            final boolean rootGoesLarge = args[0].equals("root-large");
            Outcomes.check(() ->
            {
                if (MPI.COMM_WORLD.Rank() == 0)
                {
                    MPI.COMM_WORLD.Bcast(new int[over], 0, rootGoesLarge ? over : 2, MPI.INT, 0);
                    Check.fails(MPI.ERR_OTHER, MPI.COMM_WORLD::Barrier, "mismatched");
                }
                else if (rootGoesLarge)
                {
                    Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Bcast(new int[over], 0, 2, MPI.INT, 0),
                        "mismatched counts in Bcast with root 0", "sent a message of " + (4 * over) + " bytes");
                }
                else
                {
                    Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Bcast(new int[over], 0, over, MPI.INT, 0),
                        "mismatched collective calls", "rank 0 posted 8 bytes of Bcast with root 0");
                }
            });
        }
    }

    /** On two ranks, rank 0 calls Bcast as its root while rank 1 calls Reduce to itself: rank 1 finds the Bcast's record. */
    public static final class DifferentOperations
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            Outcomes.check(() ->
            {
                if (rank == 0)
                {
                    MPI.COMM_WORLD.Bcast(new int[1], 0, 1, MPI.INT, 0);
                    Check.fails(MPI.ERR_OTHER, MPI.COMM_WORLD::Barrier, "mismatched collective calls");
                }
                else
                {
                    Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Reduce(new int[1], 0, new int[1], 0, 1, MPI.INT, MPI.SUM, rank),
                        "mismatched collective calls", "Reduce with root " + rank, "Bcast with root 0");
                }
            });
        }
    }

    /**
     * Every rank takes itself for the root of small Bcasts, call after call: each fills its slots, then waits for readers
     * that have gone past its records, and fails (naming them, or warned by a rank that did) instead of waiting for ever.
     */
    public static final class EveryRankItsOwnRoot
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            Outcomes.check(() -> Check.fails(MPI.ERR_OTHER, () ->
            {
                for (int call = 0; call < 2 * WorldBoard.SLOTS; call++)
                {
                    MPI.COMM_WORLD.Bcast(new int[1], 0, 1, MPI.INT, rank);
                }
            }, "mismatched collective calls"));
        }
    }

    /**
     * What each rank's checks of a mismatch on the world found, kept in a system property of the JVM the thread ranks
     * share, where the test reads it: after such a mismatch, {@code MPI.Finalize} meets what the mismatched calls left on
     * the world and fails the job, which must not end another rank's call before that rank has checked its error.
     */
    static final class Outcomes
    {
        static final String PREFIX = "openmpj.test.boardOutcome.";

        private Outcomes()
        {
        }

        /** Runs this rank's checks, records what they found, waits until every rank has, then finalizes. */
        static void check(final Runnable checks)
        {
            final int rank = MPI.COMM_WORLD.Rank();
            String outcome = "ok";
            try
            {
                checks.run();
            }
            catch (final AssertionError | RuntimeException ex)
            {
                outcome = "rank " + rank + ": " + ex;
            }
            System.setProperty(PREFIX + rank, outcome);
            final long deadline = System.nanoTime() + 30_000_000_000L;
            for (int r = 0; r < MPI.COMM_WORLD.Size(); r++)
            {
                while (System.getProperty(PREFIX + r) == null && System.nanoTime() < deadline)
                {
                    java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
                }
            }
            MPI.Finalize();
        }
    }

    /** Rank 0 refuses its Bcast's arguments: the others, waiting on the board for its record, fail naming it. */
    public static final class RootRefusesItsArguments
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0)
            {
                Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Bcast(new int[4], 0, 10, MPI.INT, 0), "count=10");
            }
            else
            {
                Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Bcast(new int[10], 0, 10, MPI.INT, 0), "rank 0 gave up", "Bcast with root 0");
            }
            MPI.Finalize();
        }
    }

    /** The last rank dies before its Bcast as root: the others, waiting on the board, end with the job instead of waiting. */
    public static final class RootDiesBeforeItsRecord
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int last = MPI.COMM_WORLD.Size() - 1;
            if (MPI.COMM_WORLD.Rank() == last)
            {
                throw new IllegalStateException("rank " + last + " fails on purpose before its Bcast");
            }
            MPI.COMM_WORLD.Bcast(new int[1], 0, 1, MPI.INT, last);
            MPI.Finalize();
        }
    }
}
