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
}
