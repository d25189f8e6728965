package org.openmpj.ompi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;

import org.openmpj.runtime.JobResult;

/**
 * What every suite of the Open MPI façade needs: the device under test, supplied by a subclass per device, and ways to
 * run a program as a job and judge how it ended. Programs check their own results inside the ranks.
 */
abstract class AbstractOmpiSuite
{
    /** A job running longer is failed; no program comes near it. */
    static final Duration JOB_TIMEOUT = Duration.ofSeconds(60);

    /** @return how jobs are launched on the device under test. */
    abstract OmpiJobRunner runner();

    /** Runs {@code program} on {@code ranks} ranks and requires a clean end. */
    final void runClean(final int ranks, final Class<?> program, final String... args)
    {
        final JobResult result = runner().run(ranks, program, JOB_TIMEOUT, args);
        if (!result.succeeded())
        {
            throw new AssertionError(program.getSimpleName() + " on " + ranks + " " + runner().device() + " ranks: "
                + result.failure().message(), result.failure().cause());
        }
        assertEquals(0, result.exitCode());
    }

    /** Runs {@code program} on {@code ranks} ranks and requires it to fail; returns how it ended. */
    final JobResult runFailing(final int ranks, final Class<?> program, final String... args)
    {
        final JobResult result = runner().run(ranks, program, JOB_TIMEOUT, args);
        assertFalse(result.succeeded(), () -> program.getSimpleName() + " on " + ranks + " ranks should have failed");
        return result;
    }
}
