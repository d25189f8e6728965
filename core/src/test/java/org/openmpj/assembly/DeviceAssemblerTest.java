package org.openmpj.assembly;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.OpenMpjException;
import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.JobControl;
import org.openmpj.device.KeyValueStore;
import org.openmpj.matching.LoopbackTransport;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;
import org.openmpj.runtime.JobState;

/**
 * What the assembler makes of a list of transports, seen from one rank of a job of 6: ranks 0-1 threads of its JVM, 0-3 on
 * its host. Each peer goes to the most exclusive transport that reaches it, the fences run as often as the neediest
 * transport asks, the process's first rank watches the next process, and a failure releases what was opened.
 */
@Timeout(30)
class DeviceAssemblerTest
{
    private static final int SIZE = 6;

    private final List<String> events = new ArrayList<>();

    @Test
    void eachPeerTakesTheMostExclusiveTransportThatReachesIt()
    {
        final Recorded threads = new Recorded("threads", Reach.SAME_PROCESS, 300, 0, true, 1000, 64);
        final Recorded host = new Recorded("host", Reach.SAME_HOST, 200, 2, false, 2000, 128);
        final Recorded network = new Recorded("network", Reach.NETWORK, 100, 1, false, 3000, 256);
        DeviceAssembler.assemble("test", DeviceCapabilities.processes(true), new Context(0), List.of(network, threads, host));
        assertArrayEquals(new int[] {0, 1}, threads.peers, "the threads of this JVM, this rank included");
        assertArrayEquals(new int[] {2, 3}, host.peers, "the other ranks of the host");
        assertArrayEquals(new int[] {4, 5}, network.peers, "the ranks of other hosts");
        assertEquals(List.of("open network", "open threads", "open host", "fence", "network after fence 0", "threads after fence 0",
            "host after fence 0", "fence", "network after fence 1", "threads after fence 1", "host after fence 1",
            "connect network", "connect threads", "connect host",
            "start network watching 2", "start threads watching 2", "start host watching 2"), events);
    }

    @Test
    void aRankReachesItselfByLoopbackWithItsTransportsEagerLimitAndAloneNeedsNoFence()
    {
        final Recorded network = new Recorded("network", Reach.NETWORK, 100, 1, false, 4000, 512);
        final Context single = new Context(0, 1, new int[] {0}, new int[] {0});
        final MatchingDevice device = DeviceAssembler.assemble("test", DeviceCapabilities.processes(false), single, List.of(network));
        assertEquals(List.of(), events, "a job of one rank opens no transport and runs no fence");
        assertEquals(null, network.peers);
        assertEquals(512, device.eagerLimitBytes(), "the loopback's eager limit is that of the transport that reaches the rank");
    }

    @Test
    void withOneRankPerProcessEveryRankWatchesTheNextAndTheNetworkIsFencedOnce()
    {
        final Recorded network = new Recorded("network", Reach.NETWORK, 100, 1, false, 4000, 512);
        DeviceAssembler.assemble("test", DeviceCapabilities.processes(false), new Context(5, SIZE, new int[] {5}, new int[] {4, 5}),
            List.of(network));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, network.peers, "every other rank; this one by loopback");
        assertEquals(List.of("open network", "fence", "network after fence 0", "connect network", "start network watching 0"), events);
    }

    @Test
    void onlyTheFirstRankOfAProcessWatches()
    {
        final Recorded threads = new Recorded("threads", Reach.SAME_PROCESS, 300, 0, true, 1000, 64);
        final Recorded network = new Recorded("network", Reach.NETWORK, 100, 1, false, 3000, 256);
        DeviceAssembler.assemble("test", DeviceCapabilities.processes(false), new Context(1), List.of(threads, network));
        assertTrue(events.contains("start network watching " + Link.NO_WATCH), events.toString());
    }

    @Test
    void aPeerNoTransportReachesIsAnErrorNamingIt()
    {
        final Recorded threads = new Recorded("threads", Reach.SAME_PROCESS, 300, 0, true, 1000, 64);
        final OpenMpjException error = assertThrows(OpenMpjException.class,
            () -> DeviceAssembler.assemble("test", DeviceCapabilities.IN_PROCESS, new Context(0), List.of(threads)));
        assertTrue(error.getMessage().contains("none of its transports [threads] reaches rank 2 from rank 0"), error.getMessage());
    }

    @Test
    void aFailedFenceReleasesWhatWasOpened()
    {
        final Recorded host = new Recorded("host", Reach.SAME_HOST, 200, 2, false, 2000, 128);
        final Recorded network = new Recorded("network", Reach.NETWORK, 100, 1, false, 3000, 256);
        final Context failing = new Context(2)
        {
            @Override
            public KeyValueStore keyValueStore()
            {
                return new Store()
                {
                    @Override
                    public void fence()
                    {
                        throw new IllegalStateException("the store is gone");
                    }
                };
            }
        };
        assertThrows(IllegalStateException.class,
            () -> DeviceAssembler.assemble("test", DeviceCapabilities.processes(true), failing, List.of(host, network)));
        assertEquals(List.of("open host", "open network", "abandon host", "abandon network"), events);
    }

    /** A transport that records what the assembler asks of it and hands back a loopback as its route. */
    private final class Recorded implements TransportKind
    {
        private final Traits traits;
        private final TransportPlan plan;
        private int[] peers;

        Recorded(final String name, final Reach reach, final int exclusivity, final int fences, final boolean carriesToSelf,
            final long windowBytes, final long eagerLimitBytes)
        {
            this.traits = new Traits(name, reach, exclusivity, fences, carriesToSelf);
            this.plan = new TransportPlan(eagerLimitBytes, windowBytes, (device, to) ->
            {
                peers = to.clone();
                events.add("open " + name);
                return new Link()
                {
                    @Override
                    public void afterFence(final int fence)
                    {
                        events.add(name + " after fence " + fence);
                    }

                    @Override
                    public Transport connect()
                    {
                        events.add("connect " + name);
                        return new LoopbackTransport(device, eagerLimitBytes);
                    }

                    @Override
                    public void start(final int watched)
                    {
                        events.add("start " + name + " watching " + watched);
                    }

                    @Override
                    public void abandon()
                    {
                        events.add("abandon " + name);
                    }
                };
            });
        }

        @Override
        public Traits traits()
        {
            return traits;
        }

        @Override
        public TransportPlan plan(final DeviceContext context)
        {
            return plan;
        }
    }

    /** A store whose fences are recorded; a job of one rank here, so nothing waits. */
    private class Store implements KeyValueStore
    {
        @Override
        public void put(final String key, final String value)
        {
        }

        @Override
        public void fence()
        {
            events.add("fence");
        }

        @Override
        public String get(final String key)
        {
            return null;
        }
    }

    /** One rank's view of the job: by default ranks 0-1 in its JVM, 0-3 on its host, of 6. */
    private class Context implements DeviceContext
    {
        private final int rank;
        private final int size;
        private final int[] processRanks;
        private final int[] hostRanks;
        private final JobState job = new JobState();

        Context(final int rank)
        {
            this(rank, SIZE, new int[] {0, 1}, new int[] {0, 1, 2, 3});
        }

        Context(final int rank, final int size, final int[] processRanks, final int[] hostRanks)
        {
            this.rank = rank;
            this.size = size;
            this.processRanks = processRanks;
            this.hostRanks = hostRanks;
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
            return defaultValue;
        }

        @Override
        public JobControl job()
        {
            return job;
        }

        @Override
        public IdleStrategy idleStrategy()
        {
            return IdleStrategies.choose("backoff", size, 2);
        }

        @Override
        public <T> T jobShared(final String key, final java.util.function.Supplier<T> create)
        {
            return create.get();
        }

        @Override
        public KeyValueStore keyValueStore()
        {
            return new Store();
        }

        @Override
        public int[] sameHostRanks()
        {
            return hostRanks;
        }

        @Override
        public int[] sameProcessRanks()
        {
            return processRanks;
        }
    }
}
