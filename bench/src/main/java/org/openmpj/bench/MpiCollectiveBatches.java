package org.openmpj.bench;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;

/**
 * Batches of collectives on {@code MPI.COMM_WORLD} through the mpiJava API. Each rank owns buffers for the
 * largest size: Bcast, Allgather and Alltoall move {@code byte[]} slices as {@code MPI.BYTE}, Reduce (to rank 0) and
 * Allreduce sum {@code double[]} slices with {@code MPI.SUM}. Not thread-safe: one per rank.
 */
final class MpiCollectiveBatches implements CollectiveBatches
{
    private static final int ROOT = 0;

    private final Intracomm comm = MPI.COMM_WORLD;
    private final int ranks = comm.Size();
    private final byte[] send;
    private final byte[] receive;
    private final double[] sendDoubles;
    private final double[] receiveDoubles;
    private final long[] mine = new long[1];
    private final long[] largest = new long[1];

    /**
     * @param maxBytes the largest per-rank message.
     * @throws IllegalArgumentException when a rank's Allgather or Alltoall buffer, {@code ranks * maxBytes}, would
     *                                  not fit a Java array.
     */
    MpiCollectiveBatches(final int maxBytes)
    {
        final long allBlocks = (long)ranks * maxBytes;
        if (allBlocks > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("--max-bytes " + maxBytes + " at " + ranks + " ranks needs buffers of "
                + allBlocks + " bytes, more than a Java array holds; choose at most " + Integer.MAX_VALUE / ranks);
        }
        final byte fill = (byte)(comm.Rank() + 1);
        send = new byte[(int)allBlocks];
        receive = new byte[(int)allBlocks];
        Arrays.fill(send, fill);
        sendDoubles = new double[maxBytes / Double.BYTES];
        receiveDoubles = new double[sendDoubles.length];
        Arrays.fill(sendDoubles, fill);
    }

    @Override
    public int ranks()
    {
        return ranks;
    }

    @Override
    public long timeBatch(final CollectiveOperation operation, final int bytes, final int iterations)
    {
        comm.Barrier();
        final long start = System.nanoTime();
        switch (operation)
        {
            case BCAST -> bcast(bytes, iterations);
            case REDUCE -> reduce(bytes / Double.BYTES, iterations);
            case ALLREDUCE -> allreduce(bytes / Double.BYTES, iterations);
            case ALLGATHER -> allgather(bytes, iterations);
            case ALLTOALL -> alltoall(bytes, iterations);
            case BARRIER -> barrier(iterations);
            default -> throw new IllegalArgumentException(operation + " is not timed here");
        }
        return slowest(System.nanoTime() - start);
    }

    @Override
    public long slowest(final long nanos)
    {
        mine[0] = nanos;
        comm.Allreduce(mine, 0, largest, 0, 1, MPI.LONG, MPI.MAX);
        return largest[0];
    }

    // One loop per operation, each calling the API directly, as a program would.

    private void bcast(final int bytes, final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            comm.Bcast(send, 0, bytes, MPI.BYTE, ROOT);
        }
    }

    private void reduce(final int count, final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            comm.Reduce(sendDoubles, 0, receiveDoubles, 0, count, MPI.DOUBLE, MPI.SUM, ROOT);
        }
    }

    private void allreduce(final int count, final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            comm.Allreduce(sendDoubles, 0, receiveDoubles, 0, count, MPI.DOUBLE, MPI.SUM);
        }
    }

    private void allgather(final int bytes, final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            comm.Allgather(send, 0, bytes, MPI.BYTE, receive, 0, bytes, MPI.BYTE);
        }
    }

    private void alltoall(final int bytes, final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            comm.Alltoall(send, 0, bytes, MPI.BYTE, receive, 0, bytes, MPI.BYTE);
        }
    }

    private void barrier(final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            comm.Barrier();
        }
    }
}
