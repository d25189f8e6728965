package org.openmpj.ompi.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * The first program of Open MPI's Java API, written for OpenMPJ: every rank says who and where it is. Compile it with
 * {@code bin/mpjavac -api ompi} and run it with {@code bin/mpjrun -api ompi -np 4 org.openmpj.ompi.examples.Hello}.
 */
public final class Hello
{
    private Hello()
    {
    }

    /**
     * Prints one line per rank.
     *
     * @param args ignored.
     * @throws MPIException when MPI fails.
     */
    public static void main(final String[] args) throws MPIException
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.getRank();
        final int size = MPI.COMM_WORLD.getSize();
        System.out.println("Hello from rank " + rank + " of " + size + " on " + MPI.getProcessorName() + " (" + MPI.getLibVersion() + ")");
        MPI.Finalize();
    }
}
