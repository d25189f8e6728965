package org.openmpj.conformance;

import java.util.Arrays;

import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The point-to-point suite's programs about messages well over every device's eager limit, in every direction at once:
 * between every pair of ranks, both ways, and as ring shifts of combined send-receives upwards and downwards, which a
 * device that holds large messages for its receivers must serve without two ranks waiting on each other.
 */
final class LargeMessagePrograms
{
    /** From just over the shm device's 64 KiB eager limit to a few MiB, in odd sizes. */
    private static final int[] BYTES = {64 * 1024 + 1, 300_001, 2 * 1024 * 1024 + 24};
    /** The largest message the programs send, unless told a smaller largest size. */
    static final int LARGEST_BYTES = BYTES[BYTES.length - 1];

    private LargeMessagePrograms()
    {
    }

    /**
     * Every rank sends every size to every other rank and receives as much from each, all posted at once; then, for every
     * size, a ring shift of Sendrecv to the next rank and one to the previous rank, in bytes and in doubles. Each byte is
     * checked. The one argument is the largest size to send, in bytes.
     */
    public static final class AllDirections
    {
        public static void main(final String[] args)
        {
            final String[] arguments = MPI.Init(args);
            final int largest = Integer.parseInt(arguments[0]);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            for (int s = 0; s < BYTES.length && BYTES[s] <= largest; s++)
            {
                final int bytes = BYTES[s];
                final Request[] requests = new Request[2 * size];
                final byte[][] in = new byte[size][];
                for (int peer = 0; peer < size; peer++)
                {
                    in[peer] = new byte[bytes + 3];
                    requests[2 * peer] = MPI.COMM_WORLD.Irecv(in[peer], 3, bytes, MPI.BYTE, peer, s);
                    requests[2 * peer + 1] = MPI.COMM_WORLD.Isend(pattern(rank, peer, bytes), 0, bytes, MPI.BYTE, peer, s);
                }
                Request.Waitall(requests);
                for (int peer = 0; peer < size; peer++)
                {
                    check(pattern(peer, rank, bytes), Arrays.copyOfRange(in[peer], 3, bytes + 3), bytes + " bytes from rank " + peer);
                }

                for (final int shift : new int[] {1, size - 1})
                {
                    final int dest = (rank + shift) % size;
                    final int source = (rank + size - shift) % size;
                    final byte[] got = new byte[bytes];
                    final Status status = MPI.COMM_WORLD.Sendrecv(pattern(rank, dest, bytes), 0, bytes, MPI.BYTE, dest, 100 + s,
                        got, 0, bytes, MPI.BYTE, source, 100 + s);
                    Check.equal(bytes, status.Get_count(MPI.BYTE), "Sendrecv count, shift " + shift);
                    check(pattern(source, rank, bytes), got, "Sendrecv of " + bytes + " bytes, shift " + shift);

                    final double[] values = new double[bytes / 8];
                    Arrays.fill(values, rank + shift / 1000.0);
                    final double[] valuesIn = new double[values.length];
                    MPI.COMM_WORLD.Sendrecv(values, 0, values.length, MPI.DOUBLE, dest, 200 + s, valuesIn, 0, valuesIn.length, MPI.DOUBLE,
                        source, 200 + s);
                    for (final double value : valuesIn)
                    {
                        if (value != source + shift / 1000.0)
                        {
                            Check.equal(source + shift / 1000.0, value, "Sendrecv of doubles, shift " + shift);
                        }
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /** @return the bytes rank {@code from} sends rank {@code to}: different for every pair and size. */
    private static byte[] pattern(final int from, final int to, final int bytes)
    {
        final byte[] data = new byte[bytes];
        int value = from * 7919 + to * 104_729 + bytes;
        for (int i = 0; i < bytes; i++)
        {
            value = value * 1_103_515_245 + 12_345;
            data[i] = (byte)(value >>> 16);
        }
        return data;
    }

    private static void check(final byte[] expected, final byte[] actual, final String what)
    {
        if (!Arrays.equals(expected, actual))
        {
            final int at = Arrays.mismatch(expected, actual);
            Check.equal(expected[at], actual[at], what + ", byte " + at);
        }
    }
}
