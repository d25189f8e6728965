package mpi;

/**
 * What happens when an MPI call on a communicator fails. With {@link MPI#ERRORS_RETURN} (the default, as in
 * mpiJava) the call throws {@link MPIException} and the job goes on; with {@link MPI#ERRORS_ARE_FATAL} the
 * call throws and the whole job is aborted.
 */
public final class Errhandler
{
    private final boolean fatal;
    private final String name;

    Errhandler(final boolean fatal, final String name)
    {
        this.fatal = fatal;
        this.name = name;
    }

    boolean isFatal()
    {
        return fatal;
    }

    @Override
    public String toString()
    {
        return name;
    }
}
