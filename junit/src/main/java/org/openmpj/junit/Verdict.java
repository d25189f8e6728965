package org.openmpj.junit;

import java.util.List;

import org.openmpj.runtime.JobState;

/**
 * The failure of a test on ranks, the same whether the ranks were threads or JVMs: every rank's own failure on a line of
 * its own, the first one's exception as the cause and the others' suppressed under it.
 */
final class Verdict
{
    private Verdict()
    {
    }

    /**
     * @param device the device the ranks ran on.
     * @param ranks  how many ranks the job had.
     * @param own    each failing rank's own failure, one per rank, the job's first failure first; not empty.
     * @return {@code "2 of 4 shm ranks failed"}, then {@code "  rank R: "} and the rank's exception (or, for a rank that threw
     *         none, what happened to it) on a line each.
     */
    static AssertionError ranksFailed(final String device, final int ranks, final List<JobState.Failure> own)
    {
        final StringBuilder message = new StringBuilder().append(own.size()).append(" of ").append(ranks).append(' ').append(device)
            .append(" ranks failed");
        for (final JobState.Failure failure : own)
        {
            message.append(System.lineSeparator()).append("  rank ").append(failure.rank()).append(": ")
                .append(failure.cause() != null ? failure.cause() : failure.message());
        }
        final AssertionError error = new AssertionError(message.toString(), own.get(0).cause());
        for (int i = 1; i < own.size(); i++)
        {
            if (own.get(i).cause() != null)
            {
                error.addSuppressed(own.get(i).cause());
            }
        }
        return error;
    }

    /** @return the failure of a job that failed as a whole (a timeout, a launch that went wrong), not by a rank. */
    static AssertionError jobFailed(final String device, final int ranks, final String message, final Throwable cause)
    {
        return new AssertionError("on " + ranks + " " + device + " ranks: " + message, cause);
    }
}
