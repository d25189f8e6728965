package org.openmpj.ompi.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * Checks that every rank reaches every other: each pair of ranks exchanges a message and its reply, the lower rank
 * starting. With {@code -v} as argument every exchange is reported.
 */
public final class Connectivity
{
    private static final int TAG = 301;

    private Connectivity()
    {
    }

    /**
     * Runs every exchange and reports the outcome.
     *
     * @param args {@code -v} to report each exchange.
     * @throws MPIException when MPI fails.
     */
    public static void main(final String[] args) throws MPIException
    {
        MPI.Init(args);
        final boolean verbose = args.length > 0 && "-v".equals(args[0]);
        final int rank = MPI.COMM_WORLD.getRank();
        final int size = MPI.COMM_WORLD.getSize();
        final int[] mine = {rank};
        final int[] theirs = new int[1];
        int checked = 0;
        for (int lower = 0; lower < size; lower++)
        {
            for (int higher = lower + 1; higher < size; higher++)
            {
                if (rank == lower)
                {
                    MPI.COMM_WORLD.send(mine, 1, MPI.INT, higher, TAG);
                    MPI.COMM_WORLD.recv(theirs, 1, MPI.INT, higher, TAG);
                }
                else if (rank == higher)
                {
                    MPI.COMM_WORLD.recv(theirs, 1, MPI.INT, lower, TAG);
                    MPI.COMM_WORLD.send(mine, 1, MPI.INT, lower, TAG);
                }
                else
                {
                    continue;
                }
                final int peer = rank == lower ? higher : lower;
                if (theirs[0] != peer)
                {
                    throw new IllegalStateException("rank " + rank + " got " + theirs[0] + " from rank " + peer);
                }
                checked++;
                if (verbose)
                {
                    System.out.println("rank " + rank + " and rank " + peer + " reach each other");
                }
            }
        }
        final int[] total = new int[1];
        MPI.COMM_WORLD.reduce(new int[] {checked}, total, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0)
        {
            final boolean complete = total[0] == size * (size - 1);
            System.out.println("connectivity of " + size + " ranks: " + total[0] / 2 + " pairs " + (complete ? "all connected" : "MISSING"));
        }
        MPI.Finalize();
    }
}
