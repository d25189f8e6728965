package org.openmpj.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;

import org.openmpj.runtime.JobResult;
import org.openmpj.testing.JobRunner;

/**
 * What every conformance suite needs: the device under test, supplied by a subclass per device, and ways to
 * run a program as a job and judge how it ended. Programs check their own results inside the ranks; a failed
 * check fails the job, which fails the test with the rank's message.
 */
public abstract class AbstractConformanceSuite
{
    /** A job running longer is failed; no program comes near it. */
    protected static final Duration JOB_TIMEOUT = Duration.ofSeconds(60);

    /** @return how jobs are launched on the device under test. */
    protected abstract JobRunner runner();

    /** Runs {@code program} at {@code processes} ranks and requires a clean end. */
    protected void runClean(final int processes, final Class<?> program, final String... args)
    {
        final JobResult result = runner().run(processes, program, JOB_TIMEOUT, args);
        if (!result.succeeded())
        {
            final Throwable cause = result.failure().cause();
            throw new AssertionError(program.getSimpleName() + " on " + processes + " " + runner().device() + " ranks: "
                + result.failure().message(), cause);
        }
        assertNull(result.failure());
        assertEquals(0, result.exitCode());
    }

    /**
     * Runs {@code program} at {@code processes} ranks and requires it to fail: a failure is recorded and the
     * exit code is not 0.
     *
     * @return how the job ended, for further checks.
     */
    protected JobResult runFailing(final int processes, final Class<?> program, final String... args)
    {
        final JobResult result = runner().run(processes, program, JOB_TIMEOUT, args);
        assertFalse(result.succeeded(), () -> program.getSimpleName() + " on " + processes + " ranks should have failed");
        assertNotNull(result.failure());
        assertNotEquals(0, result.exitCode(), "exit code of a failed job");
        return result;
    }
}
