package org.openmpj.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.runtime.JobResult;
import org.openmpj.testing.JobRunner;

/**
 * MPI point-to-point semantics, as programs run at 1, 2, 3, 4 and 8 ranks. Every device runs this same
 * suite through a subclass that supplies its {@link JobRunner}. Each program checks its own results inside
 * the ranks; a failed check fails the job, which fails the test with the rank's message.
 */
public abstract class AbstractPointToPointSuite
{
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(60);

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

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void ringOfBlockingSends(final int processes)
    {
        runClean(processes, Programs.Ring.class);
    }
}
