package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

import org.openmpj.matching.FrameAssembler;
import org.openmpj.matching.PeerProtocol;

/**
 * The reading end of the ring from one peer to this rank: hands what the peer published to the peer's frames, then
 * frees the room, waking the peer if it waits for room.
 *
 * <p>Thread-safety: one reader at a time (the transport's reading thread).
 */
final class RingReader
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final SharedSegment segment;
    private final MemorySegment memory;
    private final int peer;
    private final long tailOffset;
    private final long headOffset;
    private final long waitingOffset;
    private final int capacity;
    private final long mask;
    private final ByteBuffer data;
    private final FrameAssembler frames;
    private long head;
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
        this.capacity = ring.capacity;
        this.mask = ring.mask;
        this.data = ring.data;
        this.frames = new FrameAssembler(protocol, SegmentDescriptor.FRAME_ALIGNMENT);
        this.head = (long)LONG.getAcquire(memory, headOffset);
    }

    /** @return whether the peer published bytes this reader has not taken. */
    boolean hasData()
    {
        return (long)LONG.getAcquire(memory, tailOffset) != head;
    }

    /**
     * Takes everything the peer published.
     *
     * @return the bytes taken; 0 when there were none.
     * @throws IllegalStateException when the ring's positions or a frame in it break the protocol.
     */
    int read()
    {
        final long tail = (long)LONG.getAcquire(memory, tailOffset);
        final long available = tail - head;
        if (available == 0)
        {
            return 0;
        }
        if (available < 0 || available > capacity)
        {
            throw new IllegalStateException("the ring says " + available + " bytes are waiting in " + capacity + " bytes of room");
        }
        final int at = (int)(head & mask);
        final int first = (int)Math.min(available, capacity - at);
        data.clear().position(at).limit(at + first);
        frames.consume(data);
        if (available > first)
        {
            data.clear().limit((int)(available - first));
            frames.consume(data);
        }
        head = tail;
        LONG.setRelease(memory, headOffset, head);
        if (!writerMaySleep)
        {
            return (int)available;
        }
        VarHandle.fullFence();
        if ((int)INT.getVolatile(memory, waitingOffset) != 0)
        {
            INT.setVolatile(memory, waitingOffset, 0);
            segment.wakeIfSleeping(peer);
        }
        return (int)available;
    }
}
