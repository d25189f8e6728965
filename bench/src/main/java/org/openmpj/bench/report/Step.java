package org.openmpj.bench.report;

import java.util.List;

/**
 * One program a report runs in a round: one implementation's turn.
 *
 * @param job            what the report knows the run as, handed back with its output (an implementation, a job size, ...).
 * @param label          the run in words, for the progress lines, e.g. {@code OpenMPJ tcp at 4 ranks}.
 * @param log            the base name of its raw log under {@code raw/}, without the round, e.g. {@code pingpong-tcp-openmpi}.
 * @param command        the program and its arguments.
 * @param attempts       how often a failed run is tried in all, each failure noted in the report; 1 for none repeated.
 * @param keepsFailure   whether a run that still fails is kept, as a failure, and the report goes on; otherwise the
 *                       failure ends the report.
 * @param timeoutSeconds how long a run may take before it is ended and counted as failed; 0 for no limit of the runner's.
 * @param <J>            the report's kind of job.
 */
public record Step<J>(J job, String label, String log, List<String> command, int attempts, boolean keepsFailure, long timeoutSeconds)
{
    /** Copies the command and checks the counts. */
    public Step
    {
        command = List.copyOf(command);
        if (attempts < 1 || timeoutSeconds < 0)
        {
            throw new IllegalArgumentException(label + ": attempts " + attempts + ", timeout " + timeoutSeconds + " s");
        }
    }

    /** A step tried once, whose failure ends the report. */
    public Step(final J job, final String label, final String log, final List<String> command)
    {
        this(job, label, log, command, 1, false, 0);
    }

    /** @return this step tried up to {@code count} times before its failure ends the report. */
    public Step<J> withAttempts(final int count)
    {
        return new Step<>(job, label, log, command, count, keepsFailure, timeoutSeconds);
    }
}
