package org.openmpj.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.SharedKeyValueStore;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.RankDeviceContext;

/** The devices of a small job inside a test, any provider, every rank a thread of this JVM with a thread of its own to run on. */
public final class DeviceJob implements AutoCloseable
{
    private static final long OPEN_SECONDS = 30;

    /** The ranks' devices, by rank. */
    public final Device[] devices;
    private final ExecutorService ranks;

    /** Opens {@code size} ranks of {@code provider}'s device with these device settings. */
    public DeviceJob(final DeviceProvider provider, final int size, final Map<String, String> properties) throws Exception
    {
        final JobState job = new JobState();
        final SharedKeyValueStore store = new SharedKeyValueStore(size, job);
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        devices = new Device[size];
        ranks = Executors.newFixedThreadPool(size);
        try
        {
            // Every rank opens at once: opening waits in the key-value store's fences for the others.
            onEveryRank(rank -> () -> devices[rank] = provider.open(new RankDeviceContext(rank, size, properties::get, job,
                IdleStrategies.choose("backoff", size, 2), shared, store)), OPEN_SECONDS);
        }
        catch (final Exception ex)
        {
            // The ranks still opening see the job failed and leave their fences.
            job.reportFailure(0, "the test job did not open: " + ex);
            ranks.shutdownNow();
            throw ex;
        }
    }

    /**
     * Runs {@code work} of every rank on the rank's thread at once.
     *
     * @return each rank's result, by rank, once all are done.
     */
    public <T> List<T> onEveryRank(final IntFunction<Callable<T>> work, final long timeoutSeconds)
        throws ExecutionException, TimeoutException, InterruptedException
    {
        final List<Future<T>> running = new ArrayList<>();
        for (int rank = 0; rank < devices.length; rank++)
        {
            running.add(ranks.submit(work.apply(rank)));
        }
        final List<T> results = new ArrayList<>();
        for (final Future<T> result : running)
        {
            results.add(result.get(timeoutSeconds, TimeUnit.SECONDS));
        }
        return results;
    }

    @Override
    public void close() throws ExecutionException, TimeoutException
    {
        try
        {
            onEveryRank(rank -> () ->
            {
                if (devices[rank] != null)
                {
                    devices[rank].close();
                }
                return null;
            }, OPEN_SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            ranks.shutdownNow();
        }
    }
}
