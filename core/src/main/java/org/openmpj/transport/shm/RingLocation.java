package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Where one ring of a segment lies (see {@link SegmentDescriptor}): its position words and its data, for either end. */
final class RingLocation
{
    final MemorySegment memory;
    final long tailOffset;
    final long headOffset;
    final long writerWaitingOffset;
    /** Where the ring's data starts in {@link #memory}. */
    final long dataOffset;
    /** The ring's key, mixed into every commit word. */
    final long ringKey;
    final int capacity;
    final long mask;
    /** The ring's data as a little-endian buffer of its own, for the one end that uses it. */
    final ByteBuffer data;

    RingLocation(final SharedSegment segment, final int from, final int to)
    {
        this.memory = segment.memory();
        final long ring = segment.ringOffset(from, to);
        this.tailOffset = ring + SegmentDescriptor.TAIL_OFFSET;
        this.headOffset = ring + SegmentDescriptor.HEAD_OFFSET;
        this.writerWaitingOffset = ring + SegmentDescriptor.WRITER_WAITING_OFFSET;
        this.dataOffset = ring + SegmentDescriptor.RING_HEADER_BYTES;
        this.ringKey = SegmentDescriptor.ringKey(segment.key(), from, to);
        this.capacity = segment.ringBytes();
        this.mask = capacity - 1;
        this.data = memory.asSlice(ring + SegmentDescriptor.RING_HEADER_BYTES, capacity).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }
}
