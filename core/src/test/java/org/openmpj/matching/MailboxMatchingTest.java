package org.openmpj.matching;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

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
 * Small messages between thread ranks through the receiver-matched mailboxes, driven from one thread: a small send is
 * complete at once, and its message is matched when the receiver makes progress.
 */
@Timeout(30)
class MailboxMatchingTest
{
    private static final int CONTEXT = 0;
    private static final int EAGER_LIMIT = 4096;

    private final Device[] devices = TestJob.open(2, EAGER_LIMIT, 4 << 20, "backoff", true);
    private final Device sender = devices[0];
    private final Device receiver = devices[1];
    /** Ranks whose waits spin: only these leave large messages to their receivers to copy. */
    private final Device[] spinning = TestJob.open(2, EAGER_LIMIT, 4 << 20, "spin", true);

    @Test
    void aPostedReceiveIsFilledWhenTheReceiverReadsItsMailbox()
    {
        final int[] in = new int[4];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.INT, 1, 3, 0, 9, CONTEXT);
        final Request send = sender.isend(new int[] {5, 6, 7}, Primitive.INT, 0, 3, 1, 0, 9, CONTEXT, SendMode.STANDARD);
        assertTrue(send.isComplete(), "a small send is complete once it is in the mailbox");
        assertFalse(recv.isComplete(), "nothing moves the message but the receiver");
        assertEquals(1, receiver.progress());
        assertTrue(recv.isComplete());
        assertArrayEquals(new int[] {0, 5, 6, 7}, in);
        assertEquals(0, recv.source());
        assertEquals(9, recv.tag());
        assertEquals(12, recv.byteCount());
        assertNull(recv.error());
    }

    @Test
    void unexpectedMessagesKeepTheirOrderAndEveryElementKind()
    {
        sender.isend(new byte[] {1, 2, 3, 4, 5}, Primitive.BYTE, 0, 5, 1, 0, 1, CONTEXT, SendMode.STANDARD);
        sender.isend(new double[] {0.5, -2.25, 1e300}, Primitive.DOUBLE, 0, 3, 1, 0, 1, CONTEXT, SendMode.STANDARD);
        sender.isend(new char[] {'m', 'p', 'j'}, Primitive.CHAR, 0, 3, 1, 0, 1, CONTEXT, SendMode.STANDARD);
        sender.isend(new boolean[] {true, false, true}, Primitive.BOOLEAN, 0, 3, 1, 0, 1, CONTEXT, SendMode.STANDARD);
        sender.isend(new long[] {Long.MIN_VALUE, 7}, Primitive.LONG, 1, 1, 1, 0, 1, CONTEXT, SendMode.STANDARD);
        sender.isend(new short[0], Primitive.SHORT, 0, 0, 1, 0, 1, CONTEXT, SendMode.STANDARD);

        final byte[] bytes = new byte[8];
        assertEquals(5, receiver.recv(bytes, Primitive.BYTE, 0, 8, 0, 1, CONTEXT).byteCount());
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 0, 0, 0}, bytes);
        final double[] doubles = new double[3];
        receiver.recv(doubles, Primitive.DOUBLE, 0, 3, 0, 1, CONTEXT);
        assertArrayEquals(new double[] {0.5, -2.25, 1e300}, doubles);
        final char[] chars = new char[3];
        receiver.recv(chars, Primitive.CHAR, 0, 3, 0, 1, CONTEXT);
        assertArrayEquals(new char[] {'m', 'p', 'j'}, chars);
        final boolean[] booleans = new boolean[3];
        receiver.recv(booleans, Primitive.BOOLEAN, 0, 3, 0, 1, CONTEXT);
        assertArrayEquals(new boolean[] {true, false, true}, booleans);
        final long[] longs = new long[2];
        receiver.recv(longs, Primitive.LONG, 1, 1, 0, 1, CONTEXT);
        assertArrayEquals(new long[] {0, 7}, longs);
        assertEquals(0, receiver.recv(new short[1], Primitive.SHORT, 0, 1, 0, 1, CONTEXT).byteCount());
    }

    @Test
    void aLongerMessageThanTheBufferKeepsWholeElementsAndReportsTruncation()
    {
        sender.isend(new int[] {1, 2, 3}, Primitive.INT, 0, 3, 1, 0, 6, CONTEXT, SendMode.STANDARD);
        final byte[] in = new byte[6];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.BYTE, 0, 6, 0, 6, CONTEXT);
        receiver.await(recv);
        assertNotNull(recv.error());
        assertEquals(ErrorClass.ERR_TRUNCATE, recv.error().errorClass());
        assertTrue(recv.error().getMessage().contains("12 bytes"), recv.error().getMessage());
        assertEquals(4, recv.byteCount(), "one whole int of the three fits six bytes");
        assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0}, in);
    }

    @Test
    void aFullMailboxThatItsReceiverLeavesAloneIsEmptiedByItsSenderSoThatSmallSendsComplete()
    {
        final int messages = 5_000;
        for (int i = 0; i < messages; i++)
        {
            assertTrue(sender.isend(new int[] {i}, Primitive.INT, 0, 1, 1, 0, 2, CONTEXT, SendMode.STANDARD).isComplete());
        }
        final int[] in = new int[1];
        for (int i = 0; i < messages; i++)
        {
            receiver.recv(in, Primitive.INT, 0, 1, 0, 2, CONTEXT);
            assertEquals(i, in[0]);
        }
    }

    @Test
    void messagesOfOneSlotToTheInlineLimitInBytesAndIntsWrapAroundTheRingIntact()
    {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        // About 600 KiB in all, under the receiver's limit of eager copies, and dozens of laps of the ring.
        final int messages = 300;
        final int[] lengths = new int[messages];
        for (int i = 0; i < messages; i++)
        {
            lengths[i] = 1 + random.nextInt(InlineMailbox.INLINE_LIMIT_BYTES);
            final Request send;
            if (i % 2 == 0)
            {
                final byte[] message = new byte[lengths[i]];
                java.util.Arrays.fill(message, (byte)i);
                send = sender.isend(message, Primitive.BYTE, 0, message.length, 1, 0, 2, CONTEXT, SendMode.STANDARD);
            }
            else
            {
                final int[] message = new int[Math.max(1, lengths[i] / 4)];
                lengths[i] = message.length;
                java.util.Arrays.fill(message, i);
                send = sender.isend(message, Primitive.INT, 0, message.length, 1, 0, 2, CONTEXT, SendMode.STANDARD);
            }
            assertTrue(send.isComplete(), "message " + i + " is in the mailbox");
            if (i % 7 == 0)
            {
                receiver.progress();
            }
        }
        final byte[] bytes = new byte[InlineMailbox.INLINE_LIMIT_BYTES];
        final int[] ints = new int[InlineMailbox.INLINE_LIMIT_BYTES / 4];
        for (int i = 0; i < messages; i++)
        {
            if (i % 2 == 0)
            {
                assertEquals(lengths[i], receiver.recv(bytes, Primitive.BYTE, 0, bytes.length, 0, 2, CONTEXT).byteCount());
                for (int k = 0; k < lengths[i]; k++)
                {
                    assertEquals((byte)i, bytes[k], "message " + i + ", byte " + k);
                }
            }
            else
            {
                assertEquals(4L * lengths[i], receiver.recv(ints, Primitive.INT, 0, ints.length, 0, 2, CONTEXT).byteCount());
                for (int k = 0; k < lengths[i]; k++)
                {
                    assertEquals(i, ints[k], "message " + i + ", element " + k);
                }
            }
        }
    }

    @Test
    void aSmallMessageKeepsItsPlaceBeforeALargerOneFromTheSameSender()
    {
        sender.isend(new int[] {1}, Primitive.INT, 0, 1, 1, 0, 3, CONTEXT, SendMode.STANDARD);
        final Request large = sender.isend(new int[2048], Primitive.INT, 0, 2048, 1, 0, 3, CONTEXT, SendMode.STANDARD);
        final Request synchronous = sender.isend(new int[] {3}, Primitive.INT, 0, 1, 1, 0, 3, CONTEXT, SendMode.SYNCHRONOUS);
        assertFalse(large.isComplete(), "a message above the eager limit waits for its receive");
        assertFalse(synchronous.isComplete(), "a synchronous send waits for its receive, however small");
        final int[] in = new int[2048];
        assertEquals(4, receiver.recv(in, Primitive.INT, 0, 2048, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT).byteCount());
        assertEquals(1, in[0]);
        assertEquals(8192, receiver.recv(in, Primitive.INT, 0, 2048, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT).byteCount());
        assertTrue(large.isComplete());
        assertFalse(synchronous.isComplete());
        assertEquals(4, receiver.recv(in, Primitive.INT, 0, 2048, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT).byteCount());
        assertEquals(3, in[0]);
        assertTrue(synchronous.isComplete());
    }

    @Test
    void aMessageAboveTheEagerLimitWaitsThoughTheMailboxCouldHoldIt()
    {
        final Device[] strict = TestJob.open(2, 16, 1 << 20, "backoff", true);
        final Request send = strict[0].isend(new byte[32], Primitive.BYTE, 0, 32, 1, 0, 4, CONTEXT, SendMode.STANDARD);
        assertFalse(send.isComplete());
        strict[1].recv(new byte[32], Primitive.BYTE, 0, 32, 0, 4, CONTEXT);
        assertTrue(send.isComplete());
    }

    @Test
    void aFloodBeyondTheUnexpectedLimitWaitsForReceivesAndKeepsItsOrder()
    {
        final Device[] small = TestJob.open(2, EAGER_LIMIT, 1024, "backoff", true);
        final Request[] sends = new Request[200];
        for (int i = 0; i < sends.length; i++)
        {
            sends[i] = small[0].isend(new long[] {i}, Primitive.LONG, 0, 1, 1, 0, 5, CONTEXT, SendMode.STANDARD);
        }
        assertFalse(sends[sends.length - 1].isComplete(), "200 eager copies of 8 bytes would pass a limit of 1 KiB");
        final long[] in = new long[1];
        for (int i = 0; i < sends.length; i++)
        {
            small[1].recv(in, Primitive.LONG, 0, 1, 0, 5, CONTEXT);
            assertEquals(i, in[0]);
        }
        for (final Request send : sends)
        {
            small[0].await(send);
        }
    }

    @Test
    void aFloodOfTinyMessagesIsBoundedByTheHeapItsCopiesTakeNotByTheirPayload()
    {
        final long limit = 1 << 20;
        final Device[] pair = TestJob.open(2, EAGER_LIMIT, limit, "backoff", true);
        final Request[] sends = new Request[20_000];
        int completeAtOnce = 0;
        for (int i = 0; i < sends.length; i++)
        {
            sends[i] = pair[0].isend(new double[] {i}, Primitive.DOUBLE, 0, 1, 1, 0, 5, CONTEXT, SendMode.STANDARD);
            completeAtOnce += sends[i].isComplete() ? 1 : 0;
        }
        // Counted by payload, all 20,000 copies (160 KB) would fit the limit; each takes about 216 bytes of heap. The count the
        // senders consult may lag what the queues hold by one grain.
        final long mostCopies = (limit + Matcher.eagerBytesGrainFor(limit)) / Unexpected.footprintOf(Double.BYTES);
        assertTrue(completeAtOnce > 0 && completeAtOnce <= mostCopies,
            completeAtOnce + " of 20,000 sends of 8 bytes were copied at once under a limit of 1 MiB");
        final double[] in = new double[1];
        for (int i = 0; i < sends.length; i++)
        {
            pair[1].recv(in, Primitive.DOUBLE, 0, 1, 0, 5, CONTEXT);
            assertEquals(i, in[0]);
        }
        for (final Request send : sends)
        {
            pair[0].await(send);
        }
    }

    @Test
    void aProbeReadsTheMailboxBeforeItAnswers()
    {
        sender.isend(new short[] {4, 2}, Primitive.SHORT, 0, 2, 1, 0, 8, CONTEXT, SendMode.STANDARD);
        final ProbeResult probe = new ProbeResult();
        assertTrue(receiver.iprobe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT, probe));
        assertEquals(0, probe.source());
        assertEquals(8, probe.tag());
        assertEquals(4, probe.byteCount());
    }

    @Test
    void aRankSendsToItselfThroughItsOwnMailbox()
    {
        final Request send = sender.isend(new int[] {42}, Primitive.INT, 0, 1, 0, 0, 7, CONTEXT, SendMode.STANDARD);
        assertTrue(send.isComplete());
        final int[] in = new int[1];
        sender.recv(in, Primitive.INT, 0, 1, 0, 7, CONTEXT);
        assertEquals(42, in[0]);
    }

    @Test
    void aLargeMessageForAPostedReceiveIsCopiedByTheReceiverWhenItMakesProgress()
    {
        final Device sender = spinning[0];
        final Device receiver = spinning[1];
        final double[] out = new double[3 * EAGER_LIMIT / 8 + 1];
        for (int i = 0; i < out.length; i++)
        {
            out[i] = i * 0.5 - 3;
        }
        final double[] in = new double[out.length + 2];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.DOUBLE, 2, out.length, 0, 12, CONTEXT);
        final Request send = sender.isend(out, Primitive.DOUBLE, 0, out.length, 1, 0, 12, CONTEXT, SendMode.STANDARD);
        assertFalse(send.isComplete(), "the sender matched the receive but leaves the copy to the receiver");
        assertFalse(recv.isComplete());
        assertFalse(sender.cancel(send), "a matched send cannot be cancelled");
        assertEquals(1, receiver.progress());
        assertTrue(recv.isComplete());
        assertTrue(send.isComplete());
        assertEquals(0, in[0]);
        assertEquals(0, in[1]);
        for (int i = 0; i < out.length; i++)
        {
            assertEquals(out[i], in[i + 2], "element " + i);
        }
        assertEquals(0, recv.source());
        assertEquals(12, recv.tag());
        assertEquals(8L * out.length, recv.byteCount());
        assertNull(recv.error());
    }

    @Test
    void whereWaitsBackOffTheSenderCopiesALargeMessageForAPostedReceiveAtOnce()
    {
        final int[] out = new int[3 * EAGER_LIMIT / 4];
        Arrays.fill(out, 77);
        final int[] in = new int[out.length];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.INT, 0, out.length, 0, 15, CONTEXT);
        final Request send = sender.isend(out, Primitive.INT, 0, out.length, 1, 0, 15, CONTEXT, SendMode.STANDARD);
        assertTrue(send.isComplete(), "a receiver that must first be scheduled is not left the copy");
        assertTrue(recv.isComplete());
        assertArrayEquals(out, in);
    }

    @Test
    void aLowerRankThatSendsCopiesTheFirstHalfWhileItWaitsAndTheReceiverTheSecond()
    {
        assertEachRankCopiesItsOwnHalf(0, 1, 13);
    }

    @Test
    void aHigherRankThatSendsCopiesTheSecondHalfWhileItWaitsAndTheReceiverTheFirst()
    {
        assertEachRankCopiesItsOwnHalf(1, 0, 16);
    }

    /**
     * Sends a message that splits from {@code from} to {@code to}, lets the sender help once, and checks that it copied
     * the half of the lower of the two ranks (the first) or of the higher (the second), and that the receiver then
     * copies the other.
     */
    private void assertEachRankCopiesItsOwnHalf(final int from, final int to, final int tag)
    {
        final Device sender = spinning[from];
        final Device receiver = spinning[to];
        final long[] out = splittable();
        final int count = out.length - 1;
        final byte[] in = new byte[5 + 8 * count + 4];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.BYTE, 5, 8 * count, from, tag, CONTEXT);
        final Request send = sender.isend(out, Primitive.LONG, 1, count, to, from, tag, CONTEXT, SendMode.STANDARD);
        assertFalse(send.isComplete(), "the receiver copies, at least its half");
        final java.nio.ByteBuffer asBytes = java.nio.ByteBuffer.wrap(in).order(java.nio.ByteOrder.nativeOrder());
        final int split = (int)ReceiverCopies.splitOf(8L * count);
        final int sendersFirst = from < to ? 0 : split;
        final int receiversFirst = from < to ? split : 0;
        sender.progress();
        assertEquals(out[1 + sendersFirst / 8], asBytes.getLong(5 + sendersFirst), "the sender copied its half while it waited");
        assertEquals(out[sendersFirst / 8 + (from < to ? split : 8 * count - split) / 8],
            asBytes.getLong(5 + sendersFirst + (from < to ? split : 8 * count - split) - 8), "the last element of the sender's half");
        assertEquals(0, asBytes.getLong(5 + receiversFirst), "the receiver's half waits for the receiver");
        assertFalse(send.isComplete());
        assertFalse(recv.isComplete());
        assertEquals(1, receiver.progress());
        assertTrue(recv.isComplete());
        assertTrue(send.isComplete());
        assertLandedWhole(out, in, count, recv);
        assertEquals(from, recv.source());
    }

    @Test
    void aReceiveThatFindsALargeSendWaitingCopiesItWholeWhenItsSenderDoesNotHelp()
    {
        for (int from = 0; from < 2; from++)
        {
            final Device sender = spinning[from];
            final Device receiver = spinning[1 - from];
            final long[] out = splittable();
            final int count = out.length - 1;
            final byte[] in = new byte[5 + 8 * count + 4];
            final Request send = sender.isend(out, Primitive.LONG, 1, count, 1 - from, from, 17, CONTEXT, SendMode.STANDARD);
            assertFalse(send.isComplete(), "a large send waits for its receive");
            sender.progress();
            assertFalse(send.isComplete(), "nothing to help with before the receive is posted");
            final ReceiveRequest recv = receiver.irecv(in, Primitive.BYTE, 5, 8 * count, from, 17, CONTEXT);
            assertTrue(recv.isComplete(), "the receive found the send waiting and copied both halves");
            assertTrue(send.isComplete());
            assertLandedWhole(out, in, count, recv);
            assertEquals(0, sender.progress(), "nothing is left for the sender to help with");
        }
    }

    @Test
    void largeMessagesThatGoBackAndForthWhileBothRanksHelpArriveWhole() throws Exception
    {
        final int messages = 200;
        final long[] first = splittable();
        final long[] second = new long[first.length];
        final Thread echo = new Thread(() ->
        {
            for (int i = 0; i < messages; i++)
            {
                final ReceiveRequest recv = spinning[1].irecv(second, Primitive.LONG, 0, second.length, 0, 18, CONTEXT);
                spinning[1].await(recv);
                second[i % second.length]++;
                final Request send = spinning[1].isend(second, Primitive.LONG, 0, second.length, 0, 1, 18, CONTEXT, SendMode.STANDARD);
                spinning[1].await(send);
            }
        });
        echo.setDaemon(true);
        echo.start();
        final long[] expected = first.clone();
        for (int i = 0; i < messages; i++)
        {
            final Request send = spinning[0].isend(first, Primitive.LONG, 0, first.length, 1, 0, 18, CONTEXT, SendMode.STANDARD);
            spinning[0].await(send);
            final ReceiveRequest recv = spinning[0].irecv(first, Primitive.LONG, 0, first.length, 1, 18, CONTEXT);
            spinning[0].await(recv);
            expected[i % expected.length]++;
            assertArrayEquals(expected, first, "message " + i);
        }
        echo.join(10_000);
        assertFalse(echo.isAlive());
    }

    @Test
    void aReceiverCopiesBothHalvesOfALargeMessageWhenTheSenderDoesNotHelp()
    {
        final Device sender = spinning[0];
        final Device receiver = spinning[1];
        final long[] out = splittable();
        final int count = out.length - 1;
        final byte[] in = new byte[5 + 8 * count + 4];
        final ReceiveRequest recv = receiver.irecv(in, Primitive.BYTE, 5, 8 * count, 0, 14, CONTEXT);
        final Request send = sender.isend(out, Primitive.LONG, 1, count, 1, 0, 14, CONTEXT, SendMode.STANDARD);
        assertEquals(1, receiver.progress());
        assertTrue(recv.isComplete());
        assertTrue(send.isComplete());
        assertLandedWhole(out, in, count, recv);
        assertEquals(0, sender.progress(), "nothing is left for the sender to help with");
    }

    /** @return longs, the first one left out of the message, of at least the size that splits. */
    private static long[] splittable()
    {
        final long[] out = new long[(int)(ReceiverCopies.SPLIT_FROM_BYTES / 8) + 17];
        for (int i = 0; i < out.length; i++)
        {
            out[i] = i * 0x0101_0101_0101L - 7;
        }
        return out;
    }

    /** Checks that {@code count} longs from {@code out[1]} landed in {@code in} from byte 5, and nothing around them. */
    private static void assertLandedWhole(final long[] out, final byte[] in, final int count, final ReceiveRequest recv)
    {
        final java.nio.ByteBuffer asBytes = java.nio.ByteBuffer.wrap(in).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 0; i < count; i++)
        {
            assertEquals(out[i + 1], asBytes.getLong(5 + 8 * i), "element " + i);
        }
        assertEquals(0, in[4]);
        assertEquals(0, in[5 + 8 * count]);
        assertEquals(8L * count, recv.byteCount());
        assertNull(recv.error());
    }

    @Test
    void twoRanksThatEachSendALargeMessageBeforeWaitingForTheirReceiveBothFinish() throws Exception
    {
        final int rounds = 2_000;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread other = Thread.ofPlatform().uncaughtExceptionHandler((thread, ex) -> failure.set(ex)).start(
            () -> exchange(spinning[1], 0, rounds));
        exchange(spinning[0], 1, rounds);
        other.join();
        assertNull(failure.get());
    }

    /** Posts a receive from {@code peer}, sends to it in a blocking call and then waits for the receive, {@code rounds} times. */
    private static void exchange(final Device self, final int peer, final int rounds)
    {
        final int[] out = new int[2 * EAGER_LIMIT];
        final int[] in = new int[out.length];
        for (int round = 0; round < rounds; round++)
        {
            out[round % out.length] = round;
            final ReceiveRequest recv = self.irecv(in, Primitive.INT, 0, in.length, peer, 5, CONTEXT);
            // Each send waits for the peer to copy it, while the peer waits in its own send: waits must make the copies.
            self.await(self.isend(out, Primitive.INT, 0, out.length, peer, 1 - peer, 5, CONTEXT, SendMode.STANDARD));
            self.await(recv);
            if (in[round % in.length] != round)
            {
                throw new AssertionError("round " + round + " received " + in[round % in.length]);
            }
        }
    }

    @Test
    void aStreamFarLongerThanTheMailboxArrivesWholeAndInOrderWhileTheReceiverReadsAsItComes() throws Exception
    {
        final int messages = 200_000;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread receiving = Thread.ofPlatform().uncaughtExceptionHandler((thread, ex) -> failure.set(ex)).start(() ->
        {
            final long[] in = new long[2];
            for (int i = 0; i < messages; i++)
            {
                receiver.recv(in, Primitive.LONG, 0, 2, 0, 3, CONTEXT);
                if (in[0] != i || in[1] != -i)
                {
                    throw new AssertionError("message " + i + " arrived as " + in[0] + ", " + in[1]);
                }
            }
        });
        final long[] out = new long[2];
        for (int i = 0; i < messages; i++)
        {
            out[0] = i;
            out[1] = -i;
            // Complete at once unless the receiver's eager copies reached their limit, when it waits for receives.
            sender.await(sender.isend(out, Primitive.LONG, 0, 2, 1, 0, 3, CONTEXT, SendMode.STANDARD));
        }
        receiving.join();
        assertNull(failure.get());
    }

    @Test
    void doublesLongsIntsAndFloatsUpToTheInlineLimitTravelInlineAndLandAsTheirOwnKindOrAsBytes()
    {
        final int elements = InlineMailbox.INLINE_LIMIT_BYTES / 8;
        final double[] doubles = new double[elements];
        final long[] longs = new long[elements];
        for (int i = 0; i < elements; i++)
        {
            doubles[i] = i * -0.75 + 1e-300;
            longs[i] = Long.MIN_VALUE + 31L * i;
        }
        final double[] doublesIn = new double[elements];
        final ReceiveRequest posted = receiver.irecv(doublesIn, Primitive.DOUBLE, 0, elements, 0, 9, CONTEXT);
        assertTrue(sender.isend(doubles, Primitive.DOUBLE, 0, elements, 1, 0, 9, CONTEXT, SendMode.STANDARD).isComplete());
        assertFalse(posted.isComplete(), "a message matched in the sending thread would have filled the posted receive");
        assertTrue(sender.isend(longs, Primitive.LONG, 0, elements, 1, 0, 9, CONTEXT, SendMode.STANDARD).isComplete());
        assertTrue(sender.isend(doubles, Primitive.DOUBLE, 1, elements - 1, 1, 0, 9, CONTEXT, SendMode.STANDARD).isComplete());
        receiver.progress();

        assertTrue(posted.isComplete());
        assertArrayEquals(doubles, doublesIn);
        final long[] longsIn = new long[elements + 1];
        receiver.recv(longsIn, Primitive.LONG, 1, elements, 0, 9, CONTEXT);
        assertArrayEquals(longs, java.util.Arrays.copyOfRange(longsIn, 1, elements + 1));
        final byte[] bytesIn = new byte[8 * elements];
        assertEquals(8L * (elements - 1), receiver.recv(bytesIn, Primitive.BYTE, 0, bytesIn.length, 0, 9, CONTEXT).byteCount());
        final java.nio.ByteBuffer asBytes = java.nio.ByteBuffer.wrap(bytesIn).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 1; i < elements; i++)
        {
            assertEquals(doubles[i], asBytes.getDouble(8 * (i - 1)), "double " + i + " received as bytes");
        }

        // An odd count of ints and of floats: the last long holds one.
        final int[] ints = new int[InlineMailbox.INLINE_LIMIT_BYTES / 4 - 1];
        final float[] floats = new float[ints.length];
        for (int i = 0; i < ints.length; i++)
        {
            ints[i] = -7 * i - 1;
            floats[i] = i / 3.0f - 100f;
        }
        final int[] intsIn = new int[ints.length];
        final ReceiveRequest postedInts = receiver.irecv(intsIn, Primitive.INT, 0, ints.length, 0, 10, CONTEXT);
        assertTrue(sender.isend(ints, Primitive.INT, 0, ints.length, 1, 0, 10, CONTEXT, SendMode.STANDARD).isComplete());
        assertFalse(postedInts.isComplete(), "ints travel inline as well");
        assertTrue(sender.isend(floats, Primitive.FLOAT, 0, floats.length, 1, 0, 10, CONTEXT, SendMode.STANDARD).isComplete());
        assertTrue(sender.isend(ints, Primitive.INT, 0, ints.length, 1, 0, 10, CONTEXT, SendMode.STANDARD).isComplete());
        receiver.progress();
        assertTrue(postedInts.isComplete());
        assertArrayEquals(ints, intsIn);
        final float[] floatsIn = new float[floats.length];
        receiver.recv(floatsIn, Primitive.FLOAT, 0, floats.length, 0, 10, CONTEXT);
        assertArrayEquals(floats, floatsIn);
        receiver.recv(bytesIn, Primitive.BYTE, 0, bytesIn.length, 0, 10, CONTEXT);
        for (int i = 0; i < ints.length; i++)
        {
            assertEquals(ints[i], asBytes.getInt(4 * i), "int " + i + " received as bytes");
        }
    }
}
