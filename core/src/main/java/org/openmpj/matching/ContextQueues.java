package org.openmpj.matching;

import org.openmpj.concurrent.Pool;
import org.openmpj.concurrent.SpinLock;

/**
 * The matching queues of one context: posted receives in posting order and unexpected messages in arrival
 * order. Searching both front to back gives MPI's non-overtaking order for every (source, tag), with
 * wildcards. Unexpected messages are also linked per source, in the same order, so that a receive from one
 * source looks only at that source's messages: with one list, a root gathering from many ranks that ran ahead
 * scanned past every other rank's messages for each receive. The lock word and the queue heads live in this one
 * object, so a sender that takes the lock brings the heads into its cache with it.
 *
 * <p>Thread-safety: callers hold the lock (inherited from {@link SpinLock}) around every method ({@link #deliverAndUnlock}
 * releases it); nothing waits or copies large data under it except an eager copy, bounded by the eager limit.
 */
final class ContextQueues extends SpinLock
{
    private static final int MAX_POOLED_ENTRIES = 1024;

    private final Matcher matcher;
    private RecvRequest postedHead;
    private RecvRequest postedTail;
    private Unexpected unexpectedHead;
    private Unexpected unexpectedTail;
    /** The first and last unexpected message of each source, by source; grown as sources appear. */
    private Unexpected[] sourceHeads = new Unexpected[4];
    private Unexpected[] sourceTails = new Unexpected[4];
    private final Pool<Unexpected> spent = new Pool<>(MAX_POOLED_ENTRIES, Unexpected::new);
    /** Heap of eager copies queued here (less what was taken) that the rank's count has not been told of yet. */
    private long eagerBytesNotCounted;

    ContextQueues(final Matcher matcher)
    {
        this.matcher = matcher;
    }

    /** @return the rank's matcher, for its flow-control count. */
    Matcher matcher()
    {
        return matcher;
    }

    /** @return whether no receive is posted and no message waits here. */
    boolean isEmpty()
    {
        return postedHead == null && unexpectedHead == null;
    }

    /** Removes and returns the first posted receive matching the message envelope, or null. */
    RecvRequest takePosted(final int source, final int tag)
    {
        for (RecvRequest recv = postedHead; recv != null; recv = recv.next)
        {
            if (recv.matches(source, tag))
            {
                unlinkPosted(recv);
                return recv;
            }
        }
        return null;
    }

    void appendPosted(final RecvRequest recv)
    {
        // Conditional stores: a reused request usually holds these values already (see RecvRequest.start).
        final RecvRequest tail = postedTail;
        if (recv.prev != tail)
        {
            recv.prev = tail;
        }
        if (recv.next != null)
        {
            recv.next = null;
        }
        if (tail == null)
        {
            postedHead = recv;
        }
        else
        {
            tail.next = recv;
        }
        postedTail = recv;
        if (recv.postedAt != this)
        {
            recv.postedAt = this;
        }
    }

    /** @return whether {@code recv} was still posted here and is now removed. */
    boolean removePosted(final RecvRequest recv)
    {
        // postedAt outlives the match, so membership is also checked: a linked request has a predecessor or is the head.
        if (recv.postedAt != this || (recv.prev == null && postedHead != recv))
        {
            return false;
        }
        unlinkPosted(recv);
        return true;
    }

    /** Removes and returns the first unexpected message matching the filters, or null. */
    Unexpected takeUnexpected(final int sourceFilter, final int tagFilter)
    {
        final Unexpected found = findUnexpected(sourceFilter, tagFilter);
        if (found != null)
        {
            unlinkUnexpected(found);
        }
        return found;
    }

    /** @return the first unexpected message matching the filters, left in the queue, or null. */
    Unexpected findUnexpected(final int sourceFilter, final int tagFilter)
    {
        if (sourceFilter >= 0)
        {
            if (sourceFilter >= sourceHeads.length)
            {
                return null;
            }
            for (Unexpected entry = sourceHeads[sourceFilter]; entry != null; entry = entry.nextOfSource)
            {
                if (entry.matches(sourceFilter, tagFilter))
                {
                    return entry;
                }
            }
            return null;
        }
        for (Unexpected entry = unexpectedHead; entry != null; entry = entry.next)
        {
            if (entry.matches(sourceFilter, tagFilter))
            {
                return entry;
            }
        }
        return null;
    }

    /** Removes and returns the queued rendezvous that {@code origin} announced with {@code sendId}, or null when it is gone. */
    Unexpected takeRemoteRendezvous(final PeerProtocol origin, final long sendId)
    {
        for (Unexpected entry = unexpectedHead; entry != null; entry = entry.next)
        {
            if (entry.remoteRendezvous && entry.origin == origin && entry.remoteSendId == sendId)
            {
                unlinkUnexpected(entry);
                return entry;
            }
        }
        return null;
    }

    void appendUnexpected(final Unexpected entry)
    {
        entry.prev = unexpectedTail;
        entry.next = null;
        if (unexpectedTail == null)
        {
            unexpectedHead = entry;
        }
        else
        {
            unexpectedTail.next = entry;
        }
        unexpectedTail = entry;
        final int source = entry.source;
        if (source >= sourceHeads.length)
        {
            final int grown = Math.max(source + 1, sourceHeads.length * 2);
            sourceHeads = java.util.Arrays.copyOf(sourceHeads, grown);
            sourceTails = java.util.Arrays.copyOf(sourceTails, grown);
        }
        final Unexpected last = sourceTails[source];
        entry.prevOfSource = last;
        entry.nextOfSource = null;
        if (last == null)
        {
            sourceHeads[source] = entry;
        }
        else
        {
            last.nextOfSource = entry;
        }
        sourceTails[source] = entry;
        entry.queued = true;
        if (entry.holdsLocalEagerCopy())
        {
            countEagerBytes(entry.footprint());
        }
    }

    /** Removes {@code entry}, which must be queued here. */
    void removeUnexpected(final Unexpected entry)
    {
        unlinkUnexpected(entry);
    }

    Unexpected obtainEntry()
    {
        return spent.take();
    }

    /**
     * Hands {@code entry}, just taken from the unexpected queue with the lock held, to the receive it matched, recycles it and
     * releases the lock: a small eager copy is delivered under the lock, so that the entry goes back to the pool in the same
     * hold; anything else is delivered with the lock released, and the entry recycled in a second hold.
     */
    void deliverAndUnlock(final Unexpected entry, final RecvRequest recv, final boolean waiterMayPark)
    {
        if (entry.isSmallEagerCopy())
        {
            final PeerProtocol origin = entry.origin;
            final long bytes = entry.byteCount;
            entry.deliverEagerCopy(recv, waiterMayPark);
            recycle(entry);
            unlock();
            if (origin != null)
            {
                origin.onEagerConsumed(bytes);
            }
            return;
        }
        unlock();
        entry.deliverTo(recv, waiterMayPark);
        lock();
        recycle(entry);
        unlock();
    }

    void recycle(final Unexpected entry)
    {
        entry.clear();
        spent.give(entry);
    }

    private void unlinkPosted(final RecvRequest recv)
    {
        final RecvRequest prev = recv.prev;
        final RecvRequest next = recv.next;
        if (prev == null)
        {
            postedHead = next;
        }
        else
        {
            prev.next = next;
        }
        if (next == null)
        {
            postedTail = prev;
        }
        else
        {
            next.prev = prev;
        }
        // Only links that are set are cleared: the sole posted receive, the common case, leaves the
        // request's lines untouched by the sender apart from its outcome.
        if (prev != null)
        {
            recv.prev = null;
        }
        if (next != null)
        {
            recv.next = null;
        }
    }

    private void unlinkUnexpected(final Unexpected entry)
    {
        if (entry.prev == null)
        {
            unexpectedHead = entry.next;
        }
        else
        {
            entry.prev.next = entry.next;
        }
        if (entry.next == null)
        {
            unexpectedTail = entry.prev;
        }
        else
        {
            entry.next.prev = entry.prev;
        }
        entry.prev = null;
        entry.next = null;
        final Unexpected before = entry.prevOfSource;
        final Unexpected after = entry.nextOfSource;
        if (before == null)
        {
            sourceHeads[entry.source] = after;
        }
        else
        {
            before.nextOfSource = after;
        }
        if (after == null)
        {
            sourceTails[entry.source] = before;
        }
        else
        {
            after.prevOfSource = before;
        }
        entry.prevOfSource = null;
        entry.nextOfSource = null;
        entry.queued = false;
        if (entry.holdsLocalEagerCopy())
        {
            countEagerBytes(-entry.footprint());
        }
    }

    /**
     * Adds {@code delta} to the heap held by eager copies here, and passes the change on to the rank's count once it reaches
     * the matcher's {@link Matcher#eagerBytesGrain() grain} either way: a stream of messages that arrive and are taken one by one leaves the shared
     * count, and the atomic operations that move it, alone.
     */
    private void countEagerBytes(final long delta)
    {
        final long changed = eagerBytesNotCounted + delta;
        if (Math.abs(changed) >= matcher.eagerBytesGrain())
        {
            matcher.addEagerBytes(changed);
            eagerBytesNotCounted = 0;
        }
        else
        {
            eagerBytesNotCounted = changed;
        }
    }
}
