package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * A steady stream of eager messages of doubles, small and staged, allocates nothing in the thread that sends, receives
 * and makes progress for both ranks: requests are reused, and payloads of kinds other than bytes are copied into the
 * staging buffer without a memory segment made per message.
 */
@Timeout(120)
class TcpSteadyAllocationTest
{
    private static final int WARM_UP = 20_000;
    private static final int MEASURED = 2_000;

    @ParameterizedTest(name = "{0} doubles")
    @ValueSource(ints = {8, 1024})
    void eagerMessagesOfDoublesAllocateNothingOnceWarm(final int doubles) throws Exception
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        try (TcpTestJob job = new TcpTestJob(2, Map.of()))
        {
            final Device sender = job.devices[0];
            final Device receiver = job.devices[1];
            final double[] out = new double[doubles];
            final double[] in = new double[doubles];
            for (int i = 0; i < WARM_UP; i++)
            {
                exchange(sender, receiver, out, in, i);
            }
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < MEASURED; i++)
            {
                exchange(sender, receiver, out, in, WARM_UP + i);
            }
            final long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            // A byte per message leaves room for a stray allocation of the runtime; a memory segment per message is 40 or more.
            assertTrue(allocated < MEASURED, allocated + " bytes allocated for " + MEASURED + " messages of " + doubles + " doubles");
            job.job.checkAlive();
        }
    }

    private static void exchange(final Device sender, final Device receiver, final double[] out, final double[] in, final int i)
    {
        out[0] = i;
        out[out.length - 1] = -i;
        final Request send = sender.isendReusing(out, Primitive.DOUBLE, 0, out.length, 1, 0, 7, 0);
        final ReceiveRequest recv = receiver.irecvReusing(in, Primitive.DOUBLE, 0, in.length, 0, 7, 0);
        while (!recv.isComplete() || !send.isComplete())
        {
            sender.progress();
            receiver.progress();
        }
        assertEquals(i, in[0]);
        assertEquals(-i, in[in.length - 1]);
    }
}
