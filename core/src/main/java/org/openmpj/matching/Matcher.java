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
    private final AtomicLong eagerBytesQueued = new AtomicLong();
    private volatile ContextQueues[] contexts = new ContextQueues[8];

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

    /** @return the heap, in bytes, held by eager copies in all unexpected queues of this rank (see {@link Unexpected#footprintOf}). */
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
