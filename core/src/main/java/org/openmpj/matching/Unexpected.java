package org.openmpj.matching;

import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;

/**
 * A message that arrived before its receive was posted: a node of its matcher's unexpected queue. It holds
 * either an eager copy of the data (so the sender could return) or, for a rendezvous, the waiting send
 * itself. Entries are pooled by their matcher; the eager scratch arrays are kept per element kind and only
 * grow, so a steady stream of messages allocates nothing.
 */
final class Unexpected
{
    /**
     * Bytes of heap an entry takes beyond its payload: the entry (88), its table of scratch arrays by kind (48) and the
     * header of the scratch array (16), as measured on a 64-bit JVM with compressed references.
     */
    static final long OVERHEAD_BYTES = 152;
    /** The smallest scratch array in bytes, so that messages of slightly different sizes do not each grow it. */
    static final int SMALLEST_SCRATCH_BYTES = 64;
    /**
     * The largest eager copy handed to its receive while the queues' lock is held, saving a second hold to recycle the
     * entry: a copy this small takes less time than the lock's atomic operations, so other threads hardly wait.
     */
    static final long DELIVERED_UNDER_LOCK_MAX_BYTES = 1024;

    private static final int KINDS = Primitive.values().length;

    int context;
    int source;
    int tag;
    long byteCount;

    /** The waiting send for a rendezvous; null for an eager copy. */
    SendRequest rendezvous;
    /** The send an eager copy came from, while it may still be cancelled. */
    SendRequest eagerOwner;
    /** The peer a message from another process came from, told when its eager copy is consumed or its data is wanted. */
    PeerProtocol origin;
    /** Whether this is a rendezvous from another process: the data stays with the sender until a receive asks for it. */
    boolean remoteRendezvous;
    /** The sender's id for a remote rendezvous, quoted back when asking for the data. */
    long remoteSendId;
    /** The first bytes of a remote rendezvous message, little-endian, for probes. */
    long remoteHead;
    Primitive eagerKind;
    private final Object[] scratchByKind = new Object[KINDS];

    Unexpected prev;
    Unexpected next;
    /** Links among the unexpected messages of the same source, in arrival order. */
    Unexpected prevOfSource;
    Unexpected nextOfSource;
    /** Whether the entry is linked into an unexpected queue right now. */
    boolean queued;

    void setEnvelope(final SendRequest send)
    {
        setEnvelope(send.context, send.envelopeSource, send.tag, send.byteCount);
    }

    void setEnvelope(final int context, final int source, final int tag, final long byteCount)
    {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.byteCount = byteCount;
    }

    /** Makes this entry an eager message from another process, whose payload is about to be read into {@link #eagerBytes}. */
    void setRemoteEager(final int context, final int source, final int tag, final long byteCount, final PeerProtocol origin)
    {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.byteCount = byteCount;
        this.origin = origin;
        this.eagerKind = Primitive.BYTE;
    }

    /** Makes this entry a rendezvous from another process: only the envelope is here. */
    void setRemoteRendezvous(
        final int context, final int source, final int tag, final long byteCount,
        final PeerProtocol origin, final long sendId, final long head)
    {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.byteCount = byteCount;
        this.origin = origin;
        this.remoteRendezvous = true;
        this.remoteSendId = sendId;
        this.remoteHead = head;
    }

    /**
     * @return the scratch array that a remote eager payload of {@code bytes}, sent from an array of {@code sentKind}, is
     *         read into: of the sender's kind when the payload is whole elements of it, so that a receive of that kind
     *         takes it with an array copy (across kinds, a copy wraps both arrays in memory segments, which allocates);
     *         bytes otherwise. The entry's eager kind is set to match.
     */
    Object eagerScratch(final Primitive sentKind, final int bytes)
    {
        final Primitive kind = sentKind != Primitive.BOOLEAN && bytes % sentKind.sizeBytes() == 0 ? sentKind : Primitive.BYTE;
        eagerKind = kind;
        return scratch(kind, bytes / kind.sizeBytes());
    }

    /**
     * @return the heap an eager copy of {@code payloadBytes} takes while it waits: what an unexpected-message limit counts, so
     *         that a flood of tiny messages is bounded by the memory it takes rather than by its payload alone.
     */
    static long footprintOf(final long payloadBytes)
    {
        return Math.max(payloadBytes, SMALLEST_SCRATCH_BYTES) + OVERHEAD_BYTES;
    }

    /** @return {@link #footprintOf} this entry's payload. */
    long footprint()
    {
        return footprintOf(byteCount);
    }

    /** @return this entry's scratch array of {@code kind}, grown to hold at least {@code elements}; it never shrinks. */
    private Object scratch(final Primitive kind, final int elements)
    {
        Object scratch = scratchByKind[kind.ordinal()];
        if (scratch == null || kind.length(scratch) < elements)
        {
            scratch = kind.newArray(Math.max(elements, SMALLEST_SCRATCH_BYTES / kind.sizeBytes()));
            scratchByKind[kind.ordinal()] = scratch;
        }
        return scratch;
    }

    /**
     * @return whether the entry holds a copy of a local send's data, counted against the receiver's unexpected-message
     *         limit; a copy from another process is bounded by that peer's credit window instead, and is not counted.
     */
    boolean holdsLocalEagerCopy()
    {
        return rendezvous == null && !remoteRendezvous && origin == null;
    }

    boolean matches(final int sourceFilter, final int tagFilter)
    {
        return (sourceFilter == source || sourceFilter == MatchingDevice.ANY_SOURCE)
            && (tagFilter == tag || tagFilter == MatchingDevice.ANY_TAG);
    }

    /** Copies the send's data into this entry's scratch array of the same kind. */
    void copyEager(final SendRequest send)
    {
        final Primitive kind = send.kind;
        final int elements = (int)(send.byteCount / kind.sizeBytes());
        ArrayCopy.copy(send.buffer, kind, send.offset, scratch(kind, elements), kind, 0, send.byteCount);
        eagerKind = kind;
        eagerOwner = send;
    }

    /** Copies {@code bytes} bytes of a message sent from an array of {@code kind}, from element {@code at} of {@code from}. */
    void copyEager(final Primitive kind, final long[] from, final int at, final int bytes)
    {
        InlineMailbox.copyOut(from, at, scratch(kind, bytes / kind.sizeBytes()), kind, 0, bytes);
        eagerKind = kind;
    }

    /**
     * Delivers the held message into {@code recv}, completing the waiting send of a rendezvous.
     *
     * @param waiterMayPark whether waiters of the job may park, and so need a wake-up check.
     */
    void deliverTo(final RecvRequest recv, final boolean waiterMayPark)
    {
        final SendRequest send = rendezvous;
        if (send != null && send.senderHelps && ReceiverCopies.splits(byteCount) && recv.holdsWhole(byteCount))
        {
            ReceiverCopies.copyFoundWaiting(send, recv, waiterMayPark);
        }
        else if (send != null)
        {
            recv.deliver(send.buffer, send.kind, send.offset, byteCount, source, tag, waiterMayPark);
            send.completeSent(waiterMayPark);
        }
        else if (remoteRendezvous)
        {
            origin.clearToSend(remoteSendId, recv, source, tag, byteCount);
        }
        else
        {
            deliverEagerCopy(recv, waiterMayPark);
            if (origin != null)
            {
                origin.onEagerConsumed(byteCount);
            }
        }
    }

    /** @return whether this is an eager copy small enough to be delivered with its queues' lock held. */
    boolean isSmallEagerCopy()
    {
        return rendezvous == null && !remoteRendezvous && byteCount <= DELIVERED_UNDER_LOCK_MAX_BYTES;
    }

    /** Copies an eager payload into {@code recv} and completes it; the peer it came from is not told (see {@link #deliverTo}). */
    void deliverEagerCopy(final RecvRequest recv, final boolean waiterMayPark)
    {
        recv.deliver(scratchByKind[eagerKind.ordinal()], eagerKind, 0, byteCount, source, tag, waiterMayPark);
    }

    /** Copies the first {@code bytes} bytes of the held message into {@code dst}. */
    void copyHead(final byte[] dst, final int bytes)
    {
        final SendRequest send = rendezvous;
        if (send != null)
        {
            ArrayCopy.copy(send.buffer, send.kind, send.offset, dst, Primitive.BYTE, 0, bytes);
        }
        else if (remoteRendezvous)
        {
            for (int i = 0; i < bytes; i++)
            {
                dst[i] = (byte)(remoteHead >>> (8 * i));
            }
        }
        else
        {
            ArrayCopy.copy(scratchByKind[eagerKind.ordinal()], eagerKind, 0, dst, Primitive.BYTE, 0, bytes);
        }
    }

    /** Drops the references that must not outlive the message; the scratch arrays stay for reuse. */
    void clear()
    {
        rendezvous = null;
        eagerOwner = null;
        origin = null;
        remoteRendezvous = false;
        prev = null;
        next = null;
    }

    /** @return whether this entry still represents {@code send}, which may have been recycled since it was queued. */
    boolean isFrom(final SendRequest send)
    {
        return rendezvous == send || eagerOwner == send;
    }
}
