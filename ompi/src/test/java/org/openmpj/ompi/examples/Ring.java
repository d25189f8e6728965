package org.openmpj.ompi.examples;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * A token goes round the ring of ranks for a number of laps (the first argument, 10 by default): rank 0 starts it and
 * counts it down each time it comes back, and every rank passes on what it gets, until a 0 has gone once round.
 */
public final class Ring
{
    private static final int TAG = 201;

    private Ring()
    {
    }

    /**
     * Runs the ring and reports the laps.
     *
     * @param args the number of laps, optionally.
     * @throws MPIException when MPI fails.
     */
    public static void main(final String[] args) throws MPIException
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.getRank();
        final int size = MPI.COMM_WORLD.getSize();
        final int next = (rank + 1) % size;
        final int previous = (rank + size - 1) % size;
        final int[] token = new int[1];
        int passed = 0;
        if (rank == 0)
        {
            token[0] = args.length > 0 ? Integer.parseInt(args[0]) : 10;
            System.out.println("rank 0 sends the token with " + token[0] + " laps to go to rank " + next + " of " + size);
            MPI.COMM_WORLD.send(token, 1, MPI.INT, next, TAG);
        }
        while (true)
        {
            final Status status = MPI.COMM_WORLD.recv(token, 1, MPI.INT, previous, TAG);
            if (status.getSource() != previous)
            {
                throw new IllegalStateException("the token came from rank " + status.getSource() + ", not " + previous);
            }
            if (rank == 0)
            {
                token[0]--;
                passed++;
            }
            MPI.COMM_WORLD.send(token, 1, MPI.INT, next, TAG);
            if (token[0] == 0)
            {
                break;
            }
        }
        if (rank == 0)
        {
            // The last 0 is still on its way round: take it in, so that no message is left behind.
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, previous, TAG);
            System.out.println("rank 0: the token made " + passed + " laps");
        }
        MPI.Finalize();
    }
}
