package org.openmpj.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.device.Device;
import org.openmpj.device.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.device.SendMode;

/**
 * Randomized two-thread stress of matching: one thread starts numbered sends over a few tags, eager and
 * rendezvous sizes mixed; the other receives them with specific tags and wildcards at random. Every message
 * must arrive exactly once, and each tag's messages in the order they were sent.
 */
@Timeout(120)
class MatchingStressTest
{
    private static final int MESSAGES = 200_000;
    private static final int TAGS = 4;
    private static final int EAGER_LIMIT = 64;

    @Test
    void everyMessageArrivesOnceAndInOrderPerTag() throws Exception
    {
        final Device[] devices = TestJob.open(2, EAGER_LIMIT, 1 << 16, "backoff");
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
                    final int length = random.nextInt(8) == 0 ? EAGER_LIMIT / 4 + 1 : 1;
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
}
