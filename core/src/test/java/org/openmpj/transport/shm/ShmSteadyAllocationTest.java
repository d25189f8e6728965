package org.openmpj.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.matching.MatchingDevice;

/**
 * A steady ping-pong of eager messages of doubles between two shm ranks allocates nothing in either rank's thread once
 * warm: requests are reused, and payloads of kinds other than bytes are copied into the ring without a memory segment
 * made per message.
 */
@Timeout(120)
class ShmSteadyAllocationTest
{
    private static final int WARM_UP = 20_000;
    private static final int MEASURED = 2_000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} doubles")
    @ValueSource(ints = {8, 1024})
    void eagerMessagesOfDoublesAllocateNothingOnceWarm(final int doubles) throws Exception
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        try (ShmTestJob job = ShmTestJob.open(2, Map.of(ShmDeviceProvider.DIR_PROP_NAME, dir.toString())))
        {
            job.run(rank ->
            {
                final MatchingDevice device = job.devices[rank];
                final double[] out = new double[doubles];
                final double[] in = new double[doubles];
                for (int i = 0; i < WARM_UP; i++)
                {
                    pingPong(device, rank, out, in, i);
                }
                final long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < MEASURED; i++)
                {
                    pingPong(device, rank, out, in, WARM_UP + i);
                }
                final long allocated = threads.getCurrentThreadAllocatedBytes() - before;
                // A byte per message leaves room for a stray allocation of the runtime; a memory segment per message is 40 or more.
                assertTrue(allocated < MEASURED, "rank " + rank + " allocated " + allocated + " bytes for " + MEASURED
                    + " round trips of " + doubles + " doubles");
            });
        }
    }

    /** Rank 0 sends {@code i} and rank 1 sends it back. */
    private static void pingPong(final MatchingDevice device, final int rank, final double[] out, final double[] in, final int i)
    {
        final int peer = 1 - rank;
        if (rank == 0)
        {
            out[0] = i;
            out[out.length - 1] = -i;
            await(device, device.isendReusing(out, Primitive.DOUBLE, 0, out.length, peer, rank, 8, 0));
            await(device, device.irecvReusing(in, Primitive.DOUBLE, 0, in.length, peer, 8, 0));
        }
        else
        {
            final ReceiveRequest recv = device.irecvReusing(in, Primitive.DOUBLE, 0, in.length, peer, 8, 0);
            await(device, recv);
            await(device, device.isendReusing(in, Primitive.DOUBLE, 0, in.length, peer, rank, 8, 0));
        }
        assertEquals(i, in[0]);
        assertEquals(-i, in[in.length - 1]);
    }

    private static void await(final MatchingDevice device, final Request request)
    {
        while (!request.isComplete())
        {
            device.progress();
        }
    }
}
