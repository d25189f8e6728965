package org.openmpj.transport.tcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.device.Device;
import org.openmpj.device.SharedKeyValueStore;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.RankDeviceContext;

/** Opens the tcp devices of a small job inside a test: every rank a thread, talking over loopback sockets. */
final class TcpTestJob implements AutoCloseable
{
    final JobState job = new JobState();
    final SharedKeyValueStore store;
    final Device[] devices;

    TcpTestJob(final int size, final Map<String, String> properties) throws Exception
    {
        store = new SharedKeyValueStore(size, job);
        devices = new Device[size];
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        final ExecutorService opening = Executors.newFixedThreadPool(size);
        try
        {
            final java.util.List<Future<Device>> opened = new java.util.ArrayList<>();
            for (int rank = 0; rank < size; rank++)
            {
                final int r = rank;
                // Every rank opens at once: opening waits in the key-value store's fence for the others.
                opened.add(opening.submit(() -> new TcpDeviceProvider().open(new RankDeviceContext(r, size,
                    properties::get, job,
                    IdleStrategies.choose("backoff", size, 2), shared, store))));
            }
            for (int rank = 0; rank < size; rank++)
            {
                devices[rank] = opened.get(rank).get(30, TimeUnit.SECONDS);
            }
        }
        finally
        {
            opening.shutdownNow();
        }
    }

    /** @return the address rank {@code rank} listens on, as it published it. */
    String address(final int rank)
    {
        return store.get("openmpj-tcp-" + rank);
    }

    @Override
    public void close()
    {
        final ExecutorService closing = Executors.newFixedThreadPool(devices.length);
        try
        {
            for (final Device device : devices)
            {
                closing.submit(device::close);
            }
        }
        finally
        {
            closing.shutdown();
            try
            {
                closing.awaitTermination(30, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }
}
