package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.SharedKeyValueStore;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.RankDeviceContext;
import org.openmpj.runtime.RankLayout;
import org.openmpj.transport.tcp.TcpDeviceProvider;

/**
 * A tcp job over two hosts, one with a core per rank (its ranks' waits spin) and one with more ranks than cores (they
 * back off): every rank must take the same Reduce algorithm, or one rank's segments meet another's whole message. The
 * ranks are threads of this JVM, placed on the two hosts by a layout.
 */
@Timeout(120)
class MixedHostsReduceTest
{
    private static final Reduction SUM = PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.INT);
    private static final int RANKS = 4;
    /** Several of the pipelined Reduce's segments, the last one short. */
    private static final int ITEMS = (int)(5 * CollectiveThresholds.REDUCE_SEGMENT_BYTES / Integer.BYTES) + 3;

    @Test
    void ranksOnAHostWithACoreEachAndOnAnOversubscribedOneReduceAlike() throws Exception
    {
        final RankLayout twoHosts = RankLayout.of(new int[] {0, 1, 2, 3}, new int[] {0, 0, 1, 1});
        // Host 0: one spinning rank at a time on its budget; host 1: ranks that yield and park.
        final IdleStrategy spinning = IdleStrategies.choose("auto", 1, 1);
        final IdleStrategy backingOff = IdleStrategies.choose("backoff", RANKS, 1);
        assertTrue(spinning.spins() && !backingOff.spins(), "the two hosts wait differently");
        final ExecutorService ranks = Executors.newFixedThreadPool(RANKS);
        final Device[] devices = open(ranks, twoHosts, rank -> twoHosts.hostRanks(rank)[0] == 0 ? spinning : backingOff);
        try
        {
            final int[] world = {0, 1, 2, 3};
            final List<Future<Void>> reducing = new ArrayList<>();
            for (int rank = 0; rank < RANKS; rank++)
            {
                final Communicator c = new Communicator(devices[rank], 0, rank, world).collectives();
                reducing.add(ranks.submit(() -> reduceToEveryRoot(c)));
            }
            for (final Future<Void> rank : reducing)
            {
                rank.get(60, TimeUnit.SECONDS);
            }
        }
        finally
        {
            close(ranks, devices);
        }
    }

    @Test
    void aTcpJobKnowsWhenEveryRankRunsOnOneHost() throws Exception
    {
        final ExecutorService ranks = Executors.newFixedThreadPool(RANKS);
        final IdleStrategy backingOff = IdleStrategies.choose("backoff", RANKS, 1);
        final Device[] oneHost = open(ranks, null, rank -> backingOff);
        close(ranks, oneHost);
        for (final Device device : oneHost)
        {
            assertTrue(device.capabilities().oneHost(), "every rank on this host");
        }
        final ExecutorService again = Executors.newFixedThreadPool(RANKS);
        final Device[] twoHosts = open(again, RankLayout.blocks(RANKS, 1, 2), rank -> backingOff);
        close(again, twoHosts);
        for (final Device device : twoHosts)
        {
            assertFalse(device.capabilities().oneHost(), "ranks on two hosts");
        }
    }

    /** Opens the tcp devices of the job, every rank at once on {@code ranks} (opening waits for the others); null layout: one host. */
    private static Device[] open(final ExecutorService ranks, final RankLayout layout, final IntFunction<IdleStrategy> idle)
        throws Exception
    {
        final JobState job = new JobState();
        final SharedKeyValueStore store = new SharedKeyValueStore(RANKS, job);
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        final List<Future<Device>> opening = new ArrayList<>();
        for (int rank = 0; rank < RANKS; rank++)
        {
            final int r = rank;
            opening.add(ranks.submit(() -> new TcpDeviceProvider().open(new RankDeviceContext(r, RANKS, Map.<String, String>of()::get,
                job, idle.apply(r), shared, store, layout))));
        }
        final Device[] devices = new Device[RANKS];
        for (int rank = 0; rank < RANKS; rank++)
        {
            devices[rank] = opening.get(rank).get(30, TimeUnit.SECONDS);
        }
        return devices;
    }

    /** Closes every rank's device at once (closing waits for the others), then the threads. */
    private static void close(final ExecutorService ranks, final Device[] devices) throws InterruptedException
    {
        for (final Device device : devices)
        {
            ranks.submit(device::close);
        }
        ranks.shutdown();
        assertTrue(ranks.awaitTermination(30, TimeUnit.SECONDS), "the devices closed");
    }

    private static Void reduceToEveryRoot(final Communicator c)
    {
        assertFalse(c.onOneHost(), "the ranks run on two hosts");
        final int[] mine = new int[ITEMS];
        final int[] expected = new int[ITEMS];
        for (int i = 0; i < ITEMS; i++)
        {
            mine[i] = (c.rank() + 1) * 1_000 + i;
            for (int rank = 0; rank < RANKS; rank++)
            {
                expected[i] += (rank + 1) * 1_000 + i;
            }
        }
        for (int root = 0; root < RANKS; root++)
        {
            final int[] result = new int[ITEMS];
            final Scratch scratch = Scratch.lease();
            c.nextCollective();
            Reduce.reduce(Steps.NOW, c, mine, 0, result, 0, Primitive.INT, ITEMS, 1, SUM, root, scratch);
            scratch.end(true);
            if (c.rank() == root)
            {
                assertArrayEquals(expected, result, "the sum at root " + root);
            }
        }
        assertEquals(RANKS, c.size());
        return null;
    }
}
