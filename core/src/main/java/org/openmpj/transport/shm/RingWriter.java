package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;

import org.openmpj.device.BufferCopy;
import org.openmpj.device.Primitive;
import org.openmpj.matching.FrameAssembler;
import org.openmpj.matching.FrameBacklog;
import org.openmpj.matching.FrameDescriptor;
import org.openmpj.matching.FrameWriter;
import org.openmpj.matching.OutFrame;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;

/**
 * The writing end of the ring from this rank to one peer: frames go straight from the sender's array into the ring,
 * header and payload in one piece when they fit. A frame larger than the room left goes in as the reader frees room,
 * so that a large message streams through the ring with the two copies overlapping; what waits is kept in a backlog
 * and passed on by whichever thread makes progress.
 *
 * <p>Thread-safety: writing is serialized by a lock; the ring has one writer, this object.
 */
final class RingWriter implements FrameWriter
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final SharedSegment segment;
    private final MemorySegment memory;
    private final int peer;
    private final int peerRank;
    private final long tailOffset;
    private final long headOffset;
    private final long waitingOffset;
    private final int capacity;
    private final long mask;
    private final ByteBuffer data;
    private final ReentrantLock lock = new ReentrantLock();
    /** Whether the reader may sleep on its wake word, and so must be looked for after each publication. */
    private final boolean readerMaySleep;
    private final FrameBacklog queue = new FrameBacklog();
    private PeerProtocol protocol;
    private long tail;
    private long cachedHead;
    /** The frame partly written, whose rest goes in first. */
    private OutFrame current;
    private volatile boolean backlog;
    private volatile boolean closed;

    /**
     * @param peer           the peer's index in the segment.
     * @param peerRank       the peer's world rank, for messages.
     * @param readerMaySleep whether the peer's waits may sleep (they back off); when they only spin, a publication skips
     *                       the fence and the look at the peer's wake word.
     */
    RingWriter(final SharedSegment segment, final int from, final int peer, final int peerRank, final boolean readerMaySleep)
    {
        this.readerMaySleep = readerMaySleep;
        this.segment = segment;
        this.peer = peer;
        this.peerRank = peerRank;
        final RingLocation ring = new RingLocation(segment, from, peer);
        this.memory = ring.memory;
        this.tailOffset = ring.tailOffset;
        this.headOffset = ring.headOffset;
        this.waitingOffset = ring.writerWaitingOffset;
        this.capacity = ring.capacity;
        this.mask = ring.mask;
        this.data = ring.data;
        this.tail = (long)LONG.getAcquire(memory, tailOffset);
        this.cachedHead = (long)LONG.getAcquire(memory, headOffset);
    }

    /** Sets the protocol whose frames this ring carries: it gives the credit each header returns and hears of late writes. */
    void attach(final PeerProtocol peerProtocol)
    {
        this.protocol = peerProtocol;
    }

    @Override
    public boolean write(
        final byte type, final int flags, final int context, final int source, final int tag, final long byteCount,
        final long id, final long aux, final Object payload, final Primitive payloadKind, final int payloadOffset,
        final long payloadBytes, final SendRequest done)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                throw new IllegalStateException("the ring to rank " + peerRank + " is closed");
            }
            if (backlog)
            {
                queue.append(queue.obtain(type, flags, context, source, tag, byteCount, id, aux, payload, payloadKind, payloadOffset,
                    payloadBytes, done));
                return false;
            }
            final long frameBytes = FrameAssembler.alignedLength(payloadBytes, SegmentDescriptor.FRAME_ALIGNMENT);
            if (room(frameBytes) >= frameBytes)
            {
                putHeader(type, flags, context, source, tag, byteCount, id, aux, payloadKind);
                putPayload(payload, payloadKind, payloadOffset, 0, payloadBytes);
                tail += frameBytes - FrameDescriptor.HEADER_BYTES - payloadBytes;
                publish();
                return true;
            }
            final OutFrame frame = queue.obtain(type, flags, context, source, tag, byteCount, id, aux, payload, payloadKind, payloadOffset,
                payloadBytes, done);
            current = frame;
            backlog = true;
            advance(frame);
            // Left for progress even if it went in whole just now: the caller was told it did not, and progress completes it.
            INT.setVolatile(memory, waitingOffset, 1);
            return false;
        }
        finally
        {
            lock.unlock();
        }
    }

    /** @return whether frames wait for room in the ring. */
    boolean hasBacklog()
    {
        return backlog;
    }

    /** @return whether frames wait and the reader has freed room for them since this writer last looked. */
    boolean canAdvance()
    {
        return backlog && (long)LONG.getAcquire(memory, headOffset) != cachedHead;
    }

    /**
     * Writes what waits, as far as the ring has room, unless another thread is writing.
     *
     * @return the number of frames finished.
     */
    int flush()
    {
        if (!backlog || !lock.tryLock())
        {
            return 0;
        }
        int finished = 0;
        try
        {
            while (true)
            {
                final OutFrame frame = current;
                if (!advance(frame))
                {
                    // The reader clears this once it frees room, and wakes this rank should it be asleep by then.
                    INT.setVolatile(memory, waitingOffset, 1);
                    if (!advance(frame))
                    {
                        return finished;
                    }
                }
                finished++;
                if (frame.done != null)
                {
                    protocol.onWritten(frame.done);
                }
                queue.recycle(frame);
                current = queue.poll();
                if (current == null)
                {
                    backlog = false;
                    return finished;
                }
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Stops writing: later frames fail; those waiting are abandoned. */
    void close()
    {
        lock.lock();
        try
        {
            closed = true;
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Writes as much of {@code frame} as the ring has room for: its header only whole, its payload in any pieces, its
     * padding last; publishes what went in.
     *
     * @return whether the whole frame is in.
     */
    private boolean advance(final OutFrame frame)
    {
        final long frameBytes = FrameAssembler.alignedLength(frame.payloadBytes, SegmentDescriptor.FRAME_ALIGNMENT);
        final long before = frame.staged;
        if (frame.staged == 0)
        {
            if (room(FrameDescriptor.HEADER_BYTES) < FrameDescriptor.HEADER_BYTES)
            {
                return false;
            }
            putHeader(frame.type, frame.flags, frame.context, frame.source, frame.tag, frame.byteCount, frame.id, frame.aux, frame.payloadKind);
            frame.staged = FrameDescriptor.HEADER_BYTES;
        }
        final long payloadDone = frame.staged - FrameDescriptor.HEADER_BYTES;
        if (payloadDone < frame.payloadBytes)
        {
            final long bytes = Math.min(room(frame.payloadBytes - payloadDone), frame.payloadBytes - payloadDone);
            if (bytes > 0)
            {
                putPayload(frame.payload, frame.payloadKind, frame.payloadOffset, payloadDone, bytes);
                frame.staged += bytes;
            }
        }
        final long padding = frameBytes - frame.staged;
        if (frame.staged - FrameDescriptor.HEADER_BYTES == frame.payloadBytes && padding > 0 && room(padding) >= padding)
        {
            tail += padding;
            frame.staged = frameBytes;
        }
        if (frame.staged != before)
        {
            publish();
        }
        return frame.staged == frameBytes;
    }

    /** @return the free bytes of the ring, looking at the reader's position again only when fewer than {@code wanted} seem free. */
    private long room(final long wanted)
    {
        long free = capacity - (tail - cachedHead);
        if (free < wanted)
        {
            cachedHead = (long)LONG.getAcquire(memory, headOffset);
            free = capacity - (tail - cachedHead);
        }
        return free;
    }

    private void putHeader(
        final byte type, final int flags, final int context, final int source, final int tag, final long byteCount,
        final long id, final long aux, final Primitive payloadKind)
    {
        // Frames start on an alignment boundary and the ring is a multiple of it, so a header never wraps.
        data.position((int)(tail & mask));
        FrameDescriptor.encode(data, type, payloadKind.ordinal(), flags, context, source, tag, byteCount, id, aux, protocol.takeOwedCredit());
        tail += FrameDescriptor.HEADER_BYTES;
    }

    private void putPayload(final Object payload, final Primitive kind, final int offset, final long fromByte, final long bytes)
    {
        if (bytes == 0)
        {
            return;
        }
        final int at = (int)(tail & mask);
        final int first = (int)Math.min(bytes, capacity - at);
        data.position(at);
        BufferCopy.toBuffer(payload, kind, offset, fromByte, data, first);
        if (bytes > first)
        {
            data.position(0);
            BufferCopy.toBuffer(payload, kind, offset, fromByte + first, data, (int)(bytes - first));
        }
        tail += bytes;
    }

    private void publish()
    {
        LONG.setRelease(memory, tailOffset, tail);
        if (readerMaySleep)
        {
            segment.wakeIfSleeping(peer);
        }
    }
}
