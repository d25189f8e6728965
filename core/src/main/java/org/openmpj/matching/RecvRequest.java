package org.openmpj.matching;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;

/** A posted receive: the buffer slice to fill and the envelope to match; a node of its matcher's posted queue. */
final class RecvRequest extends ReceiveRequest
{
    Object buffer;
    Primitive kind;
    int offset;
    long capacityBytes;
    boolean allocating;
    int sourceFilter;
    int tagFilter;
    int context;
    byte[] payload;

    /** The envelope of the remote message this receive matched, while its data is on the way. */
    int arrivingSource;
    int arrivingTag;
    /** Whether this receive asked its sender to expose the payload for a pull (see {@link PayloadPull}), until it landed. */
    boolean pullAsked;
    /** When this receive cleared its rendezvous to be sent, by {@link System#nanoTime()}, where the transport times payloads. */
    long clearedNanos;

    RecvRequest prev;
    RecvRequest next;
    /** The queues this receive was last posted to, for cancellation; {@link ContextQueues#removePosted} checks it is still there. */
    ContextQueues postedAt;
    /** In a job that survives lost ranks: the world rank this receive waits on, or {@link LostPeerWaits#ANY_PEER}. */
    int expectedPeer = LostPeerWaits.ANY_PEER;
    /** In a job that survives lost ranks: how many ranks had been lost when this receive was posted. */
    int lossesAtPost;

    /**
     * Sets the buffer and envelope of a receive about to be posted. A pooled request is usually restarted with
     * the values it had: writing only what changed leaves its cache lines shared with the sending core, which
     * read them, instead of taking them back exclusively on every receive.
     */
    void start(
        final Object buffer, final Primitive kind, final int offset, final long capacity,
        final int source, final int tag, final int context)
    {
        if (this.buffer != buffer)
        {
            this.buffer = buffer;
        }
        if (this.kind != kind)
        {
            this.kind = kind;
        }
        if (this.offset != offset)
        {
            this.offset = offset;
        }
        if (this.capacityBytes != capacity)
        {
            this.capacityBytes = capacity;
        }
        if (this.allocating)
        {
            this.allocating = false;
        }
        if (this.sourceFilter != source)
        {
            this.sourceFilter = source;
        }
        if (this.tagFilter != tag)
        {
            this.tagFilter = tag;
        }
        if (this.context != context)
        {
            this.context = context;
        }
        if (this.payload != null)
        {
            this.payload = null;
        }
    }

    void startAllocating(final int source, final int tag, final int context)
    {
        start(null, Primitive.BYTE, 0, 0, source, tag, context);
        this.allocating = true;
    }

    boolean matches(final int source, final int tag)
    {
        return (sourceFilter == source || sourceFilter == MatchingDevice.ANY_SOURCE)
            && (tagFilter == tag || tagFilter == MatchingDevice.ANY_TAG);
    }

    /**
     * Copies a matched message in and completes; a message longer than the buffer completes with ERR_TRUNCATE.
     *
     * @param waiterMayPark whether the receiving rank's waiters may park, and so need a wake-up check.
     */
    void deliver(
        final Object src, final Primitive srcKind, final int srcOffset, final long bytes,
        final int source, final int tag, final boolean waiterMayPark)
    {
        long copied = bytes;
        if (allocating)
        {
            final byte[] bytesIn = new byte[(int)bytes];
            ArrayCopy.copy(src, srcKind, srcOffset, bytesIn, Primitive.BYTE, 0, bytes);
            payload = bytesIn;
        }
        else
        {
            if (bytes > capacityBytes)
            {
                copied = capacityBytes - capacityBytes % srcKind.sizeBytes();
                setError(new OpenMpjException(ErrorClass.ERR_TRUNCATE,
                    "message truncated: " + bytes + " bytes arrived from rank " + source + " with tag " + tag
                        + " but the receive buffer holds only " + capacityBytes + " bytes"));
            }
            if (copied > 0)
            {
                ArrayCopy.copy(src, srcKind, srcOffset, buffer, kind, offset, copied);
            }
        }
        setOutcome(source, tag, copied);
        complete(waiterMayPark);
    }

    /**
     * @param bytes the size of a message about to be read into this receive.
     * @param kindSizeBytes the element size of the sender's buffer: a truncated message keeps whole elements.
     * @return how many of its bytes fit the buffer; the rest is read and dropped.
     */
    long bytesToKeep(final long bytes, final int kindSizeBytes)
    {
        if (allocating)
        {
            payload = new byte[(int)bytes];
            return bytes;
        }
        return bytes <= capacityBytes ? bytes : capacityBytes - capacityBytes % kindSizeBytes;
    }

    /** @return whether a message of {@code bytes} lands whole in this receive's own buffer (not truncated, not allocated). */
    boolean holdsWhole(final long bytes)
    {
        return !allocating && bytes <= capacityBytes;
    }

    /** @return the array, or memory segment, the data of a matched remote message is read into. */
    Object landingArray()
    {
        return allocating ? payload : buffer;
    }

    /** @return the element kind of {@link #landingArray()}. */
    Primitive landingKind()
    {
        return allocating ? Primitive.BYTE : kind;
    }

    /** @return the first element of {@link #landingArray()} to fill. */
    int landingOffset()
    {
        return allocating ? 0 : offset;
    }

    /** Completes a receive whose data was read into its buffer by a transport: {@code kept} of the message's {@code bytes}. */
    void completeLanded(final int source, final int tag, final long bytes, final long kept, final boolean waiterMayPark)
    {
        if (kept < bytes)
        {
            setError(new OpenMpjException(ErrorClass.ERR_TRUNCATE,
                "message truncated: " + bytes + " bytes arrived from rank " + source + " with tag " + tag
                    + " but the receive buffer holds only " + capacityBytes + " bytes"));
        }
        setOutcome(source, tag, kept);
        complete(waiterMayPark);
    }

    void completeCancelled()
    {
        setOutcome(sourceFilter, tagFilter, 0);
        setCancelled();
        complete();
    }

    @Override
    public void expectFrom(final int worldRank)
    {
        expectedPeer = worldRank;
    }

    @Override
    public byte[] payload()
    {
        return isComplete() ? payload : null;
    }

    /** Makes a completed request reusable; {@link #start} then sets its buffer, so the last one stays referenced until then. */
    void recycle()
    {
        reset();
    }

    /** Makes the calling thread the only one that waits for this request: a blocking call's pooled request. */
    void waitedForOnlyByCurrentThread()
    {
        waitedForOnlyBy(Thread.currentThread());
    }
}
