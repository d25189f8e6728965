package org.openmpj.engine;

import java.util.ServiceLoader;

import org.openmpj.OpenMpjException;
import org.openmpj.objects.ObjectCodec;

/**
 * One rank's MPI session as a façade sees it: begun by the façade's {@code Init} and ended by its {@code Finalize},
 * with the rank's predefined communicators, the contexts it gives new communicators, its object codec and the
 * job's fate. The rank runtime provides sessions: a façade finds the one of its rank by the class loader that loaded
 * the façade (each thread rank loads its own copy), and never sees devices, transports or launchers.
 *
 * <p>Thread-safety: safe for concurrent use by the rank's threads.
 */
public interface Session
{
    /**
     * @return the session of the rank whose façade classes {@code apiLoader} loaded; for a program started without a
     *         launcher, a new job of one rank.
     */
    static Session forApiLoader(final ClassLoader apiLoader)
    {
        return SourceHolder.SOURCE.sessionFor(apiLoader);
    }

    /**
     * Starts the rank: opens its device and joins the job.
     *
     * @throws OpenMpjException when the device cannot be opened or the job cannot be joined.
     */
    void init();

    /**
     * Ends the rank once its messages are delivered.
     *
     * @throws OpenMpjException when the job failed, or the rank leaves messages of mismatched collectives behind.
     */
    void finish();

    /** @return whether the calling thread is the one that started the session. */
    boolean isInitThread();

    /** @return the communicator of every rank of the job, once started. */
    Communicator world();

    /** @return the communicator of this rank alone, once started. */
    Communicator self();

    /** @return the contexts this rank can give to new communicators. */
    ContextIds contextIds();

    /** @return the codec that deserializes this rank's object messages with its class loader. */
    ObjectCodec objectCodec();

    /**
     * Returns normally while the job is healthy.
     *
     * @throws OpenMpjException naming the failed rank and its cause, once any rank failed.
     */
    void checkJobAlive();

    /**
     * Aborts the whole job: every rank's calls fail, and the job ends with {@code errorCode} as its exit status.
     *
     * @return the exception for the caller to throw, which unwinds the aborting rank.
     */
    OpenMpjException abort(int errorCode);

    /**
     * Aborts the job, as {@link #abort(int)}, because a call failed under a fatal error handler.
     *
     * @param errorCode the error class of the failure, the job's exit code.
     * @param failure   what failed, for the launcher's report.
     * @return the exception for the caller to throw.
     */
    OpenMpjException abortOnError(int errorCode, String failure);

    /** @return the name of the host this rank runs on. */
    String processorName();

    /** Where sessions come from: the rank runtime, found once through {@link ServiceLoader}. */
    interface Source
    {
        /** @return the session of the rank whose façade classes {@code apiLoader} loaded. */
        Session sessionFor(ClassLoader apiLoader);
    }

    /** Holds the one {@link Source}, loaded on first use. */
    final class SourceHolder
    {
        static final Source SOURCE = ServiceLoader.load(Source.class, Session.class.getClassLoader()).findFirst()
            .orElseThrow(() -> new IllegalStateException("no rank runtime on the class path: " + Source.class.getName()
                + " has no provider; put openmpj-core.jar on the class path"));

        private SourceHolder()
        {
        }
    }
}
