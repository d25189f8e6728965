package org.openmpj.device;

/**
 * The job as a device sees it while waiting: whether the job still stands, or a rank has failed or aborted
 * it, in which case every wait must end with an error instead of hanging.
 */
public interface JobControl
{
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
}
