package org.openmpj.transport.shm;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Chooses, at a receiver, whether a message over the eager limit from a lower peer comes by the kernel copy or through the
 * ring, from what each took lately for that peer and size: the faster one, with every {@link #TRIAL_EVERY}-th message of a
 * size taking the other way so that both figures stay fresh.
 *
 * <p>Why measure: which way is faster depends on the CPU and on where the hypervisor runs the two cores at the moment. On an
 * Intel Xeon the ring, where both cores copy at once, was 1.2 times as fast as the kernel copy at 1 MiB; on an AMD EPYC the
 * kernel copy was as fast in the VM's fast state and up to 1.4 times as fast in its slow state, which comes and goes every
 * few seconds and makes every line that crosses between the cores cost six times as much.
 *
 * <p>A sample is the time from the clear-to-send to the payload's landing, per byte; sizes are classed by powers of two. A
 * way's figure is the mean of its last two samples: one message held up (by an interrupt, or a sender busy elsewhere)
 * counts half, a way whose times scatter is judged by their mean rather than by its luckiest message, and a change of the
 * machine's state shows after two. A trial's sample is at most {@link #TRIAL_EVERY} messages older than the chosen way's,
 * so both come from the same state unless it changed in between, which the next trials correct.
 *
 * <p>Thread-safety: {@link #pulls} from any thread (a receive may clear a send in any thread); {@link #landed} by the
 * transport's reading thread. Samples are read and written opaquely: a decision made on a figure a moment old is still a
 * good one.
 */
final class MeasuredLargeCopy
{
    /** Every how many messages of one peer and size class the way not chosen is tried. */
    static final int TRIAL_EVERY = 16;
    private static final int CLASSES = Long.SIZE;
    /** Samples kept per way, peer and size class. */
    private static final int KEPT = 2;

    /** By peer, size class and age: picoseconds per byte by the kernel copy; 0 until measured. */
    private final AtomicLongArray pullSamples;
    /** By peer, size class and age: picoseconds per byte through the ring; 0 until measured. */
    private final AtomicLongArray streamSamples;
    /** By peer and size class: messages since the way not chosen was last tried. */
    private final AtomicIntegerArray sinceTrial;
    /** Messages chosen to stream (0) and to be pulled (1). */
    private final AtomicLongArray chosen = new AtomicLongArray(2);

    /** @param peers the number of ranks in the segment. */
    MeasuredLargeCopy(final int peers)
    {
        this.pullSamples = new AtomicLongArray(peers * CLASSES * KEPT);
        this.streamSamples = new AtomicLongArray(peers * CLASSES * KEPT);
        this.sinceTrial = new AtomicIntegerArray(peers * CLASSES);
    }

    /** @return whether the next message of {@code bytes} bytes from {@code peer} should be pulled rather than streamed. */
    boolean pulls(final int peer, final long bytes)
    {
        final int at = index(peer, bytes);
        final long pull = figure(pullSamples, at);
        final long stream = figure(streamSamples, at);
        final boolean pulls;
        if (pull == 0 || stream == 0)
        {
            pulls = pull == 0;
        }
        else
        {
            final int since = sinceTrial.getOpaque(at) + 1;
            final boolean trial = since >= TRIAL_EVERY;
            sinceTrial.setOpaque(at, trial ? 0 : since);
            pulls = pull <= stream != trial;
        }
        chosen.getAndIncrement(pulls ? 1 : 0);
        return pulls;
    }

    /** Notes that a message of {@code bytes} bytes from {@code peer} landed {@code nanos} after its clear-to-send. */
    void landed(final int peer, final long bytes, final boolean pulled, final long nanos)
    {
        final int at = index(peer, bytes) * KEPT;
        final AtomicLongArray samples = pulled ? pullSamples : streamSamples;
        samples.setOpaque(at + 1, samples.getOpaque(at));
        samples.setOpaque(at, Math.max(1, nanos * 1000 / bytes));
    }

    /** @return how many large messages were chosen to be pulled. */
    long pulled()
    {
        return chosen.get(1);
    }

    /** @return how many large messages were chosen to be streamed. */
    long streamed()
    {
        return chosen.get(0);
    }

    /** @return the mean of the samples kept at {@code at}, ignoring those not taken yet; 0 when none is. */
    private static long figure(final AtomicLongArray samples, final int at)
    {
        final long last = samples.getOpaque(at * KEPT);
        final long before = samples.getOpaque(at * KEPT + 1);
        return before == 0 ? last : (last + before) / 2;
    }

    private static int index(final int peer, final long bytes)
    {
        return peer * CLASSES + (Long.SIZE - 1 - Long.numberOfLeadingZeros(bytes));
    }
}
