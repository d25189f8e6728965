package org.openmpj.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.runtime.JobResult;

/**
 * The MPI environment and the job around it, as programs run at 1, 2, 3, 4 and 8 ranks: start-up and
 * shut-down, bad arguments, and jobs that fail — by an exception, Abort, a missing Finalize, a failed check or
 * a fatal error handler — ending promptly with the failing rank named. Every device runs this same suite
 * through a subclass that supplies its runner.
 */
public abstract class AbstractEnvironmentSuite extends AbstractConformanceSuite
{
    /**
     * A failed job must end this soon although ranks were blocked on the failed one: their waits must fail at
     * once. Below the thread launcher's 5 s grace for unwinding ranks, so ranks left blocked are noticed.
     */
    private static final Duration PROMPTLY = Duration.ofSeconds(4);

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void environmentBeforeDuringAndAfterMpi(final int processes)
    {
        runClean(processes, EnvironmentPrograms.Environment.class, "a", "b c");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void badArgumentsFailNamingTheValueAndTheJobGoesOn(final int processes)
    {
        runClean(processes, EnvironmentPrograms.BadArguments.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aRankThatThrowsFailsTheJobPromptly(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.RankZeroThrows.class);
        assertEquals(0, result.failure().rank(), "the failed rank");
        assertContains(result, "rank 0");
        assertContains(result, "deliberate failure of rank 0");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aRankThatThrowsEndsRanksPollingForItPromptly(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.RankZeroThrowsWhilePolled.class);
        assertEquals(0, result.failure().rank(), "the failed rank");
        assertContains(result, "deliberate failure of rank 0 while others poll");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void commAbortEndsTheJobWithItsErrorCode(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.Aborts.class, "COMM_WORLD");
        assertEquals(3, result.exitCode(), "exit code of a job aborted with error code 3");
        assertEquals(processes - 1, result.failure().rank(), "the aborting rank");
        assertContains(result, "Abort");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void mpiAbortEndsTheJobWithItsErrorCode(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.Aborts.class, "MPI");
        assertEquals(3, result.exitCode(), "exit code of a job aborted with error code 3");
        assertEquals(processes - 1, result.failure().rank(), "the aborting rank");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void returningWithoutFinalizeFailsTheJob(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.NoFinalize.class);
        assertEquals(processes - 1, result.failure().rank(), "the rank that skipped Finalize");
        assertContains(result, "Finalize");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aBadCallUnderErrorsAreFatalAbortsTheJob(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.FatalErrors.class);
        assertEquals(processes - 1, result.failure().rank(), "the rank whose call failed");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4})
    void errorsOutsideCommunicatorsGoToTheWorldsHandler(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.FatalWorldCoversGroups.class);
        assertEquals(processes - 1, result.failure().rank(), "the rank whose call failed");
        assertContains(result, "Incl");
        assertContains(result, "MPI.ERRORS_ARE_FATAL");
        assertEquals(mpi.MPI.ERR_RANK, result.exitCode(), "exit code: the error class of the failed call");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4})
    void eachCommunicatorHasItsOwnHandler(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.FatalOnADuplicate.class);
        assertEquals(processes - 1, result.failure().rank(), "the rank whose call failed");
        assertContains(result, "tag=-5");
        assertContains(result, "MPI.ERRORS_ARE_FATAL");
        assertEquals(mpi.MPI.ERR_TAG, result.exitCode(), "exit code: the error class of the failed call");
        runClean(processes, EnvironmentPrograms.HandlersArePerCommunicator.class);
    }

    /** The harness itself: a failed check inside a rank fails the job and the test, so no test passes vacuously. */
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aFailedCheckFailsTheJobAndTheTest(final int processes)
    {
        final JobResult result = runFailingPromptly(processes, FailurePrograms.FailingCheck.class);
        assertEquals(processes - 1, result.failure().rank(), "the rank whose check failed");
        assertContains(result, FailurePrograms.FailingCheck.MESSAGE);
        final AssertionError reported = assertThrows(AssertionError.class, () -> runClean(processes, FailurePrograms.FailingCheck.class));
        assertTrue(reported.getMessage().contains(FailurePrograms.FailingCheck.MESSAGE), reported.getMessage());
    }

    private JobResult runFailingPromptly(final int processes, final Class<?> program, final String... args)
    {
        final long start = System.nanoTime();
        final JobResult result = runFailing(processes, program, args);
        final Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(PROMPTLY) < 0, () -> program.getSimpleName() + " took " + took + " to fail: " + result.failure().message());
        return result;
    }

    private static void assertContains(final JobResult result, final String fragment)
    {
        final String message = result.failure().message();
        assertTrue(message.contains(fragment), () -> "failure message '" + message + "' does not mention '" + fragment + "'");
    }
}
