package org.openmpj.transport.shm;

import java.util.Map;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.device.SharedKeyValueStore;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.RankDeviceContext;

/** Shm devices opened for the ranks of one job, each by a thread of this JVM, with their transports. */
final class ShmTestJob implements AutoCloseable
{
    final MatchingDevice[] devices;
    final ShmTransport[] transports;

    private ShmTestJob(final int size)
    {
        devices = new MatchingDevice[size];
        transports = new ShmTransport[size];
    }

    static ShmTestJob open(final int size, final Map<String, String> settings) throws Exception
    {
        return open(size, settings, "backoff");
    }

    /** @param idle how the ranks wait: {@code backoff}, or {@code spin}, which makes exposures spin while they hold. */
    static ShmTestJob open(final int size, final Map<String, String> settings, final String idle) throws Exception
    {
        final ShmTestJob job = new ShmTestJob(size);
        final JobState state = new JobState();
        final SharedKeyValueStore store = new SharedKeyValueStore(size, state);
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        job.run(rank ->
        {
            final ShmTransport[] transport = new ShmTransport[1];
            job.devices[rank] = new ShmDeviceProvider().open(new RankDeviceContext(rank, size, settings::get, state,
                IdleStrategies.choose(idle, size, 2), shared, store), transport);
            job.transports[rank] = transport[0];
        });
        return job;
    }

    /** What one rank does in a job. */
    interface RankBody
    {
        void run(int rank) throws Exception;
    }

    /** Runs {@code body} for every rank at once, each in a thread of its own, and rethrows the first failure. */
    void run(final RankBody body) throws Exception
    {
        final ExecutorService ranks = Executors.newFixedThreadPool(devices.length);
        try
        {
            final CompletionService<Object> done = new ExecutorCompletionService<>(ranks);
            for (int rank = 0; rank < devices.length; rank++)
            {
                final int r = rank;
                done.submit(() ->
                {
                    body.run(r);
                    return null;
                });
            }
            // In the order they end, so that a rank's failure is seen while the others wait for it.
            for (int rank = 0; rank < devices.length; rank++)
            {
                final Future<Object> ended = done.poll(100, TimeUnit.SECONDS);
                if (ended == null)
                {
                    throw new AssertionError("ranks still running after 100 s");
                }
                ended.get();
            }
        }
        finally
        {
            ranks.shutdownNow();
        }
    }

    @Override
    public void close()
    {
        for (final MatchingDevice device : devices)
        {
            if (device != null)
            {
                device.close();
            }
        }
    }
}
