package org.openmpj.conformance;

import mpi.MPI;

import org.openmpj.testing.Check;

/** The programs the point-to-point suite runs; each works at any number of ranks from 1 up. */
final class Programs
{
    private Programs()
    {
    }

    /** Passes a token around the ring with blocking sends; each rank checks what it receives. */
    public static final class Ring
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] token = new int[1];
            if (rank == 0)
            {
                token[0] = 1;
                MPI.COMM_WORLD.Isend(token, 0, 1, MPI.INT, (rank + 1) % size, 5);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, (rank + size - 1) % size, 5);
                Check.equal(size, token[0], "token after one lap");
            }
            else
            {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 5);
                Check.equal(rank, token[0], "token at rank " + rank);
                token[0]++;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 5);
            }
            MPI.Finalize();
        }
    }
}
