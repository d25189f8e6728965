package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.List;

/**
 * What one run of a {@link Step} printed, in one round.
 *
 * @param step    the step.
 * @param round   the round, from 1.
 * @param output  its output lines, stdout and stderr together.
 * @param failure why it failed (its exit code, a timeout, no start), or empty when it succeeded; only steps that keep their
 *                failures are handed back failed.
 * @param log     the file its output was saved to (its last attempt's).
 * @param <J>     the report's kind of job.
 */
public record StepRun<J>(Step<J> step, int round, List<String> output, String failure, Path log)
{
    /** Copies the output. */
    public StepRun
    {
        output = List.copyOf(output);
    }

    /** @return whether the run succeeded. */
    public boolean succeeded()
    {
        return failure.isEmpty();
    }
}
