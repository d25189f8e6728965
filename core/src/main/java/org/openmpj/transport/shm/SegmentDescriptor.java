package org.openmpj.transport.shm;

/**
 * The layout of a job's shared-memory segment: a header, one block per rank, then one ring for each ordered pair of
 * ranks. Every field that one process writes and another reads sits on cache lines of its own, two lines from its
 * neighbours, so that a writer never evicts a line another process is polling.
 *
 * <pre>
 *   0                         8              12             16              20
 *   +-------------------------+--------------+--------------+---------------+
 *   | magic "OMPJSHM1"        | version      | ranks        | ring bytes    |   header, {@link #HEADER_BYTES}
 *   +-------------------------+--------------+--------------+---------------+
 *   rank block r at {@link #rankBlockOffset}(r), {@link #RANK_BLOCK_BYTES} each:
 *   0 pid (i64) | 8 state (i32: EMPTY, ATTACHED, FINALIZED) ... 128 wake word (i32 futex: AWAKE, SLEEPING)
 *   ring from s to r at {@link #ringOffset}(ranks, ringBytes, s, r):
 *   0 tail: bytes written, ever (i64, writer) ... 128 head: bytes read, ever (i64, reader)
 *   136 writer waiting for room (i32, set by the writer, cleared by the reader) ... 256 data: ring bytes
 * </pre>
 *
 * <p>Frames in a ring are those of {@link org.openmpj.matching.FrameDescriptor}, each padded to {@link #FRAME_ALIGNMENT}
 * bytes so that every header starts a cache line and never wraps around the ring's end.
 */
final class SegmentDescriptor
{
    /** "OMPJSHM1" read as a little-endian long. */
    static final long MAGIC = 0x314D48534A504D4FL;
    /** Changes with any change of this layout; a process of another layout refuses to attach. */
    static final int VERSION = 1;
    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int RANKS_OFFSET = 12;
    static final int RING_BYTES_OFFSET = 16;
    static final int HEADER_BYTES = 256;

    static final int RANK_BLOCK_BYTES = 256;
    static final int PID_OFFSET = 0;
    static final int STATE_OFFSET = 8;
    static final int WAKE_OFFSET = 128;
    static final int STATE_EMPTY = 0;
    static final int STATE_ATTACHED = 1;
    static final int STATE_FINALIZED = 2;
    static final int AWAKE = 0;
    static final int SLEEPING = 1;

    static final int TAIL_OFFSET = 0;
    static final int HEAD_OFFSET = 128;
    static final int WRITER_WAITING_OFFSET = 136;
    static final int RING_HEADER_BYTES = 256;

    /** Every frame's length is padded to this, a cache line. */
    static final int FRAME_ALIGNMENT = 64;
    /** The smallest ring: room for a frame header and some payload. */
    static final int MIN_RING_BYTES = 4096;

    private SegmentDescriptor()
    {
    }

    static long rankBlockOffset(final int rank)
    {
        return HEADER_BYTES + (long)rank * RANK_BLOCK_BYTES;
    }

    static long ringOffset(final int ranks, final int ringBytes, final int from, final int to)
    {
        return rankBlockOffset(ranks) + ((long)from * ranks + to) * (RING_HEADER_BYTES + ringBytes);
    }

    /** @return the bytes of a segment for {@code ranks} ranks with rings of {@code ringBytes}. */
    static long segmentBytes(final int ranks, final int ringBytes)
    {
        return ringOffset(ranks, ringBytes, ranks, 0);
    }

    /** @return whether {@code ringBytes} is a usable ring size: a power of two of at least {@link #MIN_RING_BYTES}. */
    static boolean isValidRingBytes(final long ringBytes)
    {
        return ringBytes >= MIN_RING_BYTES && ringBytes <= (1 << 30) && Long.bitCount(ringBytes) == 1;
    }
}
