package mpi;

/**
 * What happens when a call on a communicator fails: {@link MPI#ERRORS_ARE_FATAL} (every communicator's default) and
 * {@link MPI#ERRORS_ABORT} abort the whole job, so that the launcher ends it with the failure's error class as exit status
 * and every other rank's calls fail too; {@link MPI#ERRORS_RETURN} hands the failure to the program as an
 * {@link MPIException} and the job goes on. Immutable.
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

    /** @return whether a failure under this handler aborts the job. */
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
