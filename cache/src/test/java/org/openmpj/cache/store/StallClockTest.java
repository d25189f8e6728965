package org.openmpj.cache.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A wait for the backing store becomes a stall only when the store delivered nothing to anyone for the timeout: a
 * load queued behind others while the store is busy is not stalled.
 */
@Timeout(30)
class StallClockTest
{
    private static final long SECOND_NS = 1_000_000_000L;

    private long nowNs = -5 * SECOND_NS;

    @Test
    void aQuietStoreStallsAWaitAtTheTimeout()
    {
        final StallClock stall = new StallClock(30_000, () -> nowNs);
        final long startNs = stall.startNs();
        nowNs += 29 * SECOND_NS;
        assertEquals(SECOND_NS, stall.leftNs(startNs));
        nowNs += SECOND_NS;
        assertTrue(stall.leftNs(startNs) <= 0, "30 s without a delivery is a stall");
        assertEquals("the store delivered nothing for 30000 ms (openmpj.cache.backing.timeoutMs)", stall.silence());
    }

    @Test
    void aDeliveryToAnyoneDuringTheWaitStartsTheCountAgain()
    {
        final StallClock stall = new StallClock(30_000, () -> nowNs);
        final long startNs = stall.startNs();
        nowNs += 20 * SECOND_NS;
        stall.onDelivery();
        nowNs += 20 * SECOND_NS;
        assertEquals(10 * SECOND_NS, stall.leftNs(startNs), "40 s into the wait, 20 s after the store last delivered");
        nowNs += 10 * SECOND_NS;
        assertTrue(stall.leftNs(startNs) <= 0);
    }

    @Test
    void aDeliveryBeforeTheWaitDoesNotLengthenIt()
    {
        final StallClock stall = new StallClock(30_000, () -> nowNs);
        stall.onDelivery();
        nowNs += 5 * SECOND_NS;
        final long startNs = stall.startNs();
        nowNs += 30 * SECOND_NS;
        assertTrue(stall.leftNs(startNs) <= 0, "the wait's own 30 s count from its start");
    }

    @Test
    void aChunkQueuedBehindOtherLoadsIsWaitedForPastTheTimeoutWhileTheStoreDelivers() throws Exception
    {
        final StallClock stall = new StallClock(300);
        final CachedFile file = CachedFile.resident("queued.bin", 10, 10);
        final AtomicBoolean published = new AtomicBoolean();
        final Thread otherLoads = Thread.ofPlatform().start(() ->
        {
            try
            {
                // Three timeouts' worth of deliveries to other files, then this file's turn.
                final long untilNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(900);
                while (System.nanoTime() - untilNs < 0)
                {
                    stall.onDelivery();
                    Thread.sleep(20);
                }
                published.set(file.publish(0, new byte[10], 0));
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        });
        final long startNs = System.nanoTime();
        assertTrue(file.awaitChunk(0, stall), "the chunk came once the store got to it");
        assertTrue(System.nanoTime() - startNs >= TimeUnit.MILLISECONDS.toNanos(900), "it was waited for while others were served");
        otherLoads.join();
        assertTrue(published.get());
        final CachedFile stalled = CachedFile.resident("stalled.bin", 10, 10);
        assertFalse(stalled.awaitChunk(0, stall), "with nothing delivered to anyone, the wait ends at the timeout");
    }

    @Test
    void anAnswerIsAwaitedWhileTheStoreDeliversAndNotBeyondItsSilence() throws Exception
    {
        final StallClock stall = new StallClock(300);
        final CompletableFuture<String> answer = new CompletableFuture<>();
        final Thread store = Thread.ofPlatform().start(() ->
        {
            try
            {
                for (int i = 0; i < 45; i++)
                {
                    stall.onDelivery();
                    Thread.sleep(20);
                }
                answer.complete("size 10");
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        });
        assertEquals("size 10", stall.await(answer));
        store.join();
        assertThrows(TimeoutException.class, () -> stall.await(new CompletableFuture<String>()));
    }
}
