package org.openmpj.matching;

import org.openmpj.concurrent.SpinLock;

/**
 * One rank's matching state: per context, the queue of posted receives in posting order and the queue of
 * unexpected messages in arrival order. Searching both front to back gives MPI's non-overtaking order for
 * every (source, tag, context), with wildcards.
 *
 * <p>Thread-safety: callers hold {@link #lock} around every method except {@link #lock()}/{@link #unlock()};
 * nothing waits or copies large data while holding it except an eager copy, bounded by the eager limit.
 */
final class Matcher
{
    private static final int MAX_POOLED_ENTRIES = 1024;

    private final SpinLock lock = new SpinLock();
    private ContextQueues[] contexts = new ContextQueues[8];
    private Unexpected pool;
    private int pooled;
    /** Bytes held by eager copies in the unexpected queues, for flow control. */
    private long eagerBytesQueued;

    void lock()
    {
        lock.lock();
    }

    void unlock()
    {
        lock.unlock();
    }

    long eagerBytesQueued()
    {
        return eagerBytesQueued;
    }

    /** Removes and returns the first posted receive matching the message envelope, or null. */
    RecvRequest takePosted(final int context, final int source, final int tag)
    {
        final ContextQueues queues = queuesOrNull(context);
        if (queues == null)
        {
            return null;
        }
        for (RecvRequest recv = queues.postedHead; recv != null; recv = recv.next)
        {
            if (recv.matches(source, tag))
            {
                unlinkPosted(queues, recv);
                return recv;
            }
        }
        return null;
    }

    void appendPosted(final RecvRequest recv)
    {
        final ContextQueues queues = queues(recv.context);
        recv.prev = queues.postedTail;
        recv.next = null;
        if (queues.postedTail == null)
        {
            queues.postedHead = recv;
        }
        else
        {
            queues.postedTail.next = recv;
        }
        queues.postedTail = recv;
        recv.postedAt = this;
    }

    /** @return whether {@code recv} was still posted here and is now removed. */
    boolean removePosted(final RecvRequest recv)
    {
        if (recv.postedAt != this)
        {
            return false;
        }
        unlinkPosted(queues(recv.context), recv);
        return true;
    }

    /** Removes and returns the first unexpected message matching the filters, or null. */
    Unexpected takeUnexpected(final int context, final int sourceFilter, final int tagFilter)
    {
        final Unexpected found = findUnexpected(context, sourceFilter, tagFilter);
        if (found != null)
        {
            unlinkUnexpected(queues(context), found);
        }
        return found;
    }

    /** @return the first unexpected message matching the filters, left in the queue, or null. */
    Unexpected findUnexpected(final int context, final int sourceFilter, final int tagFilter)
    {
        final ContextQueues queues = queuesOrNull(context);
        if (queues == null)
        {
            return null;
        }
        for (Unexpected entry = queues.unexpectedHead; entry != null; entry = entry.next)
        {
            if (entry.matches(sourceFilter, tagFilter))
            {
                return entry;
            }
        }
        return null;
    }

    void appendUnexpected(final Unexpected entry)
    {
        final ContextQueues queues = queues(entry.context);
        entry.prev = queues.unexpectedTail;
        entry.next = null;
        if (queues.unexpectedTail == null)
        {
            queues.unexpectedHead = entry;
        }
        else
        {
            queues.unexpectedTail.next = entry;
        }
        queues.unexpectedTail = entry;
        entry.queued = true;
        if (entry.rendezvous == null)
        {
            eagerBytesQueued += entry.byteCount;
        }
    }

    /** Removes {@code entry}, which must be queued here. */
    void removeUnexpected(final Unexpected entry)
    {
        unlinkUnexpected(queues(entry.context), entry);
    }

    Unexpected obtainEntry()
    {
        final Unexpected entry = pool;
        if (entry == null)
        {
            return new Unexpected();
        }
        pool = entry.next;
        entry.next = null;
        pooled--;
        return entry;
    }

    void recycle(final Unexpected entry)
    {
        entry.clear();
        if (pooled < MAX_POOLED_ENTRIES)
        {
            entry.next = pool;
            pool = entry;
            pooled++;
        }
    }

    private void unlinkPosted(final ContextQueues queues, final RecvRequest recv)
    {
        if (recv.prev == null)
        {
            queues.postedHead = recv.next;
        }
        else
        {
            recv.prev.next = recv.next;
        }
        if (recv.next == null)
        {
            queues.postedTail = recv.prev;
        }
        else
        {
            recv.next.prev = recv.prev;
        }
        recv.prev = null;
        recv.next = null;
        recv.postedAt = null;
    }

    private void unlinkUnexpected(final ContextQueues queues, final Unexpected entry)
    {
        if (entry.prev == null)
        {
            queues.unexpectedHead = entry.next;
        }
        else
        {
            entry.prev.next = entry.next;
        }
        if (entry.next == null)
        {
            queues.unexpectedTail = entry.prev;
        }
        else
        {
            entry.next.prev = entry.prev;
        }
        entry.prev = null;
        entry.next = null;
        entry.queued = false;
        if (entry.rendezvous == null)
        {
            eagerBytesQueued -= entry.byteCount;
        }
    }

    private ContextQueues queuesOrNull(final int context)
    {
        return context < contexts.length ? contexts[context] : null;
    }

    private ContextQueues queues(final int context)
    {
        if (context >= contexts.length)
        {
            final ContextQueues[] grown = new ContextQueues[Math.max(context + 1, contexts.length * 2)];
            System.arraycopy(contexts, 0, grown, 0, contexts.length);
            contexts = grown;
        }
        ContextQueues queues = contexts[context];
        if (queues == null)
        {
            queues = new ContextQueues();
            contexts[context] = queues;
        }
        return queues;
    }

    /** The two queues of one context. */
    private static final class ContextQueues
    {
        RecvRequest postedHead;
        RecvRequest postedTail;
        Unexpected unexpectedHead;
        Unexpected unexpectedTail;
    }
}
