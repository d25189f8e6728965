package mpi;

/** A communicator within one group of ranks, such as {@link MPI#COMM_WORLD}. */
public class Intracomm extends Comm
{
    Intracomm(final String name)
    {
        super(name);
    }
}
