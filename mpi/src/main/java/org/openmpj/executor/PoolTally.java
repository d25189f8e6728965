package org.openmpj.executor;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A pool's counts (tasks submitted, done, failed, done per rank) and the listeners told of them.
 *
 * <p>Thread-safety: every method may be called from any thread; listeners are told one at a time.
 */
final class PoolTally
{
    private final long openedNs = System.nanoTime();
    private final AtomicLong submitted = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    /**
     * Per rank, the tasks that came back from it; the last slot counts those lost before they reached a worker. The tasks
     * done are their sum: one atomic update per task, not two.
     */
    private final AtomicLongArray donePerSlot;
    private final List<Reporting> listeners = new CopyOnWriteArrayList<>();
    /** Whether a listener wants to be told more often than the pool's own thread looks: then each outcome looks too. */
    private volatile boolean toldOnOutcomes;

    PoolTally(final int size)
    {
        this.donePerSlot = new AtomicLongArray(size + 1);
    }

    /** Counts a submission; @return the task's number, from 0 up. */
    long submitted()
    {
        return submitted.getAndIncrement();
    }

    /** @return how many tasks have been submitted so far. */
    long submittedSoFar()
    {
        return submitted.get();
    }

    /** @return how many tasks have come back (or been lost) so far. */
    long doneSoFar()
    {
        long sum = 0;
        for (int slot = 0; slot < donePerSlot.length(); slot++)
        {
            sum += donePerSlot.get(slot);
        }
        return sum;
    }

    /** Counts a task that came back from {@code rank} (-1: lost before it reached one), {@code failed} or not. */
    void done(final int rank, final boolean failedTask)
    {
        donePerSlot.incrementAndGet(rank >= 0 ? rank : donePerSlot.length() - 1);
        if (failedTask)
        {
            failed.incrementAndGet();
        }
    }

    /**
     * Has {@code listener} told the pool's progress at most every {@code intervalNs}, and when the pool ends.
     *
     * @param onOutcomes whether it is to be told from {@link #reportOnOutcome} too, as it wants to hear more often than
     *     {@link #report} is called otherwise.
     */
    void addListener(final ProgressListener listener, final long intervalNs, final boolean onOutcomes)
    {
        listeners.add(new Reporting(listener, intervalNs));
        if (onOutcomes)
        {
            toldOnOutcomes = true;
        }
    }

    /**
     * Tells the listeners whose interval has passed, when one of them wants to hear more often than the pool's own thread
     * looks; otherwise does nothing, so that an outcome's way to its future does not read the clock.
     */
    void reportOnOutcome()
    {
        if (toldOnOutcomes)
        {
            report(false);
        }
    }

    /** @return how far the pool has come. */
    PoolProgress progress()
    {
        final long[] perRank = new long[donePerSlot.length() - 1];
        long doneNow = donePerSlot.get(perRank.length);
        for (int rank = 0; rank < perRank.length; rank++)
        {
            perRank[rank] = donePerSlot.get(rank);
            doneNow += perRank[rank];
        }
        final double seconds = Math.max(1e-9, (System.nanoTime() - openedNs) / 1e9);
        return new PoolProgress(submitted.get(), doneNow, failed.get(), doneNow / seconds, perRank);
    }

    /** Tells the listeners whose interval has passed, or all of them when the pool has ended. */
    void report(final boolean ended)
    {
        if (listeners.isEmpty())
        {
            return;
        }
        synchronized (listeners)
        {
            final long now = System.nanoTime();
            PoolProgress progress = null;
            for (final Reporting reporting : listeners)
            {
                if (ended || now - reporting.lastNs >= reporting.intervalNs)
                {
                    reporting.lastNs = now;
                    progress = progress == null ? progress() : progress;
                    tell(reporting, progress);
                }
            }
        }
    }

    private void tell(final Reporting reporting, final PoolProgress progress)
    {
        try
        {
            reporting.listener.onProgress(progress);
        }
        catch (final RuntimeException thrown)
        {
            // A listener's failure must not fail the tasks: it is said once, and the listener is no longer told.
            listeners.remove(reporting);
            System.err.println("openmpj: the pool's progress listener " + reporting.listener + " threw " + thrown
                + "; it is no longer called");
        }
    }

    /** A listener, how often it wants to be told, and when it last was (read and written under the listeners' lock). */
    private static final class Reporting
    {
        final ProgressListener listener;
        final long intervalNs;
        long lastNs = System.nanoTime();

        Reporting(final ProgressListener listener, final long intervalNs)
        {
            this.listener = listener;
            this.intervalNs = intervalNs;
        }
    }
}
