package org.openmpj.cache.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Gathers the clients asking for one file at about the same time into one relay: a batch opens with the first request
 * for a path and closes once no new request for it has come for the gather time (or after ten gather times in all),
 * so a burst of requests from many clients becomes one tree instead of one stream per client. Thread-safe.
 */
final class RequestGatherer
{
    /** A burst is cut off after this many gather times, so a steady trickle of requests cannot hold a batch open. */
    private static final int MAX_GATHER_TIMES = 10;

    private final long gatherNs;
    private final ScheduledExecutorService timer;
    private final BiConsumer<String, int[]> onClosed;
    private final Map<String, Batch> open = new HashMap<>();

    /** @param onClosed gets each closed batch: the path and the ranks that asked, in order; called on the timer thread. */
    RequestGatherer(final long gatherMicros, final ScheduledExecutorService timer, final BiConsumer<String, int[]> onClosed)
    {
        this.gatherNs = TimeUnit.MICROSECONDS.toNanos(gatherMicros);
        this.timer = timer;
        this.onClosed = onClosed;
    }

    /** Adds {@code rank}'s request for {@code path}. @return whether it joined a batch that was already open. */
    boolean add(final String path, final int rank)
    {
        final long now = System.nanoTime();
        synchronized (open)
        {
            final Batch batch = open.get(path);
            if (batch != null)
            {
                batch.members.add(rank);
                batch.lastNs = now;
                return true;
            }
            final Batch started = new Batch(path, now);
            started.members.add(rank);
            open.put(path, started);
            timer.schedule(() -> check(started), gatherNs, TimeUnit.NANOSECONDS);
            return false;
        }
    }

    private void check(final Batch batch)
    {
        final long now = System.nanoTime();
        final int[] members;
        synchronized (open)
        {
            final long quietNs = now - batch.lastNs;
            if (quietNs < gatherNs && now - batch.firstNs < MAX_GATHER_TIMES * gatherNs)
            {
                timer.schedule(() -> check(batch), gatherNs - quietNs, TimeUnit.NANOSECONDS);
                return;
            }
            open.remove(batch.path);
            members = batch.members.stream().mapToInt(Integer::intValue).toArray();
        }
        onClosed.accept(batch.path, members);
    }

    /** The requests for one path gathered so far. */
    private static final class Batch
    {
        final String path;
        final long firstNs;
        final List<Integer> members = new ArrayList<>();
        long lastNs;

        Batch(final String path, final long firstNs)
        {
            this.path = path;
            this.firstNs = firstNs;
            this.lastNs = firstNs;
        }
    }
}
