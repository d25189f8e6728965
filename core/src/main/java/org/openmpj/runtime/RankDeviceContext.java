package org.openmpj.runtime;

import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.JobControl;
import org.openmpj.device.KeyValueStore;

/**
 * What a device is told about the rank it serves: fixed values handed over by whoever starts the rank (the
 * launcher, or a test that opens devices directly).
 */
public final class RankDeviceContext implements DeviceContext
{
    private final int rank;
    private final int size;
    private final UnaryOperator<String> properties;
    private final JobControl job;
    private final IdleStrategy idle;
    private final Map<String, Object> jobShared;
    private final KeyValueStore store;
    /** Where the job's ranks run, or null when every rank is a thread of this JVM. */
    private final RankLayout layout;

    /**
     * @param rank       the rank the device is for.
     * @param size       the number of ranks.
     * @param properties looks up a configuration property, null when unset.
     * @param job        the job's liveness.
     * @param idle       how the rank's threads wait.
     * @param jobShared  the objects shared by the job's ranks in this JVM; must be safe for concurrent use.
     */
    public RankDeviceContext(
        final int rank, final int size, final UnaryOperator<String> properties, final JobControl job,
        final IdleStrategy idle, final Map<String, Object> jobShared)
    {
        this(rank, size, properties, job, idle, jobShared, null);
    }

    /**
     * As above, for a rank whose job publishes addresses through {@code store} (a process manager) rather than memory
     * shared by thread ranks.
     */
    public RankDeviceContext(
        final int rank, final int size, final UnaryOperator<String> properties, final JobControl job,
        final IdleStrategy idle, final Map<String, Object> jobShared, final KeyValueStore store)
    {
        this(rank, size, properties, job, idle, jobShared, store, null);
    }

    /**
     * As above, for a rank of a job spread over processes and hosts as {@code layout} says (null when every rank is a
     * thread of this JVM).
     */
    public RankDeviceContext(
        final int rank, final int size, final UnaryOperator<String> properties, final JobControl job,
        final IdleStrategy idle, final Map<String, Object> jobShared, final KeyValueStore store, final RankLayout layout)
    {
        if (layout != null && layout.size() != size)
        {
            throw new IllegalArgumentException("a layout of " + layout.size() + " ranks for a job of " + size);
        }
        this.store = store;
        this.layout = layout;
        this.rank = rank;
        this.size = size;
        this.properties = properties;
        this.job = job;
        this.idle = idle;
        this.jobShared = jobShared;
    }

    @Override
    public int rank()
    {
        return rank;
    }

    @Override
    public int size()
    {
        return size;
    }

    @Override
    public String property(final String name, final String defaultValue)
    {
        final String value = properties.apply(name);
        return value != null ? value : defaultValue;
    }

    @Override
    public JobControl job()
    {
        return job;
    }

    @Override
    public IdleStrategy idleStrategy()
    {
        return idle;
    }

    @Override
    public int[] sameHostRanks()
    {
        return layout != null ? layout.hostRanks(rank) : DeviceContext.super.sameHostRanks();
    }

    @Override
    public int[] sameProcessRanks()
    {
        return layout != null ? layout.processRanks(rank) : DeviceContext.super.sameProcessRanks();
    }

    @Override
    public KeyValueStore keyValueStore()
    {
        return store != null ? store : DeviceContext.super.keyValueStore();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T jobShared(final String key, final Supplier<T> factory)
    {
        return (T)jobShared.computeIfAbsent(key, ignored -> factory.get());
    }
}
