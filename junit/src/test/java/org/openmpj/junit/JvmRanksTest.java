package org.openmpj.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmpj.junit.TestKit.assertAllSucceeded;
import static org.openmpj.junit.TestKit.names;
import static org.openmpj.junit.TestKit.onlyFailure;
import static org.openmpj.junit.TestKit.run;
import static org.openmpj.junit.TestKit.runCapturingOutput;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;

/**
 * {@link MpiTest} on device {@code shm}, whose ranks are JVMs of their own, as JUnit runs it: the samples of
 * {@link JvmSamples}. Each test says what it costs here (2 cores): mostly the rank JVMs' start-up, which runs in parallel.
 */
@Timeout(120)
class JvmRanksTest
{
    @Test
    void theRanksGetTheTestJvmsJavaAgentsButNotItsDebugger()
    {
        final String coverage = "-javaagent:/m2/org/jacoco/agent.jar=destfile=/project/target/jacoco.exec";
        assertEquals(List.of(coverage), JvmRanks.agentsOf(List.of("-Xmx1g", coverage, "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
            "-Dopenmpj.idle=backoff")));
    }

    /** 2 rank JVMs: 1 to 1.5 s. */
    @Test
    void eachRankIsAProcessOfItsOwnWhoseOutputReachesTheTestPrefixedWithItsRank()
    {
        final TestKit.Run run = runCapturingOutput(JvmSamples.Passing.class);
        assertAllSucceeded(run.tests(), 1);
        assertEquals(List.of("2 shm ranks"), names(run.tests()));
        for (int rank = 0; rank < 2; rank++)
        {
            assertTrue(run.out().contains("[" + rank + "] rank " + rank + " runs in process "), run.out());
        }
    }

    /** 3 rank JVMs: about 2 s. */
    @Test
    void aFailureOnOneRankIsReportedWithThatRanksOwnExceptionAndNotTheOthersWaits()
    {
        final Throwable failure = onlyFailure(run(JvmSamples.FailingOnOneRank.class));
        assertTrue(failure.getMessage().startsWith("1 of 3 shm ranks failed"), failure.getMessage());
        assertTrue(failure.getMessage().contains("rank 1: org.opentest4j.AssertionFailedError: rank 1 sees something wrong"),
            failure.getMessage());
        final AssertionFailedError cause = assertInstanceOf(AssertionFailedError.class, failure.getCause());
        assertEquals("rank 1 sees something wrong ==> expected: <true> but was: <false>", cause.getMessage());
        assertTrue(Arrays.stream(cause.getStackTrace()).anyMatch(frame -> frame.getMethodName().equals("rankOneDisagrees")),
            () -> "the rank's own stack trace: " + Arrays.toString(cause.getStackTrace()));
        assertEquals(0, failure.getSuppressed().length, () -> "only rank 1's failure: " + Arrays.toString(failure.getSuppressed()));
    }

    /** 3 rank JVMs: 1.5 to 2 s. */
    @Test
    void aFailureThatCannotBeSerializedComesAsACopyAndARankThatHaltedIsNamedWithItsExitCode()
    {
        final Throwable failure = onlyFailure(run(JvmSamples.FailingUnusually.class));
        final String message = failure.getMessage();
        assertTrue(message.startsWith("2 of 3 shm ranks failed"), message);
        assertTrue(message.contains("rank 1: " + JvmSamples.UnserializableFailure.class.getName() + ": rank 1 cannot go on (holding Object)"),
            message);
        assertTrue(message.contains("rank 2: rank 2 exited with code 7"), message);
        final List<Throwable> reported = new ArrayList<>(Arrays.asList(failure.getSuppressed()));
        reported.add(failure.getCause());
        final ThrowableCopy copy = reported.stream().filter(ThrowableCopy.class::isInstance).map(ThrowableCopy.class::cast).findFirst()
            .orElseThrow(() -> new AssertionError("no copy of rank 1's failure among " + reported));
        assertEquals(JvmSamples.UnserializableFailure.class.getName(), copy.className());
        assertTrue(Arrays.stream(copy.getStackTrace()).anyMatch(frame -> frame.getMethodName().equals("ranksFailInWaysOfTheirOwn")),
            () -> "the rank's own stack trace: " + Arrays.toString(copy.getStackTrace()));
    }

    /** 2 rank JVMs: about 1.5 s. */
    @Test
    void anAbortingRankIsNamedWithTheAbortThoughItsOwnErrorOnlyFollowsFromIt()
    {
        final Throwable failure = onlyFailure(run(JvmSamples.Aborting.class));
        assertTrue(failure.getMessage().startsWith("1 of 2 shm ranks failed"), failure.getMessage());
        assertTrue(failure.getMessage().contains("  rank 1: ") && failure.getMessage().contains("MPI.Abort with error code 3"),
            failure.getMessage());
    }

    /** 2 rank JVMs, stopped 1 s after their 3 s timeout: about 4.5 s. */
    @Test
    void aHangingTestFailsWithEveryRanksThreadsAndLeavesNoRankProcess() throws InterruptedException
    {
        final long start = System.nanoTime();
        final String message = onlyFailure(run(JvmSamples.Hanging.class)).getMessage();
        assertTrue((System.nanoTime() - start) / 1_000_000_000 < 15, "the hanging test ended within 15 s");
        assertTrue(message.startsWith("on 2 shm ranks: the job did not finish within its timeout of 3 s; ranks still running: 0, 1\n"), message);
        final Matcher ranks = Pattern.compile("(?s)(rank 0 \\(JVM (\\d+)\\), thread \"main\".*)(rank 1 \\(JVM (\\d+)\\), thread \"main\".*)")
            .matcher(message);
        assertTrue(ranks.find(), message);
        assertNotEquals(ranks.group(2), ranks.group(4), "the ranks' JVMs");
        assertTrue(ranks.group(1).contains("java.lang.Thread.sleep") && ranks.group(1).contains("rankZeroNeverArrives"), ranks.group(1));
        assertTrue(ranks.group(3).contains("Barrier") && ranks.group(3).contains("rankZeroNeverArrives"), ranks.group(3));
        final long deadline = System.nanoTime() + 5_000_000_000L;
        while (ProcessHandle.current().descendants().findAny().isPresent() && System.nanoTime() < deadline)
        {
            Thread.sleep(50);
        }
        assertEquals(List.of(), ProcessHandle.current().descendants().map(process -> process.pid() + " " + process.info()).toList(),
            "processes left");
    }

    /** 2 methods, each on thread ranks and then on 2 rank JVMs: 2 to 3.5 s. */
    @Test
    void onAClassEveryTestMethodRunsOnThreadRanksAndOnJvmRanks()
    {
        final TestKit.Run run = runCapturingOutput(JvmSamples.OnTheClass.class);
        assertAllSucceeded(run.tests(), 2);
        final long here = ProcessHandle.current().pid();
        for (final String method : List.of("everyRankSeesTwo", "anAllreduceSumsTheRanks"))
        {
            assertTrue(Pattern.compile("(?m)^" + method + " on rank 0 of processes \\[" + here + ", " + here + "]$").matcher(run.out()).find(),
                () -> method + " on thread ranks of this JVM, " + here + ":\n" + run.out());
            final Matcher jvms = Pattern.compile("\\[0] " + method + " on rank 0 of processes \\[(\\d+), (\\d+)]\n").matcher(run.out());
            assertTrue(jvms.find(), () -> method + " on JVM ranks:\n" + run.out());
            assertNotEquals(jvms.group(1), jvms.group(2), "the ranks' JVMs");
            assertNotEquals(Long.toString(here), jvms.group(1), "rank 0's JVM is not the test's");
        }
    }
}
