package org.openmpj.cache.service;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import mpi.Request;

/**
 * Ends a relay member's wait for a parent that forwards nothing for the stall limit. A parent that dies fails the job,
 * and with it every wait; this is for one that lives but stops forwarding (its thread stuck elsewhere), whose children
 * would otherwise wait for ever. A shared daemon thread looks every quarter of the limit; once the limit has passed
 * without a chunk, it cancels the member's posted receives, so that its wait returns and it can fail the fetch, and
 * goes on cancelling what is posted until the member closes the watch.
 *
 * <p>Thread-safety: {@link #progress} and {@link #stalled} from the receiving thread, the checks on the watch thread.
 */
final class RelayStall implements AutoCloseable
{
    private static final ScheduledExecutorService WATCH = Executors.newSingleThreadScheduledExecutor(task ->
    {
        final Thread thread = new Thread(task, "mpj-cache-relay-watch");
        thread.setDaemon(true);
        return thread;
    });

    private final long limitNs;
    private final Request[][] receives;
    private final ScheduledFuture<?> check;
    private volatile long lastProgressNs = System.nanoTime();
    private volatile boolean stalled;

    /**
     * @param limitMs  how long the parent may forward nothing.
     * @param receives the member's slots of posted receives, read by the watch thread.
     */
    RelayStall(final long limitMs, final Request[]... receives)
    {
        this.limitNs = TimeUnit.MILLISECONDS.toNanos(limitMs);
        this.receives = receives.clone();
        final long periodMs = Math.max(1, limitMs / 4);
        this.check = WATCH.scheduleWithFixedDelay(this::check, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    /** A chunk arrived: the stall limit counts again from now. */
    void progress()
    {
        lastProgressNs = System.nanoTime();
    }

    /** @return whether the limit passed without a chunk, after which the posted receives are cancelled. */
    boolean stalled()
    {
        return stalled;
    }

    /** @return how long, in milliseconds, the parent had forwarded nothing when the watch gave up. */
    long limitMs()
    {
        return TimeUnit.NANOSECONDS.toMillis(limitNs);
    }

    @Override
    public void close()
    {
        check.cancel(false);
    }

    private void check()
    {
        if (!stalled && System.nanoTime() - lastProgressNs <= limitNs)
        {
            return;
        }
        stalled = true;
        for (final Request[] slots : receives)
        {
            for (final Request receive : slots)
            {
                if (receive != null)
                {
                    try
                    {
                        receive.Cancel();
                    }
                    catch (final RuntimeException ex)
                    {
                        // Completed or freed meanwhile: nothing of it is waited for any more.
                    }
                }
            }
        }
    }
}
