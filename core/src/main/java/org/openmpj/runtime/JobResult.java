package org.openmpj.runtime;

/**
 * How a job ended.
 *
 * @param exitCode 0 for a clean job; otherwise the code the launcher exits with.
 * @param failure  the first failure, or null for a clean job.
 */
public record JobResult(int exitCode, JobState.Failure failure)
{
    /** @return whether every rank finished cleanly. */
    public boolean succeeded()
    {
        return failure == null;
    }
}
