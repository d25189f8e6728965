package org.openmpj.device;

/**
 * The job as a device sees it while waiting: whether the job still stands, or a rank has failed or aborted
 * it, in which case every wait must end with an error instead of hanging.
 */
public interface JobControl
{
    /** A job that always stands and keeps no state, for a device outside a job's runtime. */
    JobControl STANDING = () ->
    {
    };

    /**
     * Returns normally while the job is healthy.
     *
     * @throws org.openmpj.OpenMpjException naming the failed rank and its cause, once any rank failed.
     */
    void checkAlive();

    /** @return whether the job has failed: what {@link #checkAlive()} tells, as a value, for code that winds down either way. */
    default boolean hasFailed()
    {
        try
        {
            checkAlive();
            return false;
        }
        catch (final org.openmpj.OpenMpjException ex)
        {
            return true;
        }
    }

    /**
     * Records that the job failed because of {@code rank}, unless a failure was recorded already; every wait then
     * ends with an error naming it. A job control that keeps no state raises the failure in the reporting thread.
     *
     * @param rank    the rank that failed or was lost.
     * @param message what happened, naming the rank.
     */
    default void reportFailure(final int rank, final String message)
    {
        throw new org.openmpj.OpenMpjException(org.openmpj.ErrorClass.ERR_PROC_FAILED, message);
    }

    /**
     * Records that peer {@code rank} died or can no longer be reached. A job that fails as a whole when a rank fails takes it
     * for the job's failure ({@link #reportFailure}); a job that survives the loss of ranks ({@link #survivesRankLoss()})
     * records the rank as lost, and only the operations that involve it fail.
     *
     * @param rank    the peer's world rank.
     * @param message what happened, naming the rank.
     */
    default void peerLost(final int rank, final String message)
    {
        reportFailure(rank, message);
    }

    /** @return whether the job goes on when a rank is lost, with the operations that involve that rank failing. */
    default boolean survivesRankLoss()
    {
        return false;
    }

    /** @return how many ranks have been lost so far; a value that changes when a loss becomes known. */
    default int lossCount()
    {
        return 0;
    }

    /** @return why world rank {@code rank} was lost, or null while it is not. */
    default String lossOf(final int rank)
    {
        return null;
    }
}
