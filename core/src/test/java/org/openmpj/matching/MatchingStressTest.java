package org.openmpj.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * Randomized two-thread stress of matching: one thread starts numbered sends over a few tags, inline (through the
 * mailbox, when there are mailboxes), eager and rendezvous sizes mixed; the other receives them with specific tags and
 * wildcards at random. Every message must arrive exactly once, and each tag's messages in the order they were sent.
 */
@Timeout(120)
class MatchingStressTest
{
    private static final int MESSAGES = 200_000;
    private static final int TAGS = 4;
    /** Above the mailbox's inline limit, so that some eager messages are too long for the mailbox. */
    private static final int EAGER_LIMIT = InlineMailbox.INLINE_LIMIT_BYTES + 1024;
    /** Ints of each size class: inline in one slot, inline in three, eager but too long for the mailbox, rendezvous. */
    private static final int[] LENGTHS = {1, 40, InlineMailbox.INLINE_LIMIT_BYTES / 4 + 1, EAGER_LIMIT / 4 + 1};

    @ParameterizedTest(name = "mailboxes {0}")
    @ValueSource(booleans = {true, false})
    void everyMessageArrivesOnceAndInOrderPerTag(final boolean mailboxes) throws Exception
    {
        final Device[] devices = TestJob.open(2, EAGER_LIMIT, 1 << 16, "backoff", mailboxes);
        final long seed = System.nanoTime();
        final int[] perTagCount = new int[TAGS];
        final SplittableRandom plan = new SplittableRandom(seed);
        final int[] tags = new int[MESSAGES];
        for (int i = 0; i < MESSAGES; i++)
        {
            tags[i] = plan.nextInt(TAGS);
            perTagCount[tags[i]]++;
        }
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread sender = new Thread(() ->
        {
            try
            {
                // Non-blocking sends: a blocking rendezvous send of one tag would wait for a receiver that
                // is, legitimately, waiting for a later message of another tag.
                final int[] sequence = new int[TAGS];
                final SplittableRandom random = new SplittableRandom(seed + 1);
                final Request[] sends = new Request[MESSAGES];
                for (int i = 0; i < MESSAGES; i++)
                {
                    final int tag = tags[i];
                    final int sizeClass = random.nextInt(8);
                    final int length = LENGTHS[sizeClass < 4 ? 0 : sizeClass < 6 ? 1 : sizeClass - 4];
                    final int[] message = new int[length];
                    message[0] = sequence[tag]++;
                    sends[i] = devices[0].isend(message, Primitive.INT, 0, length, 1, 0, tag, 0, SendMode.STANDARD);
                }
                for (final Request send : sends)
                {
                    devices[0].await(send);
                }
            }
            catch (final Throwable ex)
            {
                failure.set(ex);
            }
        });
        sender.start();

        final int[] expectedNext = new int[TAGS];
        final int[] remaining = perTagCount.clone();
        final SplittableRandom random = new SplittableRandom(seed + 2);
        final int[] in = new int[EAGER_LIMIT];
        for (int received = 0; received < MESSAGES; received++)
        {
            int tag = random.nextInt(TAGS + 1);
            if (tag == TAGS || remaining[tag] == 0)
            {
                tag = Device.ANY_TAG;
            }
            final ReceiveRequest recv = devices[1].recv(in, Primitive.INT, 0, in.length, 0, tag, 0);
            final int gotTag = recv.tag();
            assertEquals(expectedNext[gotTag], in[0], "tag " + gotTag + " out of order (seed " + seed + ")");
            expectedNext[gotTag]++;
            remaining[gotTag]--;
        }
        sender.join();
        assertEquals(null, failure.get());
        for (int tag = 0; tag < TAGS; tag++)
        {
            assertEquals(perTagCount[tag], expectedNext[tag]);
        }
    }

    /**
     * Several threads of one rank send at once to another rank (MPI_THREAD_MULTIPLE), each its own tag and its own mix of
     * inline, eager and rendezvous sizes, while the receiver takes whatever comes: each thread's messages arrive once and
     * in the order that thread sent them.
     */
    @ParameterizedTest(name = "mailboxes {0}")
    @ValueSource(booleans = {true, false})
    void concurrentSendersEachKeepTheirOrder(final boolean mailboxes) throws Exception
    {
        final int senders = 3;
        final int perSender = 30_000;
        final Device[] devices = TestJob.open(2, EAGER_LIMIT, 1 << 16, "backoff", mailboxes);
        final long seed = System.nanoTime();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] threads = new Thread[senders];
        for (int t = 0; t < senders; t++)
        {
            final int tag = t;
            threads[t] = new Thread(() ->
            {
                try
                {
                    final SplittableRandom random = new SplittableRandom(seed + tag);
                    final Request[] sends = new Request[perSender];
                    for (int i = 0; i < perSender; i++)
                    {
                        final int[] message = new int[LENGTHS[random.nextInt(LENGTHS.length)]];
                        message[0] = i;
                        sends[i] = devices[0].isend(message, Primitive.INT, 0, message.length, 1, 0, tag, 0, SendMode.STANDARD);
                    }
                    for (final Request send : sends)
                    {
                        devices[0].await(send);
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            });
            threads[t].start();
        }
        final int[] expectedNext = new int[senders];
        final int[] in = new int[EAGER_LIMIT];
        for (int received = 0; received < senders * perSender; received++)
        {
            final ReceiveRequest recv = devices[1].recv(in, Primitive.INT, 0, in.length, 0, Device.ANY_TAG, 0);
            assertEquals(expectedNext[recv.tag()], in[0], "sender " + recv.tag() + " out of order (seed " + seed + ")");
            expectedNext[recv.tag()]++;
        }
        for (final Thread thread : threads)
        {
            thread.join();
        }
        assertEquals(null, failure.get());
    }
}
