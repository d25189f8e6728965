package org.openmpj.examples;

import mpi.MPI;
import mpi.Request;

/**
 * Non-blocking collectives between rank JVMs: a 4 MiB Iallreduce, which goes by rendezvous and in pieces, in flight with
 * an Ibcast and an Ialltoall while the ranks pass a token around a ring; each result is checked; rank 0 prints a line
 * saying so.
 */
public final class NonBlockingCollectives
{
    private NonBlockingCollectives()
    {
    }

    public static void main(final String[] args)
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final double[] mine = new double[512 * 1024];
        for (int i = 0; i < mine.length; i++)
        {
            mine[i] = rank + i % 7;
        }
        final double[] sum = new double[mine.length];
        final long[] broadcast = new long[100_000];
        if (rank == size - 1)
        {
            java.util.Arrays.setAll(broadcast, i -> i * 5L);
        }
        final int[] toEach = new int[size];
        java.util.Arrays.setAll(toEach, r -> rank * 1000 + r);
        final int[] fromEach = new int[size];
        final Request[] started = {
            MPI.COMM_WORLD.Iallreduce(mine, 0, sum, 0, mine.length, MPI.DOUBLE, MPI.SUM),
            MPI.COMM_WORLD.Ibcast(broadcast, 0, broadcast.length, MPI.LONG, size - 1),
            MPI.COMM_WORLD.Ialltoall(toEach, 0, 1, MPI.INT, fromEach, 0, 1, MPI.INT)};
        final int[] token = {rank == 0 ? 1 : 0};
        if (size > 1)
        {
            if (rank == 0)
            {
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, 1, 9);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 9);
            }
            else
            {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 9);
                token[0]++;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 9);
            }
        }
        Request.Waitall(started);
        for (int i = 0; i < sum.length; i++)
        {
            final double expected = size * (size - 1) / 2.0 + size * (i % 7);
            if (sum[i] != expected)
            {
                throw new IllegalStateException("Iallreduce element " + i + " is " + sum[i] + ", not " + expected);
            }
        }
        for (int i = 0; i < broadcast.length; i++)
        {
            if (broadcast[i] != i * 5L)
            {
                throw new IllegalStateException("Ibcast element " + i + " is " + broadcast[i]);
            }
        }
        for (int r = 0; r < size; r++)
        {
            if (fromEach[r] != r * 1000 + rank)
            {
                throw new IllegalStateException("Ialltoall block from rank " + r + " is " + fromEach[r]);
            }
        }
        if (rank == 0)
        {
            System.out.println("non-blocking collectives: checked on " + size + " ranks, the token came back as " + token[0]);
        }
        MPI.Finalize();
    }
}
