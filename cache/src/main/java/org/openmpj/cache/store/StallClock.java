package org.openmpj.cache.store;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

import org.openmpj.cache.CacheConfig;

/**
 * Decides when a wait for the backing store has become a stall. A wait times out once the store has delivered nothing
 * to anyone for the timeout, counted from the later of the wait's start and the store's last delivery: a load queued
 * behind others (128 clients asking for 128 new files at once) is waiting its turn while the store is busy, and is
 * not stalled, however long the queue.
 *
 * <p>Thread-safe: loaders report deliveries and any number of threads wait at once.
 */
public final class StallClock
{
    private final long timeoutNs;
    private final LongSupplier clockNs;
    private volatile long lastDeliveryNs;

    /** @param timeoutMs how long the store may deliver nothing before a waiting reader gives up. */
    public StallClock(final long timeoutMs)
    {
        this(timeoutMs, System::nanoTime);
    }

    /** @param clockNs the clock, {@link System#nanoTime} but in tests. */
    StallClock(final long timeoutMs, final LongSupplier clockNs)
    {
        this.timeoutNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        this.clockNs = clockNs;
        this.lastDeliveryNs = clockNs.getAsLong();
    }

    public long timeoutMs()
    {
        return TimeUnit.NANOSECONDS.toMillis(timeoutNs);
    }

    /** @return what a stall's error says of it: how long the store delivered nothing, and the setting that bounds that. */
    public String silence()
    {
        return "the store delivered nothing for " + timeoutMs() + " ms (" + CacheConfig.BACKING_TIMEOUT_MS_PROP_NAME + ")";
    }

    /** Records that the store delivered something: a file's size or a chunk. */
    public void onDelivery()
    {
        lastDeliveryNs = clockNs.getAsLong();
    }

    /** @return the start of a wait, to pass to {@link #leftNs}. */
    public long startNs()
    {
        return clockNs.getAsLong();
    }

    /** @return how long a wait that started at {@code startNs} may still go on; zero or less once it is a stall. */
    public long leftNs(final long startNs)
    {
        final long delivered = lastDeliveryNs;
        final long quietSinceNs = delivered - startNs > 0 ? delivered : startNs;
        return timeoutNs - (clockNs.getAsLong() - quietSinceNs);
    }

    /**
     * Waits for {@code answer} from the store for as long as the store is not stalled.
     *
     * @throws TimeoutException when the store delivered nothing to anyone for the timeout.
     */
    public <T> T await(final CompletableFuture<T> answer) throws InterruptedException, ExecutionException, TimeoutException
    {
        final long startNs = startNs();
        while (true)
        {
            final long leftNs = leftNs(startNs);
            if (leftNs <= 0)
            {
                throw new TimeoutException(silence());
            }
            try
            {
                return answer.get(leftNs, TimeUnit.NANOSECONDS);
            }
            catch (final TimeoutException ex)
            {
                // Others' deliveries meanwhile may have moved the stall's start: ask again.
            }
        }
    }
}
