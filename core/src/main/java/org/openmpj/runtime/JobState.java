package org.openmpj.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.JobControl;

/**
 * Whether a job still stands. The first failure — a rank throwing out of {@code main}, calling
 * {@code Abort}, or the job timing out — is recorded once; from then on every wait on every rank ends with
 * an {@link OpenMpjException} naming it, so no rank hangs on a peer that is gone. A job that survives the loss of
 * ranks records a lost peer apart ({@link #peerLost}): the job stands, and only what involves that peer fails.
 *
 * <p>Thread-safety: safe for any number of threads; {@link #checkAlive()} is one volatile read while healthy.
 */
public final class JobState implements JobControl
{
    private volatile Failure failure;
    private final List<Failure> rankFailures = new ArrayList<>();
    private final boolean survivesRankLoss;
    /** Why each lost rank was lost, by world rank; written under this object's lock. */
    private final Map<Integer, String> losses = new ConcurrentHashMap<>();
    private volatile int lossCount;

    /** A job that fails as a whole when any rank fails. */
    public JobState()
    {
        this(false);
    }

    /**
     * @param survivesRankLoss whether a lost peer ({@link #peerLost}) leaves the job standing, as the job asked with
     *                         {@link Settings#SURVIVE_RANK_LOSS_PROP_NAME}.
     */
    public JobState(final boolean survivesRankLoss)
    {
        this.survivesRankLoss = survivesRankLoss;
    }

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

    @Override
    public void peerLost(final int rank, final String message)
    {
        if (!survivesRankLoss)
        {
            reportFailure(rank, message);
            return;
        }
        synchronized (this)
        {
            if (losses.putIfAbsent(rank, message) == null)
            {
                lossCount = losses.size();
            }
        }
    }

    @Override
    public boolean survivesRankLoss()
    {
        return survivesRankLoss;
    }

    @Override
    public int lossCount()
    {
        return lossCount;
    }

    @Override
    public String lossOf(final int rank)
    {
        return lossCount == 0 ? null : losses.get(rank);
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
