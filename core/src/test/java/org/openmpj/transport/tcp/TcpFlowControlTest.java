package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.Request;
import org.openmpj.SendMode;
import org.openmpj.matching.FrameDescriptor;

/**
 * A sender floods a receiver that is not receiving with small messages: only the eager window's worth completes
 * (is held by the receiver); the rest wait as rendezvous, their data still with the sender. When the receiver
 * catches up, every message arrives in order.
 */
@Timeout(60)
class TcpFlowControlTest
{
    private static final int MESSAGE_BYTES = 16 * 1024;
    private static final long WINDOW_BYTES = 256 * 1024;
    private static final int MESSAGES = 400;

    @Test
    void aFloodOfUnexpectedMessagesIsHeldToTheWindow() throws Exception
    {
        final Map<String, String> properties = Map.of(
            TcpDeviceProvider.EAGER_LIMIT_PROP_NAME, Integer.toString(MESSAGE_BYTES),
            TcpDeviceProvider.WINDOW_PROP_NAME, Long.toString(WINDOW_BYTES));
        try (TcpTestJob job = new TcpTestJob(2, properties))
        {
            final Device sender = job.devices[0];
            final Device receiver = job.devices[1];
            final Request[] sends = new Request[MESSAGES];
            for (int i = 0; i < MESSAGES; i++)
            {
                final byte[] message = new byte[MESSAGE_BYTES];
                java.util.Arrays.fill(message, (byte)i);
                sends[i] = sender.isend(message, Primitive.BYTE, 0, MESSAGE_BYTES, 1, 0, 5, 0, SendMode.STANDARD);
            }
            final int completed = completedWhileNothingIsReceived(sender, receiver, sends);
            final long held = completed * FrameDescriptor.creditCost(MESSAGE_BYTES);
            assertTrue(held <= WINDOW_BYTES, completed + " sends completed (" + held + " bytes held by the receiver), more than the "
                + WINDOW_BYTES + "-byte window");
            assertTrue(completed >= WINDOW_BYTES / FrameDescriptor.creditCost(MESSAGE_BYTES) - 1, "only " + completed + " eager sends completed");

            final byte[] in = new byte[MESSAGE_BYTES];
            for (int i = 0; i < MESSAGES; i++)
            {
                final Request recv = receiver.irecv(in, Primitive.BYTE, 0, MESSAGE_BYTES, 0, 5, 0);
                while (!recv.isComplete())
                {
                    receiver.progress();
                    sender.progress();
                }
                assertEquals(MESSAGE_BYTES, recv.byteCount());
                assertEquals((byte)i, in[0], "message " + i + " arrived in order");
                assertEquals((byte)i, in[MESSAGE_BYTES - 1], "message " + i + " arrived whole");
            }
            for (final Request send : sends)
            {
                while (!send.isComplete())
                {
                    sender.progress();
                    receiver.progress();
                }
            }
            job.job.checkAlive();
        }
    }

    @Test
    void aFloodOfTinyMessagesIsHeldToABoundedCount() throws Exception
    {
        final int messages = 2_000;
        final Map<String, String> properties = Map.of(TcpDeviceProvider.WINDOW_PROP_NAME, Long.toString(WINDOW_BYTES));
        try (TcpTestJob job = new TcpTestJob(2, properties))
        {
            final Device sender = job.devices[0];
            final Device receiver = job.devices[1];
            final Request[] sends = new Request[messages];
            for (int i = 0; i < messages; i++)
            {
                sends[i] = sender.isend(new long[] {i}, Primitive.LONG, 0, 1, 1, 0, 6, 0, SendMode.STANDARD);
            }
            final int completed = completedWhileNothingIsReceived(sender, receiver, sends);
            // Each waits in an entry of its own at the receiver: the window bounds their number, not only their bytes.
            final long most = WINDOW_BYTES / FrameDescriptor.creditCost(Long.BYTES);
            assertTrue(completed <= most, completed + " tiny sends completed, more than the " + most + " the window allows");
            assertTrue(completed >= most - 1, "only " + completed + " tiny eager sends completed");
            final long[] in = new long[1];
            for (int i = 0; i < messages; i++)
            {
                final Request recv = receiver.irecv(in, Primitive.LONG, 0, 1, 0, 6, 0);
                while (!recv.isComplete())
                {
                    receiver.progress();
                    sender.progress();
                }
                assertEquals(i, in[0], "message " + i + " arrived in order");
            }
            job.job.checkAlive();
        }
    }

    /**
     * Both sides make progress for half a second, as waiting threads would, without the receiver posting anything.
     *
     * @return how many of {@code sends} completed meanwhile: those the receiver holds as eager copies.
     */
    private static int completedWhileNothingIsReceived(final Device sender, final Device receiver, final Request[] sends)
    {
        final long until = System.nanoTime() + 500_000_000L;
        while (System.nanoTime() < until)
        {
            sender.progress();
            receiver.progress();
        }
        int completed = 0;
        for (final Request send : sends)
        {
            completed += send.isComplete() ? 1 : 0;
        }
        return completed;
    }
}
