package org.openmpj.examples;

import mpi.MPI;

/** Every rank says hello, with its rank, the job size and the host it runs on. */
public final class Hello
{
    private Hello()
    {
    }

    public static void main(final String[] args)
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        System.out.println("Hello from rank " + rank + " of " + size + " on " + MPI.Get_processor_name());
        MPI.Finalize();
    }
}
