package org.openmpj.matching;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.ErrorClass;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * The protocols of the matching device, driven from one thread over two ranks of the thread transport, every message
 * matched in the sending thread (no mailboxes), so that each call's effect is seen at once.
 */
@Timeout(30)
class MatchingDeviceTest
{
    private static final int CONTEXT = 0;
    private static final int EAGER_LIMIT = 16;

    private final Device[] devices = TestJob.open(2, EAGER_LIMIT, 1 << 20, "backoff", false);
    private final Device sender = devices[0];
    private final Device receiver = devices[1];

    @Test
    void postedReceiveIsFilledStraightFromTheSendersArray()
    {
        final int[] in = new int[4];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.INT, 1, 3, 0, 9, CONTEXT);
        assertFalse(recv.isComplete());
        final Request send = sender.isend(new int[] {5, 6, 7}, Primitive.INT, 0, 3, 1, 0, 9, CONTEXT, SendMode.STANDARD);
        assertTrue(send.isComplete());
        assertTrue(recv.isComplete());
        assertArrayEquals(new int[] {0, 5, 6, 7}, in);
        assertEquals(0, recv.source());
        assertEquals(9, recv.tag());
        assertEquals(12, recv.byteCount());
    }

    @Test
    void smallUnexpectedSendsCompleteAtOnceAndArriveInOrder()
    {
        for (int i = 0; i < 5; i++)
        {
            assertTrue(sender.isend(new long[] {i}, Primitive.LONG, 0, 1, 1, 0, 3, CONTEXT, SendMode.STANDARD).isComplete());
        }
        for (int i = 0; i < 5; i++)
        {
            final long[] in = new long[1];
            assertTrue(receiver.irecv(in, Primitive.LONG, 0, 1, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT).isComplete());
            assertEquals(i, in[0]);
        }
    }

    @Test
    void tagsSelectOutOfArrivalOrderButEachTagKeepsItsOrder()
    {
        send(1, 100);
        send(2, 200);
        send(1, 101);
        assertEquals(200, receive(2));
        assertEquals(100, receive(1));
        assertEquals(101, receive(Device.ANY_TAG));
    }

    @Test
    void unexpectedMessagesOfManySourcesAreTakenPerSourceInArrivalOrderAndByWildcardInOverallOrder()
    {
        final int[][] arrivals = {{2, 20}, {0, 0}, {1, 10}, {2, 21}, {0, 1}, {1, 11}};
        for (final int[] arrival : arrivals)
        {
            assertTrue(sender.isend(new long[] {arrival[1]}, Primitive.LONG, 0, 1, 1, arrival[0], 6, CONTEXT, SendMode.STANDARD)
                .isComplete());
        }
        final ProbeResult probe = new ProbeResult();
        assertTrue(receiver.iprobe(1, Device.ANY_TAG, CONTEXT, probe));
        assertEquals(1, probe.source());
        assertEquals(10, receiveFrom(1));
        assertEquals(20, receiveFrom(2));
        assertEquals(0, receiveFrom(Device.ANY_SOURCE));
        assertEquals(21, receiveFrom(2));
        assertFalse(receiver.iprobe(2, Device.ANY_TAG, CONTEXT, probe));
        assertFalse(receiver.iprobe(3, Device.ANY_TAG, CONTEXT, probe));
        assertEquals(1, receiveFrom(Device.ANY_SOURCE));
        assertEquals(11, receiveFrom(1));
        assertFalse(receiver.iprobe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT, probe));
    }

    private long receiveFrom(final int source)
    {
        final long[] in = new long[1];
        assertTrue(receiver.irecv(in, Primitive.LONG, 0, 1, source, 6, CONTEXT).isComplete());
        return in[0];
    }

    @Test
    void largeSendWaitsForItsReceiveAndIsThenCopiedOnce()
    {
        final byte[] out = new byte[EAGER_LIMIT + 1];
        out[EAGER_LIMIT] = 42;
        final Request send = sender.isend(out, Primitive.BYTE, 0, out.length, 1, 0, 4, CONTEXT, SendMode.STANDARD);
        assertFalse(send.isComplete(), "a rendezvous send must wait for its receive");
        final byte[] in = new byte[out.length];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.BYTE, 0, in.length, 0, 4, CONTEXT);
        assertTrue(recv.isComplete());
        assertTrue(send.isComplete());
        assertEquals(42, in[EAGER_LIMIT]);
    }

    @Test
    void sendsDoneAsTheyStartNeedNoRequestOfTheirOwnWhileOthersKeepTheirs()
    {
        final Request first = sender.isend(new long[] {1}, Primitive.LONG, 0, 1, 1, 0, 5, CONTEXT, SendMode.STANDARD);
        final Request second = sender.isend(new long[] {2}, Primitive.LONG, 0, 1, 1, 0, 5, CONTEXT, SendMode.STANDARD);
        assertTrue(first.isComplete() && second.isComplete());
        assertNull(first.error());
        assertFalse(sender.cancel(first), "a send done as it started has nothing left to cancel");
        final Request large = sender.isend(new byte[EAGER_LIMIT + 1], Primitive.BYTE, 0, EAGER_LIMIT + 1, 1, 0, 5, CONTEXT,
            SendMode.STANDARD);
        final Request larger = sender.isend(new byte[EAGER_LIMIT + 2], Primitive.BYTE, 0, EAGER_LIMIT + 2, 1, 0, 5, CONTEXT,
            SendMode.STANDARD);
        assertFalse(large.isComplete() || larger.isComplete());
        assertNotSame(large, larger);
        assertNotSame(first, large);
        assertEquals(1, receive(5));
        assertEquals(2, receive(5));
        final byte[] in = new byte[EAGER_LIMIT + 2];
        assertEquals(EAGER_LIMIT + 1, receiver.irecv(in, Primitive.BYTE, 0, in.length, 0, 5, CONTEXT).byteCount());
        assertTrue(large.isComplete());
        assertFalse(larger.isComplete());
        assertEquals(EAGER_LIMIT + 2, receiver.irecv(in, Primitive.BYTE, 0, in.length, 0, 5, CONTEXT).byteCount());
        assertTrue(larger.isComplete());
    }

    @Test
    void blockingAllocatingReceiveTakesAQueuedMessageOrWaitsForOne() throws InterruptedException
    {
        sender.isend(new byte[] {1, 2, 3}, Primitive.BYTE, 0, 3, 1, 0, 8, CONTEXT, SendMode.STANDARD);
        final ReceiveRequest queued = receiver.recvAllocating(0, 8, CONTEXT);
        assertArrayEquals(new byte[] {1, 2, 3}, queued.payload());
        assertEquals(8, queued.tag());
        assertEquals(3, queued.byteCount());
        final MatchingDevice receiving = (MatchingDevice)receiver;
        final int postedBefore = receiving.receivesPosted();
        final Thread late = new Thread(() ->
        {
            while (receiving.receivesPosted() == postedBefore)
            {
                Thread.onSpinWait();
            }
            sender.isend(new byte[] {4, 5}, Primitive.BYTE, 0, 2, 1, 0, 9, CONTEXT, SendMode.STANDARD);
        });
        late.start();
        final ReceiveRequest posted = receiver.recvAllocating(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
        late.join();
        assertArrayEquals(new byte[] {4, 5}, posted.payload());
        assertEquals(0, posted.source());
        assertEquals(9, posted.tag());
    }

    @Test
    void synchronousSendCompletesOnlyWhenMatched()
    {
        final Request send = sender.isend(new byte[1], Primitive.BYTE, 0, 1, 1, 0, 5, CONTEXT, SendMode.SYNCHRONOUS);
        assertFalse(send.isComplete());
        receiver.irecv(new byte[1], Primitive.BYTE, 0, 1, 0, 5, CONTEXT);
        assertTrue(send.isComplete());
    }

    @Test
    void longerMessageThanBufferCompletesWithTruncation()
    {
        send(6, 1);
        final ReceiveRequest recv = receiver.irecv(new byte[2], Primitive.BYTE, 0, 2, 0, 6, CONTEXT);
        assertTrue(recv.isComplete());
        assertNotNull(recv.error());
        assertEquals(ErrorClass.ERR_TRUNCATE, recv.error().errorClass());
        assertTrue(recv.error().getMessage().contains("8 bytes"), recv.error().getMessage());
        assertTrue(recv.error().getMessage().contains("2 bytes"), recv.error().getMessage());
    }

    @Test
    void probeSeesTheEnvelopeWithoutReceiving()
    {
        final ProbeResult found = new ProbeResult();
        assertFalse(receiver.iprobe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT, found));
        send(8, 77);
        assertTrue(receiver.iprobe(0, 8, CONTEXT, found));
        assertEquals(0, found.source());
        assertEquals(8, found.tag());
        assertEquals(8, found.byteCount());
        assertEquals(77, receive(8));
        assertFalse(receiver.iprobe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT, found));
    }

    @Test
    void contextsNeverMatchEachOther()
    {
        sender.isend(new long[] {1}, Primitive.LONG, 0, 1, 1, 0, 0, 1, SendMode.STANDARD);
        final ReceiveRequest other = receiver.irecv(new long[1], Primitive.LONG, 0, 1, Device.ANY_SOURCE, Device.ANY_TAG, 2);
        assertFalse(other.isComplete());
        final long[] in = new long[1];
        assertTrue(receiver.irecv(in, Primitive.LONG, 0, 1, Device.ANY_SOURCE, Device.ANY_TAG, 1).isComplete());
        assertEquals(1, in[0]);
    }

    @Test
    void cancelledReceiveNeverMatchesAndReportsIt()
    {
        final ReceiveRequest recv = receiver.irecv(new long[1], Primitive.LONG, 0, 1, 0, 11, CONTEXT);
        assertTrue(receiver.cancel(recv));
        assertTrue(recv.isComplete());
        assertTrue(recv.isCancelled());
        send(11, 5);
        assertEquals(5, receive(11));
        assertFalse(receiver.cancel(recv), "a completed receive cannot be cancelled again");
    }

    @Test
    void queuedRendezvousSendCanBeCancelled()
    {
        final Request send = sender.isend(new byte[EAGER_LIMIT * 2], Primitive.BYTE, 0, EAGER_LIMIT * 2, 1, 0, 12, CONTEXT,
            SendMode.STANDARD);
        assertTrue(sender.cancel(send));
        assertTrue(send.isComplete());
        assertTrue(send.isCancelled());
        assertFalse(receiver.iprobe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT, new ProbeResult()));
    }

    @Test
    void floodBeyondTheUnexpectedLimitTurnsIntoRendezvous()
    {
        final Device[] small = TestJob.open(2, 1024, 4096, "backoff", false);
        int eager = 0;
        Request last = null;
        for (int i = 0; i < 10; i++)
        {
            last = small[0].isend(new byte[1024], Primitive.BYTE, 0, 1024, 1, 0, 1, CONTEXT, SendMode.STANDARD);
            eager += last.isComplete() ? 1 : 0;
        }
        // Each copy takes its 1 KiB and its bookkeeping: three fit in 4 KiB.
        assertEquals(4096 / Unexpected.footprintOf(1024), eager, "only 4 KiB of heap may hold eager copies at the receiver");
        assertEquals(3, eager);
        assertFalse(last.isComplete());
        for (int i = 0; i < 10; i++)
        {
            assertTrue(small[1].irecv(new byte[1024], Primitive.BYTE, 0, 1024, 0, 1, CONTEXT).isComplete());
        }
        assertTrue(last.isComplete());
    }

    @Test
    void blockingCallsReuseTheirRequests()
    {
        final Thread partner = new Thread(() ->
        {
            for (int i = 0; i < 1000; i++)
            {
                final long[] in = new long[1];
                receiver.recv(in, Primitive.LONG, 0, 1, 0, 0, CONTEXT);
                receiver.send(in, Primitive.LONG, 0, 1, 0, 1, 0, CONTEXT, SendMode.STANDARD);
            }
        });
        partner.start();
        final long[] value = new long[1];
        for (int i = 0; i < 1000; i++)
        {
            value[0] = i;
            sender.send(value, Primitive.LONG, 0, 1, 1, 0, 0, CONTEXT, SendMode.STANDARD);
            final ReceiveRequest reply = sender.recv(value, Primitive.LONG, 0, 1, 1, 0, CONTEXT);
            assertNull(reply.error());
            assertEquals(i, value[0]);
        }
    }

    private void send(final int tag, final long value)
    {
        sender.isend(new long[] {value}, Primitive.LONG, 0, 1, 1, 0, tag, CONTEXT, SendMode.STANDARD);
    }

    private long receive(final int tag)
    {
        final long[] in = new long[1];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.LONG, 0, 1, 0, tag, CONTEXT);
        assertTrue(recv.isComplete());
        return in[0];
    }
}
