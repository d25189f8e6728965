package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

import org.openmpj.device.BufferCopy;
import org.openmpj.Primitive;
import org.openmpj.matching.FrameAssembler;
import org.openmpj.matching.FrameDescriptor;
import org.openmpj.matching.PayloadInHand;
import org.openmpj.matching.PeerProtocol;

/**
 * The reading end of the ring from one peer to this rank: polls the commit word of the next frame, hands each frame to
 * the peer's protocol, follows a streamed payload by the writer's tail, then frees the room, waking the peer if it waits
 * for room.
 *
 * <p>Thread-safety: one reader at a time (the transport's reading thread), which is also the only caller of
 * {@link #copyTo}, from inside the protocol's handling of a compact frame; any thread may call {@link #hasData} and
 * {@link #holdsReadRoom}, whose answers are hints while another thread reads.
 */
final class RingReader implements PayloadInHand
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final SharedSegment segment;
    private final MemorySegment memory;
    private final int peer;
    private final long tailOffset;
    private final long headOffset;
    private final long waitingOffset;
    private final long dataOffset;
    private final long ringKey;
    private final int capacity;
    private final long mask;
    private final ByteBuffer data;
    private final FrameAssembler frames;
    private final PeerProtocol protocol;
    /** Where the next frame starts, or, inside a streamed payload, the next payload byte to read. */
    private long head;
    /** The head as last published to the writer. */
    private long publishedHead;
    /** Inside a streamed payload: where it ends, and where its frame (padding included) ends. */
    private long payloadEnd = -1;
    private long frameEnd;
    /** Where the payload of the compact frame being read starts. */
    private long compactPayloadAt;
    /** Whether the writer may sleep waiting for room, and so must be looked for after room is freed. */
    private final boolean writerMaySleep;

    /**
     * @param peer           the writer's index in the segment.
     * @param writerMaySleep whether the writer's waits may sleep (they back off); when they only spin, freeing room skips
     *                       the fence and the look at the writer's waiting flag.
     */
    RingReader(final SharedSegment segment, final int peer, final int to, final PeerProtocol protocol, final boolean writerMaySleep)
    {
        this.writerMaySleep = writerMaySleep;
        this.segment = segment;
        this.peer = peer;
        final RingLocation ring = new RingLocation(segment, peer, to);
        this.memory = ring.memory;
        this.tailOffset = ring.tailOffset;
        this.headOffset = ring.headOffset;
        this.waitingOffset = ring.writerWaitingOffset;
        this.dataOffset = ring.dataOffset;
        this.ringKey = ring.ringKey;
        this.capacity = ring.capacity;
        this.mask = ring.mask;
        this.data = ring.data;
        // Frames are padded here, not by the assembler: it sees a frame's header and payload only.
        this.frames = new FrameAssembler(protocol, 1);
        this.protocol = protocol;
        this.head = (long)LONG.getAcquire(memory, headOffset);
        this.publishedHead = head;
    }

    /**
     * @return whether the peer published a frame, or payload bytes of a streamed frame, that this reader has not taken. Any
     *         thread may ask, also while another one reads: the answer is then a hint, which the reading thread settles.
     */
    boolean hasData()
    {
        return hasData(head, payloadEnd);
    }

    /**
     * @param position           the reader's head as the asking thread saw it.
     * @param streamedPayloadEnd where the streamed payload being read ends, as that thread saw it; -1 outside one.
     */
    boolean hasData(final long position, final long streamedPayloadEnd)
    {
        // A thread that is not the reader may see the two from different steps of a read: a head inside a payload beside
        // a payload end already cleared. Frames start on FRAME_ALIGNMENT, so such a head is known by its offset, and the
        // commit word, an aligned long, is never read there.
        if (streamedPayloadEnd >= 0 || (position & (SegmentDescriptor.FRAME_ALIGNMENT - 1)) != 0)
        {
            return (long)LONG.getAcquire(memory, tailOffset) - position > 0;
        }
        final long commit = (long)LONG.getAcquire(memory, dataOffset + (position & mask));
        return commit == SegmentDescriptor.commitWord(ringKey, position, SegmentDescriptor.COMMIT_COMPACT)
            || commit == SegmentDescriptor.commitWord(ringKey, position, SegmentDescriptor.COMMIT_WHOLE)
            || commit == SegmentDescriptor.commitWord(ringKey, position, SegmentDescriptor.COMMIT_HEADER);
    }

    /**
     * Takes everything the peer published.
     *
     * @return the frames and payload pieces taken; 0 when there were none.
     * @throws IllegalStateException when the ring's positions or a frame in it break the protocol.
     */
    int read()
    {
        int work = 0;
        while (true)
        {
            if (payloadEnd >= 0)
            {
                if (!readStreamed())
                {
                    break;
                }
                work++;
                continue;
            }
            final long commit = (long)LONG.getAcquire(memory, dataOffset + (head & mask));
            if (commit == SegmentDescriptor.commitWord(ringKey, head, SegmentDescriptor.COMMIT_COMPACT))
            {
                head += readCompact();
            }
            else if (commit == SegmentDescriptor.commitWord(ringKey, head, SegmentDescriptor.COMMIT_WHOLE))
            {
                final long payload = payloadBytes();
                consumeHeader();
                consume(head + SegmentDescriptor.FRAME_PAYLOAD_OFFSET, payload);
                head += SegmentDescriptor.frameBytes(payload);
            }
            else if (commit == SegmentDescriptor.commitWord(ringKey, head, SegmentDescriptor.COMMIT_HEADER))
            {
                final long payload = payloadBytes();
                consumeHeader();
                frameEnd = head + SegmentDescriptor.frameBytes(payload);
                payloadEnd = head + SegmentDescriptor.FRAME_PAYLOAD_OFFSET + payload;
                head += SegmentDescriptor.FRAME_PAYLOAD_OFFSET;
            }
            else
            {
                break;
            }
            work++;
        }
        // Room read here is freed once a quarter of the ring waits, or when the ring is found empty: a receiver that answers
        // at once (a ping-pong, a collective) then frees it after it answered, not before, and its answer does not wait on
        // the store that frees it.
        if (payloadEnd < 0 && (work == 0 ? head != publishedHead : head - publishedHead >= capacity / 4))
        {
            freeRoom(head);
        }
        return work;
    }

    /** @return whether room this reader has read waits to be freed, which a {@link #read} that finds nothing frees. */
    boolean holdsReadRoom()
    {
        return head != publishedHead && payloadEnd < 0;
    }

    /**
     * Takes the payload bytes of the streamed frame that the writer has published since the last look; frees their room
     * at once, so that the writer streams on.
     *
     * @return whether any were there.
     */
    private boolean readStreamed()
    {
        final long tail = (long)LONG.getAcquire(memory, tailOffset);
        final long available = Math.min(tail, payloadEnd) - head;
        if (available <= 0)
        {
            return false;
        }
        if (tail - head > capacity)
        {
            throw new IllegalStateException("the ring says " + (tail - head) + " bytes are waiting in " + capacity + " bytes of room");
        }
        consume(head, available);
        head += available;
        if (head == payloadEnd)
        {
            // The frame's padding holds nothing: the next frame starts at its end, whether or not the tail is there yet.
            head = frameEnd;
            payloadEnd = -1;
        }
        freeRoom(head);
        return true;
    }

    /**
     * Hands the compact eager frame at {@link #head} to the protocol, which copies its payload straight from the ring
     * ({@link #copyTo}).
     *
     * @return the ring bytes the frame takes.
     */
    private long readCompact()
    {
        final long at = dataOffset + (head & mask);
        final long typeWord = memory.get(ValueLayout.JAVA_LONG, at + SegmentDescriptor.COMPACT_TYPE_WORD_OFFSET);
        final long envelope = memory.get(ValueLayout.JAVA_LONG, at + SegmentDescriptor.COMPACT_ENVELOPE_OFFSET);
        final long counts = memory.get(ValueLayout.JAVA_LONG, at + SegmentDescriptor.COMPACT_COUNTS_OFFSET);
        final byte type = (byte)typeWord;
        final long bytes = counts & 0xffff_ffffL;
        if (type != FrameDescriptor.EAGER || bytes > RingWriter.STREAM_FROM_BYTES)
        {
            throw new IllegalStateException("a compact frame of type " + type + " announces a payload of " + bytes + " bytes");
        }
        compactPayloadAt = head + SegmentDescriptor.COMPACT_PAYLOAD_OFFSET;
        protocol.onEagerInHand((byte)(typeWord >>> 8), (int)(typeWord >>> 32), (int)envelope, (int)(envelope >>> 32), bytes,
            counts >>> 32, this);
        return SegmentDescriptor.compactFrameBytes(bytes);
    }

    @Override
    public void copyTo(final Object array, final Primitive kind, final int elementOffset, final long bytes)
    {
        if (bytes <= 0)
        {
            return;
        }
        final int from = (int)(compactPayloadAt & mask);
        final long first = Math.min(bytes, capacity - from);
        BufferCopy.fromSegment(memory, dataOffset + from, first, array, kind, elementOffset, 0);
        if (bytes > first)
        {
            BufferCopy.fromSegment(memory, dataOffset, bytes - first, array, kind, elementOffset, first);
        }
    }

    /** @return the payload length the header of the frame at {@link #head} announces. */
    private long payloadBytes()
    {
        final long at = dataOffset + (head & mask) + SegmentDescriptor.FRAME_HEADER_OFFSET;
        final byte type = memory.get(ValueLayout.JAVA_BYTE, at + FrameDescriptor.TYPE_OFFSET);
        final long payload = FrameDescriptor.payloadBytes(type, memory.get(ValueLayout.JAVA_LONG, at + FrameDescriptor.BYTE_COUNT_OFFSET));
        if (payload < 0)
        {
            throw new IllegalStateException("a frame's header announces a payload of " + payload + " bytes");
        }
        return payload;
    }

    private void consumeHeader()
    {
        final int at = (int)(head & mask) + SegmentDescriptor.FRAME_HEADER_OFFSET;
        data.clear().position(at).limit(at + FrameDescriptor.HEADER_BYTES);
        frames.consume(data);
    }

    /** Hands {@code bytes} bytes from ring position {@code position} to the assembler, in two pieces when they wrap. */
    private void consume(final long position, final long bytes)
    {
        if (bytes == 0)
        {
            return;
        }
        final int at = (int)(position & mask);
        final int first = (int)Math.min(bytes, capacity - at);
        data.clear().position(at).limit(at + first);
        frames.consume(data);
        if (bytes > first)
        {
            data.clear().limit((int)(bytes - first));
            frames.consume(data);
        }
    }

    private void freeRoom(final long position)
    {
        publishedHead = position;
        LONG.setRelease(memory, headOffset, position);
        if (!writerMaySleep)
        {
            return;
        }
        VarHandle.fullFence();
        if ((int)INT.getVolatile(memory, waitingOffset) != 0)
        {
            INT.setVolatile(memory, waitingOffset, 0);
            segment.wakeIfSleeping(peer);
        }
    }
}
