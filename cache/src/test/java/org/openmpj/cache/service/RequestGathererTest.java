package org.openmpj.cache.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RequestGathererTest
{
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final BlockingQueue<int[]> closed = new LinkedBlockingQueue<>();
    private final RequestGatherer gatherer = new RequestGatherer(50_000, timer, (path, members) -> closed.add(members));

    @AfterEach
    void stop()
    {
        timer.shutdownNow();
    }

    @Test
    @Timeout(10)
    void aRequestNoOtherClientMadeLatelyGoesAtOnceAlone() throws InterruptedException
    {
        assertFalse(gatherer.add("f", 3, true));
        assertArrayEquals(new int[] {3}, closed.poll(0, TimeUnit.SECONDS), "delivered before add returned");
        assertFalse(gatherer.add("f", 3, true));
        assertArrayEquals(new int[] {3}, closed.poll(0, TimeUnit.SECONDS), "the same client again: still alone");
    }

    @Test
    @Timeout(10)
    void requestsOfSeveralClientsForOnePathAreGatheredIntoOneBatch() throws InterruptedException
    {
        gatherer.add("f", 1, true);
        assertArrayEquals(new int[] {1}, closed.take(), "the first of a burst goes alone");
        assertFalse(gatherer.add("f", 2, true));
        for (final int rank : List.of(3, 4, 5))
        {
            assertTrue(gatherer.add("f", rank, true));
        }
        assertArrayEquals(new int[] {2, 3, 4, 5}, closed.take());
        assertEquals(0, closed.size());
        assertFalse(gatherer.add("f", 5, true));
        assertTrue(gatherer.add("f", 6, true));
        assertArrayEquals(new int[] {5, 6}, closed.take(), "the same client again, but another asked lately: gathered");
    }

    @Test
    @Timeout(10)
    void aRequestForAFileStillLoadingIsGatheredEvenAlone() throws InterruptedException
    {
        assertFalse(gatherer.add("g", 1, false));
        assertEquals(null, closed.poll(10, TimeUnit.MILLISECONDS), "held for the gather time");
        assertArrayEquals(new int[] {1}, closed.take());
    }
}
