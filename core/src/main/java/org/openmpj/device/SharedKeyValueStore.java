package org.openmpj.device;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link KeyValueStore} in memory, for ranks that are threads of one JVM. A fence ends with an error instead of
 * hanging when the job fails while ranks wait in it.
 *
 * <p>Thread-safety: safe for all the job's ranks at once.
 */
public final class SharedKeyValueStore implements KeyValueStore
{
    private static final long CHECK_EVERY_MS = 10;

    private final int size;
    private final JobControl job;
    private final ConcurrentHashMap<String, String> pairs = new ConcurrentHashMap<>();
    private int arrived;
    private long generation;

    /**
     * @param size the number of ranks that take part in each fence.
     * @param job  the job's liveness, checked while waiting.
     */
    public SharedKeyValueStore(final int size, final JobControl job)
    {
        this.size = size;
        this.job = job;
    }

    @Override
    public void put(final String key, final String value)
    {
        pairs.put(key, value);
    }

    @Override
    public synchronized void fence()
    {
        final long mine = generation;
        if (++arrived == size)
        {
            arrived = 0;
            generation++;
            notifyAll();
            return;
        }
        while (generation == mine)
        {
            job.checkAlive();
            try
            {
                wait(CHECK_EVERY_MS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the other ranks to publish their addresses", ex);
            }
        }
    }

    @Override
    public String get(final String key)
    {
        return pairs.get(key);
    }
}
