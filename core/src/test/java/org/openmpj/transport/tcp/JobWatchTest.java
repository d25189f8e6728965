package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.runtime.JobState;

/**
 * The liveness watch hears of a neighbour's death also on a connection added while it was already waiting, takes a
 * neighbour that sends nothing for the silence limit for dead, and keeps one whose watch beats though its rank is idle.
 */
@Timeout(30)
class JobWatchTest
{
    @Test
    void aNeighbourAddedWhileTheWatchWaitsIsWatched() throws Exception
    {
        final JobState job = new JobState();
        final JobWatch watch = new JobWatch(0, job, 0);
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            watch.start();
            // Long enough for the watch thread to be blocked in its select, which has no timeout.
            Thread.sleep(300);
            final SocketChannel neighbour = SocketChannel.open(listener.getLocalAddress());
            try (SocketChannel ours = listener.accept())
            {
                watch.add(ours, 1);
                neighbour.close();
                final long deadlineNs = System.nanoTime() + 10_000_000_000L;
                while (job.failure() == null && System.nanoTime() - deadlineNs < 0)
                {
                    Thread.sleep(10);
                }
            }
            finally
            {
                watch.close();
            }
        }
        final JobState.Failure failure = job.failure();
        assertNotNull(failure, "the watch did not notice that rank 1's connection closed without a goodbye");
        assertEquals(1, failure.rank());
        assertTrue(failure.message().contains("rank 1 died or exited without MPI.Finalize"), failure.message());
    }

    @Test
    void aNeighbourThatSendsNothingForTheSilenceLimitFailsTheJobNamingItsAddress() throws Exception
    {
        final JobState job = new JobState();
        final JobWatch watch = new JobWatch(0, job, 400);
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            watch.start();
            // A neighbour whose connection stays open but says nothing, as one behind a dead link.
            try (SocketChannel silent = SocketChannel.open(listener.getLocalAddress()); SocketChannel ours = listener.accept())
            {
                final long startNs = System.nanoTime();
                watch.add(ours, 3);
                awaitFailure(job, 10_000);
                final long tookMs = (System.nanoTime() - startNs) / 1_000_000;
                assertTrue(tookMs >= 400, "taken for dead after " + tookMs + " ms, before the 400 ms limit");
                assertTrue(silent.isConnected(), "the silent neighbour's connection closed, so this was not silence");
                final JobState.Failure failure = job.failure();
                assertNotNull(failure, "a neighbour silent for 10 s was not taken for dead with a 400 ms limit");
                assertEquals(3, failure.rank());
                assertTrue(failure.message().contains("rank 3 (on 127.0.0.1) sent nothing to rank 0")
                    && failure.message().contains("openmpj.liveness.timeoutMs=400"), failure.message());
            }
            finally
            {
                watch.close();
            }
        }
    }

    @Test
    void aNeighbourWhoseWatchBeatsStaysAliveThoughItsRankSendsNothing() throws Exception
    {
        final JobState job = new JobState();
        final JobState neighbourJob = new JobState();
        final JobWatch watch = new JobWatch(0, job, 400);
        final JobWatch neighbour = new JobWatch(1, neighbourJob, 400);
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            watch.start();
            neighbour.start();
            final SocketChannel theirs = SocketChannel.open(listener.getLocalAddress());
            final SocketChannel ours = listener.accept();
            watch.add(ours, 1);
            neighbour.add(theirs, 0);
            // Ten silence limits: only the beats keep either side from taking the other for dead.
            Thread.sleep(4_000);
            assertNull(job.failure(), () -> "rank 0 took its beating neighbour for dead: " + job.failure().message());
            assertNull(neighbourJob.failure(), () -> "rank 1 took its beating neighbour for dead: " + neighbourJob.failure().message());
        }
        finally
        {
            neighbour.close();
            watch.close();
        }
    }

    private static void awaitFailure(final JobState job, final long limitMs) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + limitMs * 1_000_000;
        while (job.failure() == null && System.nanoTime() - deadlineNs < 0)
        {
            Thread.sleep(10);
        }
    }
}
