package org.openmpj.matching;

import org.openmpj.Primitive;
import org.openmpj.device.Device;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * A send in flight: the sender's buffer slice and envelope. While it waits for a rendezvous, the receiving
 * side holds a reference to it and reads the sender's array directly. The buffer is a primitive array, or a memory segment
 * standing for one of bytes (see {@link org.openmpj.device.SegmentPayloads}).
 */
public final class SendRequest extends Request
{
    /**
     * What {@link MatchingDevice#isend} returns for a send that completed as it started: complete, with no envelope of its
     * own (MPI leaves a send's status undefined but for its cancellation). Shared, never started.
     */
    static final SendRequest SENT = completedAtStart();

    Object buffer;
    Primitive kind;
    int offset;
    long byteCount;
    int dest;
    int envelopeSource;
    int tag;
    int context;
    SendMode mode;

    /** The unexpected-queue entry this send became, for cancellation; checked against its owner under the lock. */
    Unexpected queuedAs;
    /** The queues that hold {@link #queuedAs}. */
    ContextQueues queuedAt;
    /** The peer protocol holding this send as a rendezvous announced to another process, for cancellation; else null. */
    PeerProtocol remote;
    /** The id under which {@link #remote} announced this send. */
    long remoteId;
    /** The receive this send was matched with while its copy waits in {@link ReceiverCopies}; else null. */
    RecvRequest copyInto;
    /** The send below this one in {@link ReceiverCopies}. */
    SendRequest nextToCopy;
    /** The byte at which the second half of a {@link ReceiverCopies} copy starts; the payload's size when it has none. */
    long copySplit;
    /** The parts of a {@link ReceiverCopies} copy not yet done; updated atomically. */
    int copyPartsLeft;
    /** Whether this send's rank helps with its copy while it waits, as a thread rank of a spinning job does. */
    boolean senderHelps;
    /** Whether this send's rank is numbered below its receiver's, which makes its half of a {@link ReceiverCopies} copy the first. */
    boolean senderIsLower;
    /** Whether the sender's half of a {@link ReceiverCopies} copy is still open to take; updated atomically. */
    int copyClaims = ReceiverCopies.SENDER_HALF_TAKEN;

    void start(
        final Object buffer, final Primitive kind, final int offset, final long byteCount,
        final int dest, final int envelopeSource, final int tag, final int context, final SendMode mode)
    {
        this.buffer = buffer;
        this.kind = kind;
        this.offset = offset;
        this.byteCount = byteCount;
        this.dest = dest;
        this.envelopeSource = envelopeSource;
        this.tag = tag;
        this.context = context;
        this.mode = mode;
        this.queuedAs = null;
        this.queuedAt = null;
        this.remote = null;
        this.copyInto = null;
        this.nextToCopy = null;
        this.copyClaims = ReceiverCopies.SENDER_HALF_TAKEN;
        this.senderHelps = false;
    }

    /**
     * @return the array, or memory segment, the payload is sent from; a transport that moves it otherwise than as frames
     *         reads it.
     */
    public Object payloadArray()
    {
        return buffer;
    }

    /** @return the element kind of {@link #payloadArray()}. */
    public Primitive payloadKind()
    {
        return kind;
    }

    /** @return the element of {@link #payloadArray()} the payload starts at. */
    public int payloadOffset()
    {
        return offset;
    }

    /** @return the payload's size. */
    public long payloadBytes()
    {
        return byteCount;
    }

    /** @return the world rank of the receiver. */
    public int dest()
    {
        return dest;
    }

    private static SendRequest completedAtStart()
    {
        final SendRequest sent = new SendRequest();
        sent.setOutcome(Device.ANY_SOURCE, Device.ANY_TAG, 0);
        sent.complete();
        return sent;
    }

    void completeSent(final boolean waiterMayPark)
    {
        setOutcome(envelopeSource, tag, byteCount);
        complete(waiterMayPark);
    }

    void completeCancelled()
    {
        setOutcome(envelopeSource, tag, 0);
        setCancelled();
        complete();
    }

    /** Marks an eager send, complete already, as withdrawn before its receiver saw it. */
    void markCancelled()
    {
        setCancelled();
    }

    void recycle()
    {
        buffer = null;
        reset();
    }

    /** Makes the calling thread the only one that waits for this request: a blocking call's pooled request. */
    void waitedForOnlyByCurrentThread()
    {
        waitedForOnlyBy(Thread.currentThread());
    }
}
