package org.openmpj.cache.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Gathers the clients asking for one file at about the same time into one relay: a batch opens with a request for a
 * path and closes once no new request for it has come for the gather time (or after ten gather times in all), so a
 * burst of requests from many clients becomes one tree instead of one stream per client. A request for a path no
 * other client asked for lately goes at once, alone: a client reading files nobody else reads (or the first of a
 * burst) does not wait the gather time, which would cost a warm 10 MB fetch two thirds of its speed.
 */
final class RequestGatherer
{
    /** A burst is cut off after this many gather times, so a steady trickle of requests cannot hold a batch open. */
    private static final int MAX_GATHER_TIMES = 10;
    /** How far back, in longest gathers, another client's request for a path makes the next one wait for company. */
    private static final int RECENT_GATHER_TIMES = 10;

    private final long gatherNs;
    private final ScheduledExecutorService timer;
    private final BiConsumer<String, int[]> onClosed;
    private final Map<String, Batch> open = new HashMap<>();
    private final RecentAskers recent = new RecentAskers();

    /**
     * @param onClosed gets each closed batch: the path and the ranks that asked, in order; called on the timer thread,
     *                 or on the adding thread for a request that goes alone, so it should hand the work on.
     */
    RequestGatherer(final long gatherMicros, final ScheduledExecutorService timer, final BiConsumer<String, int[]> onClosed)
    {
        this.gatherNs = TimeUnit.MICROSECONDS.toNanos(gatherMicros);
        this.timer = timer;
        this.onClosed = onClosed;
    }

    /**
     * Adds {@code rank}'s request for {@code path}.
     *
     * @param mayGoAlone whether the request may go at once when no other client asked for the path lately: true when
     *                   the file is whole in memory; a file still loading costs nothing to wait for.
     * @return whether it joined a batch that was already open.
     */
    boolean add(final String path, final int rank, final boolean mayGoAlone)
    {
        final long now = System.nanoTime();
        final boolean alone;
        synchronized (open)
        {
            final Batch batch = open.get(path);
            if (batch != null)
            {
                batch.members.add(rank);
                batch.lastNs = now;
                return true;
            }
            alone = !recent.othersAsked(path, rank, now, MAX_GATHER_TIMES * gatherNs * RECENT_GATHER_TIMES) && mayGoAlone;
            if (!alone)
            {
                final Batch started = new Batch(path, now);
                started.members.add(rank);
                open.put(path, started);
                timer.schedule(() -> check(started), gatherNs, TimeUnit.NANOSECONDS);
            }
        }
        if (alone)
        {
            onClosed.accept(path, new int[] {rank});
        }
        return false;
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

    /**
     * The two ranks that last asked for each of the last few thousand paths, and when: enough to tell whether someone
     * other than the asker did lately. Guarded by the gatherer's lock.
     */
    private static final class RecentAskers extends java.util.LinkedHashMap<String, long[]>
    {
        private static final long serialVersionUID = 1L;
        private static final int PATHS = 4096;

        RecentAskers()
        {
            super(64, 0.75f, true);
        }

        /** Records {@code rank}'s request. @return whether another rank asked for {@code path} within {@code windowNs}. */
        boolean othersAsked(final String path, final int rank, final long nowNs, final long windowNs)
        {
            // {rank, time} of the latest asker, then of the latest other one.
            final long[] last = get(path);
            if (last == null)
            {
                put(path, new long[] {rank, nowNs, -1, 0});
                return false;
            }
            final boolean latestIsOther = last[0] != rank && nowNs - last[1] < windowNs;
            final boolean earlierIsOther = last[2] >= 0 && last[2] != rank && nowNs - last[3] < windowNs;
            if (last[0] != rank)
            {
                last[2] = last[0];
                last[3] = last[1];
            }
            last[0] = rank;
            last[1] = nowNs;
            return latestIsOther || earlierIsOther;
        }

        @Override
        protected boolean removeEldestEntry(final Map.Entry<String, long[]> eldest)
        {
            return size() > PATHS;
        }
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
