package org.openmpj.runtime;

import java.util.List;

/**
 * How a job ended.
 *
 * @param exitCode     0 for a clean job; otherwise the code the launcher exits with.
 * @param failure      the first failure, or null for a clean job.
 * @param rankFailures each rank's own failure, in the order they came, the failures the first caused in other ranks included:
 *                     for ranks as threads of this JVM, what each threw or why it could not run; for ranks as processes the
 *                     launcher started itself, each that ended by itself with a failure (an exit code other than 0, or no
 *                     {@code MPI.Finalize}), not those the launcher stopped at the job's end.
 */
public record JobResult(int exitCode, JobState.Failure failure, List<JobState.Failure> rankFailures)
{
    /** Copies {@code rankFailures}. */
    public JobResult
    {
        rankFailures = List.copyOf(rankFailures);
    }

    /** A result whose ranks' own failures the launcher did not see (ranks started by another launcher, such as {@code srun}). */
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
