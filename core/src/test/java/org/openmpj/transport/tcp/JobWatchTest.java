package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.runtime.JobState;

/** The liveness watch hears of a neighbour's death also on a connection added while it was already waiting. */
@Timeout(30)
class JobWatchTest
{
    @Test
    void aNeighbourAddedWhileTheWatchWaitsIsWatched() throws Exception
    {
        final JobState job = new JobState();
        final JobWatch watch = new JobWatch(0, job);
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
}
