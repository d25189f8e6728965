package org.openmpj.examples;

import mpi.MPI;

/**
 * A token travels around the ring of ranks a number of times (first argument, default 10); each rank adds
 * one to it on every pass. Rank 0 checks the final value.
 */
public final class Ring
{
    private static final int TAG = 7;

    private Ring()
    {
    }

    public static void main(final String[] args)
    {
        final String[] appArgs = MPI.Init(args);
        final int laps = appArgs.length > 0 ? Integer.parseInt(appArgs[0]) : 10;
        final int size = MPI.COMM_WORLD.Size();
        final int token = circulate(laps);
        if (MPI.COMM_WORLD.Rank() == 0)
        {
            final int expected = laps * size;
            System.out.println("Ring: token went " + laps + " times around " + size + " ranks and came back as "
                + token + (token == expected ? " (correct)" : " (WRONG, expected " + expected + ")"));
            if (token != expected)
            {
                throw new IllegalStateException("token is " + token + ", expected " + expected);
            }
        }
        MPI.Finalize();
    }

    /**
     * Sends the token {@code laps} times around the ranks of {@code MPI.COMM_WORLD}, each adding one on every pass.
     *
     * @return the token as this rank last saw it: on rank 0, {@code laps} times the number of ranks.
     */
    static int circulate(final int laps)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int next = (rank + 1) % size;
        final int previous = (rank + size - 1) % size;
        final int[] token = new int[1];
        for (int lap = 0; lap < laps; lap++)
        {
            if (rank == 0)
            {
                token[0]++;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, next, TAG);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, previous, TAG);
            }
            else
            {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, previous, TAG);
                token[0]++;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, next, TAG);
            }
        }
        return token[0];
    }
}
