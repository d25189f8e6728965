package org.openmpj.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmpj.junit.TestKit.assertAllSucceeded;
import static org.openmpj.junit.TestKit.names;
import static org.openmpj.junit.TestKit.onlyFailure;
import static org.openmpj.junit.TestKit.run;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** {@link MpiTest} as JUnit runs it: the sample classes' outcomes, read from the JUnit platform's events. */
@Timeout(120)
class MpiTestExtensionTest
{
    /** On thread ranks, then on 3 tcp rank JVMs: 1.5 to 2 s here, most of it their start-up. */
    @Test
    void aPassingTestPassesOncePerDeviceWithEveryRanksBeforeEach()
    {
        final Events tests = run(Samples.Passing.class);
        assertAllSucceeded(tests, 2);
        assertEquals(List.of("3 thread ranks", "3 tcp ranks"), names(tests));
    }

    @Test
    void aFailureOnOneRankIsReportedWithThatRankAndNotTheOthersWaits()
    {
        final Throwable failure = onlyFailure(run(Samples.FailingOnOneRank.class));
        assertInstanceOf(AssertionError.class, failure);
        assertTrue(failure.getMessage().startsWith("1 of 4 thread ranks failed"), failure.getMessage());
        assertTrue(failure.getMessage().contains("rank 2: org.opentest4j.AssertionFailedError: rank 2 sees something wrong"),
            failure.getMessage());
        assertEquals("rank 2 sees something wrong ==> expected: <true> but was: <false>", failure.getCause().getMessage());
    }

    @Test
    void beforeAllAndAfterAllRunOnEveryRankWithMpiStarted()
    {
        for (int rank = 0; rank < 3; rank++)
        {
            System.clearProperty(Samples.WithAllMethods.AFTER_ALL_PREFIX + rank);
        }
        assertAllSucceeded(run(Samples.WithAllMethods.class), 1);
        for (int rank = 0; rank < 3; rank++)
        {
            assertEquals("ran after " + (10 + rank), System.getProperty(Samples.WithAllMethods.AFTER_ALL_PREFIX + rank), "rank " + rank);
        }
    }

    @Test
    void failuresOnSeveralRanksAreEachReported()
    {
        final Throwable failure = onlyFailure(run(Samples.FailingOnTwoRanks.class));
        assertTrue(failure.getMessage().startsWith("2 of 4 thread ranks failed"), failure.getMessage());
        assertTrue(failure.getMessage().contains("rank 1: ") && failure.getMessage().contains("rank 3: "), failure.getMessage());
        assertEquals(1, failure.getSuppressed().length, "the second rank's failure, suppressed under the first");
    }

    @Test
    void anAbortingRankIsNamedThoughItThrewNothingItself()
    {
        final Throwable failure = onlyFailure(run(Samples.Aborting.class));
        assertTrue(failure.getMessage().startsWith("1 of 3 thread ranks failed"), failure.getMessage());
        assertTrue(failure.getMessage().contains("rank 1: ") && failure.getMessage().contains("Abort"), failure.getMessage());
    }

    @Test
    void aHangingRankFailsTheTestWithEveryRanksStackAndNoRankThreadIsLeft() throws InterruptedException
    {
        final long start = System.nanoTime();
        final Throwable failure = onlyFailure(run(Samples.Hanging.class));
        assertTrue(failure.getMessage().contains("did not finish within its timeout of 2 s"), failure.getMessage());
        assertTrue(failure.getMessage().contains("rank-0") && failure.getMessage().contains("rankZeroNeverArrives"),
            failure.getMessage());
        assertTrue(failure.getMessage().contains("rank-1") && failure.getMessage().contains("rank-2"), failure.getMessage());
        assertTrue((System.nanoTime() - start) / 1_000_000_000 < 15, "the hanging test ended within 15 s");
        final long deadline = System.nanoTime() + 5_000_000_000L;
        while (rankThreads() > 0 && System.nanoTime() < deadline)
        {
            Thread.sleep(50);
        }
        assertEquals(0, rankThreads(), () -> "rank threads left: " + Thread.getAllStackTraces().keySet());
    }

    @Test
    void onAClassEveryTestMethodRunsOnTheRanks()
    {
        assertAllSucceeded(run(Samples.OnTheClass.class), 2);
    }

    @Test
    void badSettingsAreNamed()
    {
        final IllegalArgumentException ranks = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> new RankedRun("thread", 0, java.time.Duration.ofSeconds(1)));
        assertTrue(ranks.getMessage().contains("ranks = 0"), ranks.getMessage());
    }

    @Test
    void repeatedFourRankTestsEachTakeLittleOnceTheFirstHasRun()
    {
        final Events tests = run(Samples.Repeated.class);
        assertAllSucceeded(tests, 3);
        // Printed, not asserted: how long a 4-rank test takes is measured, not a timed test.
        final Map<String, Long> millis = new java.util.LinkedHashMap<>();
        for (final Event finished : tests.finished().list())
        {
            final Event started = tests.started().list().stream()
                .filter(event -> event.getTestDescriptor().equals(finished.getTestDescriptor())).findFirst().orElseThrow();
            millis.put(finished.getTestDescriptor().getUniqueId().toString().replaceAll(".*method:", ""),
                java.time.Duration.between(started.getTimestamp(), finished.getTimestamp()).toMillis());
        }
        System.out.println("4-rank @MpiTest durations, ms: " + millis);
    }

    private static long rankThreads()
    {
        return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().startsWith("rank-")).count();
    }
}
