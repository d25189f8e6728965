package org.openmpj.runtime;

import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;

/**
 * Finds the rank a piece of API code belongs to. Each thread rank loads the API through its own class
 * loader, so the loader of the calling API class names the rank. A loader no launcher registered is a process's
 * own: its rank comes from the process manager that started it, or, for a program started with plain {@code java},
 * it is a singleton job of size 1.
 */
public final class RankRegistry
{
    private static final ConcurrentHashMap<ClassLoader, RankContext> BY_LOADER = new ConcurrentHashMap<>();

    private RankRegistry()
    {
    }

    /** @return the rank whose API classes {@code apiLoader} loaded, creating a singleton job when there is none. */
    public static RankContext forApiLoader(final ClassLoader apiLoader)
    {
        final RankContext registered = BY_LOADER.get(apiLoader);
        return registered != null ? registered : BY_LOADER.computeIfAbsent(apiLoader, RankRegistry::singleton);
    }

    /** @return the rank of this process when a process manager started it and the program called MPI.Init; else null. */
    static RankContext processRank()
    {
        for (final RankContext rank : BY_LOADER.values())
        {
            if (rank.manager() != null)
            {
                return rank;
            }
        }
        return null;
    }

    /** @return the ranks of this process that a process manager started, one or several (hybrid). */
    static java.util.List<RankContext> processRanks()
    {
        return BY_LOADER.values().stream().filter(rank -> rank.manager() != null).toList();
    }

    static void register(final ClassLoader apiLoader, final RankContext rank)
    {
        BY_LOADER.put(apiLoader, rank);
    }

    static void unregister(final ClassLoader apiLoader)
    {
        BY_LOADER.remove(apiLoader);
    }

    private static RankContext singleton(final ClassLoader apiLoader)
    {
        final java.util.Optional<RankContext> started = JoinedProcess.fromEnvironment(apiLoader);
        if (started.isPresent())
        {
            return started.get();
        }
        final DeviceProvider provider = Devices.inProcess(RankRegistry.class.getClassLoader());
        final IdleStrategy idle = Settings.idleStrategy(1);
        return new RankContext(0, 1, provider, new JobState(), idle, new ConcurrentHashMap<>(), apiLoader, RankRegistry::exitSingleton);
    }

    /**
     * MPI.Abort of a program started with plain {@code java}: MPI defines Abort as ending the processes with the
     * error code, and with no launcher to do it, this process ends itself.
     */
    private static void exitSingleton(final int exitCode)
    {
        System.err.println("MPI.Abort: the job (a single process) ends with exit code " + exitCode);
        System.exit(exitCode);
    }
}
