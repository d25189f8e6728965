package org.openmpj.runtime;

import java.util.ArrayList;
import java.util.List;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.JobControl;

/**
 * Whether a job still stands. The first failure — a rank throwing out of {@code main}, calling
 * {@code Abort}, or the job timing out — is recorded once; from then on every wait on every rank ends with
 * an {@link OpenMpjException} naming it, so no rank hangs on a peer that is gone.
 *
 * <p>Thread-safety: safe for any number of threads; {@link #checkAlive()} is one volatile read while healthy.
 */
public final class JobState implements JobControl
{
    private volatile Failure failure;
    private final List<Failure> rankFailures = new ArrayList<>();

    /**
     * The first failure of the job.
     *
     * @param rank     the rank that failed, or -1 for the launcher (e.g. a timeout).
     * @param message  what happened, for every rank and the launcher to report.
     * @param cause    the rank's exception, or null.
     * @param exitCode the exit code the launcher ends with.
     */
    public record Failure(int rank, String message, Throwable cause, int exitCode)
    {
    }

    @Override
    public void checkAlive()
    {
        final Failure failed = failure;
        if (failed != null)
        {
            throw new OpenMpjException(ErrorClass.ERR_PROC_FAILED, failed.message());
        }
    }

    @Override
    public void reportFailure(final int rank, final String message)
    {
        fail(new Failure(rank, message, null, 1));
    }

    /** @return the first failure, or null while the job is healthy. */
    public Failure failure()
    {
        return failure;
    }

    /**
     * Records one rank's own failure (what it threw, or why it could not run), failing the job with it if it is the first.
     *
     * @return true when this was the job's first failure.
     */
    public synchronized boolean rankFailed(final Failure candidate)
    {
        rankFailures.add(candidate);
        return fail(candidate);
    }

    /** @return every failure a rank reported through {@link #rankFailed}, in order. */
    public synchronized List<Failure> rankFailures()
    {
        return List.copyOf(rankFailures);
    }

    /**
     * Records a failure unless one was recorded already.
     *
     * @return true when this was the first.
     */
    public synchronized boolean fail(final Failure candidate)
    {
        if (failure != null)
        {
            return false;
        }
        failure = candidate;
        return true;
    }
}
