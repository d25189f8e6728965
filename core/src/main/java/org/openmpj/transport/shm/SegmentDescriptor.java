package org.openmpj.transport.shm;

/**
 * The layout of a job's shared-memory segment: a header, one block per rank, then one ring for each ordered pair of
 * ranks. Every field that one process writes and another reads sits on cache lines of its own, two lines from its
 * neighbours, so that a writer never evicts a line another process is polling.
 *
 * <pre>
 *   0                         8              12             16              20             24
 *   +-------------------------+--------------+--------------+---------------+--------------+-------------------+
 *   | magic "OMPJSHM1"        | version      | ranks        | ring bytes    | (unused)     | key (i64, random) |   header, {@link #HEADER_BYTES}
 *   +-------------------------+--------------+--------------+---------------+--------------+-------------------+
 *   rank block r at {@link #rankBlockOffset}(r), {@link #RANK_BLOCK_BYTES} each:
 *   0 pid (i64) | 8 state (i32: EMPTY, ATTACHED, FINALIZED) | 16 eventfd ending r's exposures (i32, -1: r exposes nothing)
 *   24 address of r's probe word, which holds r's pid (i64) | 32 r's kernel-copy outcome (i64, 0 until r probed its peers)
 *   ... 128 wake word (i32 futex: AWAKE, SLEEPING)
 *   256 length of r's failure note (i32, 0 while r has not failed) | 260 the note: why r's process fails, UTF-8
 *   ring from s to r at {@link #ringOffset}(ranks, ringBytes, s, r):
 *   0 tail: bytes written, ever (i64, writer) ... 128 head: bytes read, ever (i64, reader)
 *   136 writer waiting for room (i32, set by the writer, cleared by the reader)
 *   192 exposure of a payload of s for r to copy: state, generation << 2 | NONE, EXPOSED, PULLED, WITHDRAWN (i64, set by s,
 *       moved on from EXPOSED by s or r) | 200 id of s's exposing thread (i32) | 204 element kind (i32)
 *       | 208 address of s's pollfd array (i64) | 216 r's receive id (i64) | 224 byte count (i64)
 *       | 232 address of the array s holds spinning (i64) | 240 where the payload starts in s's array, in bytes (i64)
 *   256 paired copy, s's hold: state, generation << 3 | phase as the exposure's (i64, set by s, moved on by r)
 *       | 264 address of s's payload (i64)
 *   384 paired copy, s's offer: generation << 1 | 1 while offered (i64, s) | 392 context (i32) | 396 tag (i32)
 *       | 400 bytes s sends (i64) | 408 bytes s receives (i64) | 416 whether a one-way block's copy is shared (i32)
 *   448 in the ring from the lower to the higher rank of a pair only: the pair's paired copies failed (i64, either)
 *   512 data: ring bytes
 *   after the last ring, at {@link #worldBoardOffset}: the world board ({@link org.openmpj.device.WorldBoard}) when the
 *   segment's ranks are the whole job
 * </pre>
 *
 * <p>The rank blocks' fields from 16 to 40 and the exposures serve the one-copy path for large messages (see
 * {@link ExposureBlock}): a rank publishes its eventfd and probe word before the job's fence, its peers probe after it and
 * publish what they found. The paired-copy fields serve exchanges between two ranks (see {@link ShmPairedCopy}).
 *
 * <p>Every frame in a ring starts on a {@link #FRAME_ALIGNMENT} boundary and is padded to a multiple of it, so that its
 * first line never wraps around the ring's end. It opens with a commit word, then the 48-byte header of
 * {@link org.openmpj.matching.FrameDescriptor}, then the payload:
 *
 * <pre>
 *   0                               8                                                56
 *   +-------------------------------+------------------------------------------------+-----------------------------
 *   | commit: key ^ (position|state)| frame header (FrameDescriptor)                 | payload, then padding ...
 *   +-------------------------------+------------------------------------------------+-----------------------------
 * </pre>
 *
 * An eager message whose payload goes in whole may instead travel as a compact frame, whose header leaves out what an
 * eager message does not use (the ids), so that 32 payload bytes fit its first line:
 *
 * <pre>
 *   0          8                                      16                      24                      32
 *   +----------+------+------+-------+----------------+-----------+-----------+-----------+-----------+----------
 *   | commit   | type | kind | flags | context        | source    | tag       | byte count| credit    | payload...
 *   +----------+------+------+-------+----------------+-----------+-----------+-----------+-----------+----------
 * </pre>
 *
 * The writer stores the commit word last, with release: {@link #COMMIT_WHOLE} when header and payload are in,
 * {@link #COMMIT_HEADER} when only the header is and the payload follows in pieces, each published by the tail,
 * {@link #COMMIT_COMPACT} for a whole compact frame. A reader
 * that waits for the next frame polls that one word, on the line that brings the frame itself: a small message crosses
 * between the cores as one line. The word mixes in the frame's position, which never repeats, and the ring's random key,
 * so that bytes left from an earlier lap (an old frame's, or payload) are not taken for a commit.
 */
final class SegmentDescriptor
{
    /** "OMPJSHM1" read as a little-endian long. */
    static final long MAGIC = 0x314D48534A504D4FL;
    /** Changes with any change of this layout; a process of another layout refuses to attach. */
    static final int VERSION = 7;
    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int RANKS_OFFSET = 12;
    static final int RING_BYTES_OFFSET = 16;
    static final int KEY_OFFSET = 24;
    static final int HEADER_BYTES = 256;

    static final int RANK_BLOCK_BYTES = 512;
    static final int PID_OFFSET = 0;
    static final int STATE_OFFSET = 8;
    static final int EVENTFD_OFFSET = 16;
    static final int PROBE_WORD_OFFSET = 24;
    static final int KERNEL_COPY_OUTCOME_OFFSET = 32;
    static final int WAKE_OFFSET = 128;
    static final int NOTE_LENGTH_OFFSET = 256;
    static final int NOTE_TEXT_OFFSET = 260;
    /** The most bytes of UTF-8 a failing rank leaves for its peers; a longer report is cut. */
    static final int NOTE_TEXT_BYTES = RANK_BLOCK_BYTES - NOTE_TEXT_OFFSET;
    static final int STATE_EMPTY = 0;
    static final int STATE_ATTACHED = 1;
    static final int STATE_FINALIZED = 2;
    static final int AWAKE = 0;
    static final int SLEEPING = 1;

    static final int TAIL_OFFSET = 0;
    static final int HEAD_OFFSET = 128;
    static final int WRITER_WAITING_OFFSET = 136;
    static final int EXPOSURE_STATE_OFFSET = 192;
    static final int EXPOSER_TID_OFFSET = 200;
    static final int EXPOSED_KIND_OFFSET = 204;
    static final int EXPOSER_POLL_FDS_OFFSET = 208;
    static final int EXPOSED_RECV_ID_OFFSET = 216;
    static final int EXPOSED_BYTES_OFFSET = 224;
    static final int EXPOSED_ADDRESS_OFFSET = 232;
    static final int EXPOSED_PAYLOAD_OFFSET_OFFSET = 240;
    static final int PAIRED_STATE_OFFSET = 256;
    static final int PAIRED_ADDRESS_OFFSET = 264;
    static final int PAIRED_OFFER_OFFSET = 384;
    static final int PAIRED_CONTEXT_OFFSET = 392;
    static final int PAIRED_TAG_OFFSET = 396;
    static final int PAIRED_SEND_BYTES_OFFSET = 400;
    static final int PAIRED_RECV_BYTES_OFFSET = 408;
    static final int PAIRED_SHARED_OFFSET = 416;
    static final int PAIRED_BROKEN_OFFSET = 448;
    static final int RING_HEADER_BYTES = 512;

    /** Every frame's length is padded to this, a cache line. */
    static final int FRAME_ALIGNMENT = 64;
    static final int COMMIT_OFFSET = 0;
    /** Where a frame's {@link org.openmpj.matching.FrameDescriptor} header starts, after its commit word. */
    static final int FRAME_HEADER_OFFSET = 8;
    /** Where a frame's payload starts: after the commit word and the header, on the frame's first line. */
    static final int FRAME_PAYLOAD_OFFSET = FRAME_HEADER_OFFSET + org.openmpj.matching.FrameDescriptor.HEADER_BYTES;
    /** Commit state: the whole frame is in the ring. */
    static final int COMMIT_WHOLE = 1;
    /** Commit state: the header is in; the payload follows, published by the tail. */
    static final int COMMIT_HEADER = 2;
    /** Commit state: a whole compact eager frame is in. */
    static final int COMMIT_COMPACT = 3;
    /** In a compact frame: type, element kind, flags (16 bits) and context, one little-endian word. */
    static final int COMPACT_TYPE_WORD_OFFSET = 8;
    /** In a compact frame: source, then tag, one word. */
    static final int COMPACT_ENVELOPE_OFFSET = 16;
    /** In a compact frame: byte count, then returned credit, 32 bits each, one word. */
    static final int COMPACT_COUNTS_OFFSET = 24;
    /** Where a compact frame's payload starts. */
    static final int COMPACT_PAYLOAD_OFFSET = 32;
    /** The most credit a compact frame carries; more waits for a later frame. */
    static final long COMPACT_MAX_CREDIT = 0xffff_ffffL;
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

    /** @return the ring bytes a frame of {@code payloadBytes} takes, padding included; the next frame starts that far on. */
    static long frameBytes(final long payloadBytes)
    {
        return (FRAME_PAYLOAD_OFFSET + payloadBytes + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    /** @return the ring bytes a compact frame of {@code payloadBytes} takes, padding included. */
    static long compactFrameBytes(final long payloadBytes)
    {
        return (COMPACT_PAYLOAD_OFFSET + payloadBytes + FRAME_ALIGNMENT - 1) & -FRAME_ALIGNMENT;
    }

    /** @return the commit word of the frame at {@code position} in state {@code state}, in a ring of key {@code ringKey}. */
    static long commitWord(final long ringKey, final long position, final int state)
    {
        return ringKey ^ (position | state);
    }

    /**
     * @return the key of the ring from {@code from} to {@code to} in a segment of key {@code segmentKey}: every ring gets a
     *         different one, derived by both ends alike (a 64-bit mix of the segment key and the pair).
     */
    static long ringKey(final long segmentKey, final int from, final int to)
    {
        long mixed = segmentKey + 0x9E3779B97F4A7C15L * (((long)from << 32 | (to & 0xffff_ffffL)) + 1);
        mixed = (mixed ^ (mixed >>> 30)) * 0xBF58476D1CE4E5B9L;
        mixed = (mixed ^ (mixed >>> 27)) * 0x94D049BB133111EBL;
        return mixed ^ (mixed >>> 31);
    }

    /** @return where the world board starts, after the rings, on a line of its own. */
    static long worldBoardOffset(final int ranks, final int ringBytes)
    {
        final long line = org.openmpj.device.WorldBoard.LINE_BYTES;
        return (ringOffset(ranks, ringBytes, ranks, 0) + line - 1) / line * line;
    }

    /** @return the bytes of a segment for {@code ranks} ranks with rings of {@code ringBytes}, the world board's room included. */
    static long segmentBytes(final int ranks, final int ringBytes)
    {
        return worldBoardOffset(ranks, ringBytes) + org.openmpj.device.WorldBoard.bytes(ranks);
    }

    /** @return whether {@code ringBytes} is a usable ring size: a power of two of at least {@link #MIN_RING_BYTES}. */
    static boolean isValidRingBytes(final long ringBytes)
    {
        return ringBytes >= MIN_RING_BYTES && ringBytes <= (1 << 30) && Long.bitCount(ringBytes) == 1;
    }
}
