package org.openmpj.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.device.Device;
import org.openmpj.device.JobControl;
import org.openmpj.runtime.RankDeviceContext;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/**
 * Runs the same code as every rank of a job on the thread device, one thread per rank, each with a world
 * communicator of its own: for testing the engine's collectives without the API. When a rank fails, the others'
 * waits end with an error, and the first failure is rethrown.
 */
final class EngineJob
{
    private static final long TIMEOUT_SECONDS = 60;

    /** What each rank runs. */
    interface RankBody
    {
        void run(Communicator world) throws Exception;
    }

    private EngineJob()
    {
    }

    static void run(final int size, final RankBody body)
    {
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final JobControl job = () ->
        {
            if (failure.get() != null)
            {
                throw new OpenMpjException(ErrorClass.ERR_OTHER, "another rank failed");
            }
        };
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        final Map<String, String> properties = Map.of();
        final int[] worldRanks = new int[size];
        final Device[] devices = new Device[size];
        for (int rank = 0; rank < size; rank++)
        {
            worldRanks[rank] = rank;
            devices[rank] = new ThreadDeviceProvider().open(new RankDeviceContext(rank, size, properties::get, job,
                IdleStrategies.choose("auto", size, Runtime.getRuntime().availableProcessors()), shared));
        }
        final Thread[] threads = new Thread[size];
        for (int rank = 0; rank < size; rank++)
        {
            final Communicator world = new Communicator(devices[rank], 0, rank, worldRanks);
            threads[rank] = new Thread(() ->
            {
                try
                {
                    body.run(world);
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, new AssertionError("rank " + world.rank() + " of " + size + ": " + ex, ex));
                }
            }, "engine-rank-" + rank);
            threads[rank].setDaemon(true);
            threads[rank].start();
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        try
        {
            for (final Thread thread : threads)
            {
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (thread.isAlive())
                {
                    failure.compareAndSet(null, new AssertionError(thread.getName() + " of " + size + " did not finish in "
                        + TIMEOUT_SECONDS + " s"));
                }
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            failure.compareAndSet(null, ex);
        }
        finally
        {
            for (final Device device : devices)
            {
                device.close();
            }
        }
        final Throwable first = failure.get();
        if (first instanceof AssertionError assertion)
        {
            throw assertion;
        }
        if (first != null)
        {
            throw new AssertionError(first);
        }
    }
}
