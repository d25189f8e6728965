package org.openmpj.runtime;

import org.openmpj.device.JobControl;
import org.openmpj.device.KeyValueStore;

/**
 * The process manager's key-value space as the ranks that are threads of one process see it: their puts and gets go
 * through one conversation, one at a time, and their fence is one fence of the process, entered once all of them
 * have reached it (the process manager counts processes, not threads).
 *
 * <p>Thread-safety: safe for all the process's ranks at once.
 */
final class ProcessKeyValueStore implements KeyValueStore
{
    private static final long CHECK_EVERY_MS = 10;

    private final KeyValueStore manager;
    private final int localRanks;
    private final JobControl job;
    private int arrived;
    private long generation;
    /** Whether a rank is in the manager's fence on behalf of the others; they wait for it. */
    private boolean fencing;

    /**
     * @param manager    the process manager's store, used by one thread at a time.
     * @param localRanks the ranks of this process, all of which take part in each fence.
     * @param job        the job's liveness, checked while ranks wait for each other.
     */
    ProcessKeyValueStore(final KeyValueStore manager, final int localRanks, final JobControl job)
    {
        this.manager = manager;
        this.localRanks = localRanks;
        this.job = job;
    }

    @Override
    public synchronized void put(final String key, final String value)
    {
        awaitNoFence();
        manager.put(key, value);
    }

    @Override
    public synchronized String get(final String key)
    {
        awaitNoFence();
        return manager.get(key);
    }

    @Override
    public void fence()
    {
        final long mine;
        synchronized (this)
        {
            mine = generation;
            if (++arrived < localRanks)
            {
                while (generation == mine)
                {
                    pause();
                }
                return;
            }
            arrived = 0;
            fencing = true;
        }
        try
        {
            // Outside the lock: the other ranks wait on it, and the manager's fence waits for every other process.
            manager.fence();
        }
        finally
        {
            synchronized (this)
            {
                fencing = false;
                generation++;
                notifyAll();
            }
        }
    }

    private void awaitNoFence()
    {
        while (fencing)
        {
            pause();
        }
    }

    /** Waits a moment for a change, inside the monitor; fails when the job did. */
    private void pause()
    {
        job.checkAlive();
        try
        {
            wait(CHECK_EVERY_MS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the ranks of this process waited for each other's addresses", ex);
        }
    }
}
