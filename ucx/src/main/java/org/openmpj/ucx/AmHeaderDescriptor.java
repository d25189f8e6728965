package org.openmpj.ucx;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import org.openmpj.matching.FrameDescriptor;

/**
 * The headers of the active messages the device sends, little-endian. Every frame may travel with the full header: the
 * sender's rank, then the frame header every process transport shares ({@link FrameDescriptor}). The message's data is
 * the frame's payload, or one piece of it.
 *
 * <pre>
 *   0                               4                               8
 *   +-------------------------------+-------------------------------+
 *   | sender's world rank           | version                       |
 *   +-------------------------------+-------------------------------+
 *   8 | frame header (48 bytes, FrameDescriptor); for a PIECE: type PIECE, id the receive's id,  |
 *     | aux the byte of the message the piece starts at, byte count the whole message's         |
 *  56 +-----------------------------------------------------------------------------------------+
 * </pre>
 *
 * An eager frame travels with the compact header instead (returned credit beyond 32 bits waits for a later frame); its
 * length tells it apart, and its message's byte count is the length of the data.
 *
 * <pre>
 *   0                               4               6       7       8
 *   +-------------------------------+---------------+-------+-------+
 *   | sender's world rank           | version       | kind  | 0     |
 *   +-------------------------------+---------------+-------+-------+
 *   8                               12                              16
 *   | context                       | source (envelope)             |
 *   +-------------------------------+-------------------------------+
 *  16                               20                              24
 *   | tag                           | returned credit               |
 *   +-------------------------------+-------------------------------+
 * </pre>
 *
 * Over UCX's shared memory, where a short message (UCX's headers, this header and the data) may take at most 100 bytes,
 * the compact header keeps payloads of 64 bytes on that short path (with the full header they took UCX's slower copy
 * path) and a small message on fewer cache lines that cross between the cores. Measured with 2 JVMs on an Intel Xeon, alternating with the
 * full header for every frame: one way, 1 byte 0.35-0.40 µs against 0.39-0.45, 64 bytes 0.40-0.44 against 0.61-0.66.
 *
 * <p>A rendezvous payload larger than one staging slot travels as a {@code DATA} frame carrying its first piece, then
 * {@link #PIECE}s carrying the rest, so that copying a piece overlaps moving the one before.
 */
final class AmHeaderDescriptor
{
    /** Header length in bytes. */
    static final int HEADER_BYTES = 8 + FrameDescriptor.HEADER_BYTES;
    static final int SENDER_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    /** Where the shared frame header starts. */
    static final int FRAME_OFFSET = 8;
    /** This layout's version, in both headers; a message of another version is a protocol error. */
    static final int VERSION = 2;
    /** Compact header length in bytes. */
    static final int COMPACT_HEADER_BYTES = 24;
    /** In the compact header: the sender's rank, the version (16 bits) and the element kind (8 bits), one word. */
    static final int COMPACT_SENDER_WORD_OFFSET = 0;
    /** In the compact header: context, then source, one word. */
    static final int COMPACT_ENVELOPE_OFFSET = 8;
    /** In the compact header: tag, then returned credit, one word. */
    static final int COMPACT_TAG_CREDIT_OFFSET = 16;
    /** The most credit a compact header carries; more waits for a later frame. */
    static final long COMPACT_MAX_CREDIT = 0xffff_ffffL;
    /** A frame type of this device only: a further piece of a rendezvous payload whose {@code DATA} frame came before. */
    static final byte PIECE = 16;
    /** The active-message id the device's messages use. */
    static final int AM_ID = 0x4d50;
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private AmHeaderDescriptor()
    {
    }

    /** Writes the compact header of an eager frame from {@code sender} at {@code address} of {@code memory}. */
    static void encodeCompact(
        final MemorySegment memory, final long address, final int sender, final int kind, final int context, final int source,
        final int tag, final long credit)
    {
        memory.set(LONG_LE, address + COMPACT_SENDER_WORD_OFFSET, (sender & 0xffff_ffffL) | (long)VERSION << 32 | (long)kind << 48);
        memory.set(LONG_LE, address + COMPACT_ENVELOPE_OFFSET, (context & 0xffff_ffffL) | (long)source << 32);
        memory.set(LONG_LE, address + COMPACT_TAG_CREDIT_OFFSET, (tag & 0xffff_ffffL) | credit << 32);
    }

    /** @return the word at {@code offset} of the compact header at {@code address} of {@code memory}. */
    static long compactWord(final MemorySegment memory, final long address, final int offset)
    {
        return memory.get(LONG_LE, address + offset);
    }

    /** @return the layout version in a compact header's sender word. */
    static int compactVersion(final long senderWord)
    {
        return (int)(senderWord >>> 32) & 0xffff;
    }

    /** @return the element kind in a compact header's sender word. */
    static byte compactKind(final long senderWord)
    {
        return (byte)(senderWord >>> 48);
    }
}
