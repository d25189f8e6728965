package org.openmpj.device;

import java.util.function.Supplier;

import org.openmpj.concurrent.IdleStrategy;

/** What a device provider is told when it opens a device for one rank. */
public interface DeviceContext
{
    /** System property: {@code true} makes devices say on stderr what they chose for the job; {@code mpjrun -v} sets it. */
    String VERBOSE_PROP_NAME = "openmpj.verbose";

    /** @return the rank the device is for. */
    int rank();

    /** @return the number of ranks in the job. */
    int size();

    /** @return the value of configuration property {@code name}, or {@code defaultValue} when unset. */
    String property(String name, String defaultValue);

    /** @return the job's liveness, checked by every wait. */
    JobControl job();

    /** @return how this rank's threads wait. */
    IdleStrategy idleStrategy();

    /**
     * @return the one object stored under {@code key} for this job in this JVM, created by {@code factory}
     *         on first use; how ranks that are threads of one JVM find each other.
     */
    <T> T jobShared(String key, Supplier<T> factory);

    /**
     * @return the job's key-value space for publishing addresses; by default one in memory, shared by the job's
     *         ranks in this JVM, for jobs whose ranks are all threads here.
     */
    default KeyValueStore keyValueStore()
    {
        return jobShared("openmpj.keyValueStore", () -> new SharedKeyValueStore(size(), job()));
    }

    /** @return the world ranks on this rank's host, this one included, in rank order; by default every rank of the job. */
    default int[] sameHostRanks()
    {
        return allRanks(size());
    }

    /** @return the ranks 0 to {@code size - 1}, in order. */
    static int[] allRanks(final int size)
    {
        final int[] all = new int[size];
        for (int rank = 0; rank < all.length; rank++)
        {
            all[rank] = rank;
        }
        return all;
    }

    /**
     * @return the world ranks that are threads of this rank's process, this one included, in rank order; by default every
     *         rank of the job, as in a job whose ranks are all threads of one JVM.
     */
    default int[] sameProcessRanks()
    {
        return allRanks(size());
    }

    /** @return whether the job is verbose ({@link #VERBOSE_PROP_NAME}): devices then say what they chose. */
    default boolean verbose()
    {
        return Boolean.parseBoolean(property(VERBOSE_PROP_NAME, "false").trim());
    }

    /**
     * Tells the user, on stderr, what the device chose for the job (a path, a transport), when the job is {@link #verbose()};
     * a device says each choice once per job, from one rank.
     *
     * @param choice one line, e.g. {@code shm: messages over 64 KiB stream through the rings}.
     */
    default void report(final String choice)
    {
        if (verbose())
        {
            System.err.println("openmpj: " + choice);
        }
    }

    /** @return the name of this rank's host, as published for finding the ranks that share it. */
    default String hostName()
    {
        return HostName.local();
    }
}
