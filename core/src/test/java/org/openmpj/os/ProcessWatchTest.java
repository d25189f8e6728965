package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Watching processes end, with {@code pidfd}s and with the {@link ProcessHandle} fallback. A report is awaited for at
 * most 5 s; that none comes is checked by waiting a few of the watch thread's rounds.
 */
@Timeout(60)
class ProcessWatchTest
{
    private static final long REPORT_WAIT_MS = 5_000;
    private static final long QUIET_WAIT_MS = 3L * ProcessWatch.POLL_TIMEOUT_MS;

    private final BlockingQueue<long[]> reports = new LinkedBlockingQueue<>();
    private final List<Process> children = new ArrayList<>();
    private ProcessWatch watch;

    @AfterEach
    void cleanUp() throws InterruptedException
    {
        for (final Process child : children)
        {
            child.destroyForcibly();
        }
        if (watch != null)
        {
            watch.close();
            watch.thread().join(REPORT_WAIT_MS);
        }
    }

    @Test
    void watchesWithPidfdsWhereTheCLibraryIsAvailable()
    {
        assumeTrue(Libc.AVAILABLE, Libc::unavailabilityCause);
        watch = new ProcessWatch("test-watch", this::onEnded);
        assertTrue(watch.usesPidfds(), "pidfd_open is missing");
    }

    @ParameterizedTest(name = "pidfds={0}")
    @ValueSource(booleans = {true, false})
    void aKilledProcessIsReportedOnceWithItsTag(final boolean pidfds) throws Exception
    {
        watch = new ProcessWatch("test-watch", this::onEnded, pidfds);
        final Process child = sleeper();
        watch.watch(child.pid(), 3);
        child.destroyForcibly();
        assertReported(child.pid(), 3);
        Thread.sleep(QUIET_WAIT_MS);
        assertTrue(reports.isEmpty(), "reported twice");
    }

    @ParameterizedTest(name = "pidfds={0}")
    @ValueSource(booleans = {true, false})
    void aProcessEndedBeforeItWasWatchedIsReported(final boolean pidfds) throws Exception
    {
        watch = new ProcessWatch("test-watch", this::onEnded, pidfds);
        final Process child = start("true");
        assertTrue(child.waitFor(REPORT_WAIT_MS, TimeUnit.MILLISECONDS));
        watch.watch(child.pid(), 5);
        assertReported(child.pid(), 5);
    }

    @ParameterizedTest(name = "pidfds={0}")
    @ValueSource(booleans = {true, false})
    void anUnwatchedProcessIsNotReported(final boolean pidfds) throws Exception
    {
        watch = new ProcessWatch("test-watch", this::onEnded, pidfds);
        final Process unwatched = sleeper();
        final Process watched = sleeper();
        watch.watch(unwatched.pid(), 1);
        watch.watch(watched.pid(), 2);
        watch.watch(ProcessHandle.current().pid(), 9);
        watch.unwatch(1);
        unwatched.destroyForcibly();
        watched.destroyForcibly();
        assertReported(watched.pid(), 2);
        Thread.sleep(QUIET_WAIT_MS);
        assertTrue(reports.isEmpty(), "reported an unwatched process");
    }

    @ParameterizedTest(name = "pidfds={0}")
    @ValueSource(booleans = {true, false})
    void closeEndsTheThreadAndReportsNothingMore(final boolean pidfds) throws Exception
    {
        watch = new ProcessWatch("test-watch", this::onEnded, pidfds);
        final Process child = sleeper();
        watch.watch(child.pid(), 4);
        watch.close();
        watch.close();
        watch.thread().join(REPORT_WAIT_MS);
        assertFalse(watch.thread().isAlive(), "the watch thread still runs");
        child.destroyForcibly();
        assertTrue(child.waitFor(REPORT_WAIT_MS, TimeUnit.MILLISECONDS));
        watch.watch(child.pid(), 6);
        Thread.sleep(QUIET_WAIT_MS);
        assertTrue(reports.isEmpty(), "reported after close");
    }

    private void onEnded(final long pid, final int tag)
    {
        reports.add(new long[] {pid, tag});
    }

    private void assertReported(final long pid, final int tag) throws InterruptedException
    {
        final long[] report = reports.poll(REPORT_WAIT_MS, TimeUnit.MILLISECONDS);
        assertTrue(report != null, "no report within " + REPORT_WAIT_MS + " ms");
        assertEquals(pid, report[0]);
        assertEquals(tag, report[1]);
    }

    private Process sleeper() throws IOException
    {
        return start("sleep", "30");
    }

    private Process start(final String... command) throws IOException
    {
        final Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        children.add(child);
        return child;
    }
}
