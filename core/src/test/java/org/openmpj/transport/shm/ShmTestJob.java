package org.openmpj.transport.shm;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.openmpj.assembly.DeviceAssembler;
import org.openmpj.assembly.Link;
import org.openmpj.assembly.TransportKind;
import org.openmpj.assembly.TransportPlan;
import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.SharedKeyValueStore;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;
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
            final RankDeviceContext context = new RankDeviceContext(rank, size, settings::get, state, IdleStrategies.choose(idle, size, 2),
                shared, store);
            job.devices[rank] = DeviceAssembler.assemble("shm", new ShmDeviceProvider().capabilities(), context,
                List.of(new Observed(transport -> job.transports[rank] = transport)));
        });
        return job;
    }

    /** The shm transport, handing the test each rank's transport as it connects. */
    private static final class Observed implements TransportKind
    {
        private final Consumer<ShmTransport> connected;

        Observed(final Consumer<ShmTransport> connected)
        {
            this.connected = connected;
        }

        @Override
        public Traits traits()
        {
            return ShmTransportKind.TRAITS;
        }

        @Override
        public TransportPlan plan(final DeviceContext context)
        {
            final ShmSettings settings = ShmSettings.of(context);
            return new TransportPlan(settings.eagerLimitBytes(), settings.windowBytes(), (device, peers) ->
            {
                final Link host = settings.open(device, peers);
                return new Link()
                {
                    @Override
                    public void afterFence(final int fence)
                    {
                        host.afterFence(fence);
                    }

                    @Override
                    public Transport connect()
                    {
                        final Transport transport = host.connect();
                        connected.accept((ShmTransport)transport);
                        return transport;
                    }

                    @Override
                    public void start(final int watched)
                    {
                        host.start(watched);
                    }
                };
            });
        }
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
