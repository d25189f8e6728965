package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.Session;

/**
 * What every communicator of the façade holds: the engine's communicator it stands for, the rank's session, and its error
 * handler, which decides what a failure of a call on it does. The null communicator (what {@code split} and
 * {@code create} give the ranks left out, or a freed one) is bound to none.
 *
 * <p>Thread-safety: the binding and the handler are published through volatile fields.
 */
abstract class CommBinding
{
    private final String name;
    private volatile Communicator engine;
    private volatile Session session;
    private volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;

    CommBinding(final String name)
    {
        this.name = name;
    }

    /** Binds this communicator to {@code communicator} of the rank of {@code rankSession}. */
    final void bind(final Communicator communicator, final Session rankSession)
    {
        this.session = rankSession;
        this.engine = communicator;
    }

    /** Makes this the null communicator. */
    final void unbind()
    {
        engine = null;
    }

    /**
     * @return the engine's communicator, after checking MPI is active and this communicator is not null.
     * @throws MPIException when it is, raised on {@link MPI#COMM_WORLD}: a null communicator has no handler of its own.
     */
    final Communicator engine(final String call) throws MPIException
    {
        MPI.check(call);
        final Communicator communicator = engine;
        if (communicator == null)
        {
            final MPIException failure = MPIException.of(ErrorClass.ERR_COMM, call + ": " + name
                + " is the null communicator (freed, or given to a rank left out of split or create)");
            throw this == MPI.COMM_WORLD ? failure : MPI.raiseOnWorld(failure);
        }
        return communicator;
    }

    /** @return the engine's communicator, or null for the null communicator; no checks. */
    final Communicator bound()
    {
        return engine;
    }

    /** @return the engine's intercommunicator this one stands for; null for an intracommunicator. */
    Intercommunicator intercommunicator()
    {
        return null;
    }

    /** @return the rank's session. */
    final Session session()
    {
        return session;
    }

    /** @return the error handler. */
    final Errhandler handler()
    {
        return errhandler;
    }

    /** Sets the error handler. */
    final void handler(final Errhandler handler)
    {
        errhandler = handler;
    }

    /** @return the communicator's name. */
    final String name()
    {
        return name;
    }

    /**
     * Applies the error handler to a failure: under a fatal handler the job is aborted, with the failure's error class as
     * exit status.
     *
     * @return the exception to throw, which unwinds the calling rank in either case.
     */
    final MPIException raise(final MPIException failure)
    {
        final Session rankSession = session;
        if (errhandler.isFatal() && rankSession != null)
        {
            rankSession.abortOnError(failure.getErrorClass(), failure.getMessage());
        }
        return failure;
    }

    /** Applies the error handler to a failure of the engine; see {@link #raise(MPIException)}. */
    final MPIException raise(final OpenMpjException failure)
    {
        return raise(MPIException.of(failure));
    }

    /**
     * Throws, as a wait would, once the job has failed: polling calls that find nothing done call it, so that a loop of
     * them ends as a blocking wait would instead of spinning on.
     */
    final void checkJobAlive() throws MPIException
    {
        final Session rankSession = session;
        if (rankSession == null)
        {
            return;
        }
        try
        {
            rankSession.checkJobAlive();
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    @Override
    public String toString()
    {
        return name;
    }
}
