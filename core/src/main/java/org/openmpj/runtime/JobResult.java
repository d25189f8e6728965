package org.openmpj.runtime;

import java.util.List;

/**
 * How a job ended.
 *
 * @param exitCode     0 for a clean job; otherwise the code the launcher exits with.
 * @param failure      the first failure, or null for a clean job.
 * @param rankFailures each rank's own failure (what it threw, or why it could not run), in the order they came, where the
 *                     launcher saw them (ranks as threads of this JVM); the failures the first caused in other ranks
 *                     included.
 */
public record JobResult(int exitCode, JobState.Failure failure, List<JobState.Failure> rankFailures)
{
    /** Copies {@code rankFailures}. */
    public JobResult
    {
        rankFailures = List.copyOf(rankFailures);
    }

    /** A result whose ranks' own failures the launcher did not see (ranks in other processes). */
    public JobResult(final int exitCode, final JobState.Failure failure)
    {
        this(exitCode, failure, failure == null ? List.of() : List.of(failure));
    }

    /** @return whether every rank finished cleanly. */
    public boolean succeeded()
    {
        return failure == null;
    }
}
