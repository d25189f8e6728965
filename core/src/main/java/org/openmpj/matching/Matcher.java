package org.openmpj.matching;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One rank's matching state: a {@link ContextQueues} per context, created on first use, and the count of
 * bytes held by eager copies across them, for flow control.
 *
 * <p>Thread-safety: safe for any number of threads; each context's queues have their own lock.
 */
final class Matcher
{
    private static final long MOST_EAGER_BYTES_GRAIN = 16 * 1024;
    private final AtomicLong eagerBytesQueued = new AtomicLong();
    private volatile ContextQueues[] contexts = new ContextQueues[8];
    private final long eagerBytesGrain;

    /**
     * @param unexpectedLimitBytes the rank's limit on the heap of eager copies, which the count serves: each context's queues
     *                             pass their changes on in grains of a 64th of it, at most 16 KiB.
     */
    Matcher(final long unexpectedLimitBytes)
    {
        this.eagerBytesGrain = eagerBytesGrainFor(unexpectedLimitBytes);
    }

    /** @return the {@link #eagerBytesGrain() grain} of a rank whose limit on the heap of eager copies is {@code unexpectedLimitBytes}. */
    static long eagerBytesGrainFor(final long unexpectedLimitBytes)
    {
        return Math.max(1, Math.min(MOST_EAGER_BYTES_GRAIN, unexpectedLimitBytes / 64));
    }

    /**
     * @return how far each context's queues may let the count of eager copies lag behind what they hold, either way: the
     *         count is read now and then by senders and written on every queued copy, so it is kept off the path of each.
     */
    long eagerBytesGrain()
    {
        return eagerBytesGrain;
    }

    /** @return the queues of {@code context}, created on first use. */
    ContextQueues queues(final int context)
    {
        final ContextQueues[] known = contexts;
        if (context < known.length)
        {
            final ContextQueues queues = known[context];
            if (queues != null)
            {
                return queues;
            }
        }
        return create(context);
    }

    /** @return whether {@code context} has no posted receive and no waiting message. */
    boolean isQuiet(final int context)
    {
        final ContextQueues[] known = contexts;
        final ContextQueues queues = context < known.length ? known[context] : null;
        if (queues == null)
        {
            return true;
        }
        queues.lock();
        try
        {
            return queues.isEmpty();
        }
        finally
        {
            queues.unlock();
        }
    }

    /**
     * @return the heap, in bytes, held by local eager copies in all unexpected queues of this rank (see
     *         {@link Unexpected#footprintOf}), each context's part up to a {@link #eagerBytesGrain() grain} behind.
     */
    long eagerBytesQueued()
    {
        return eagerBytesQueued.get();
    }

    void addEagerBytes(final long delta)
    {
        eagerBytesQueued.addAndGet(delta);
    }

    private synchronized ContextQueues create(final int context)
    {
        ContextQueues[] known = contexts;
        if (context >= known.length)
        {
            final ContextQueues[] grown = new ContextQueues[Math.max(context + 1, known.length * 2)];
            System.arraycopy(known, 0, grown, 0, known.length);
            known = grown;
        }
        else if (known[context] != null)
        {
            return known[context];
        }
        else
        {
            known = known.clone();
        }
        final ContextQueues queues = new ContextQueues(this);
        known[context] = queues;
        // Copy-on-write publication: readers see either the old array or a complete new one.
        contexts = known;
        return queues;
    }
}
