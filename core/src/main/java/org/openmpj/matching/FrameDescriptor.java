package org.openmpj.matching;

import java.nio.ByteBuffer;

/**
 * The header that starts every frame a byte-stream transport carries between two processes, little-endian:
 *
 * <pre>
 *   0               1               2               4
 *   +---------------+---------------+---------------+-------------------------------+
 *   | type          | element kind  | flags         | context                       |
 *   +---------------+---------------+---------------+-------------------------------+
 *   8                               12
 *   | source (envelope)             | tag                                           |
 *   +-------------------------------+-----------------------------------------------+
 *  16 | byte count of the message                                                    |
 *  24 | id: the send's id (RTS, CTS, CANCEL, CANCEL_ACK) or the receive's id (DATA)   |
 *  32 | aux: the receive's id (CTS) or the message's first 8 bytes (RTS)             |
 *  40 | eager credit returned to the reader of this frame, in bytes                  |
 *  48 +------------------------------------------------------------------------------+
 *     | payload: byte count bytes for EAGER and DATA, nothing otherwise               |
 * </pre>
 *
 * Flags: on a {@link #CTS}, {@link #PULL}; on a {@link #CANCEL_ACK}, 1 when the rendezvous was withdrawn.
 */
public final class FrameDescriptor
{
    /** Header length in bytes. */
    public static final int HEADER_BYTES = 48;

    public static final int TYPE_OFFSET = 0;
    public static final int KIND_OFFSET = 1;
    public static final int FLAGS_OFFSET = 2;
    public static final int CONTEXT_OFFSET = 4;
    public static final int SOURCE_OFFSET = 8;
    public static final int TAG_OFFSET = 12;
    public static final int BYTE_COUNT_OFFSET = 16;
    public static final int ID_OFFSET = 24;
    public static final int AUX_OFFSET = 32;
    public static final int CREDIT_OFFSET = 40;

    /** A message small enough to travel with its envelope; the sender is done once it is written. */
    public static final byte EAGER = 1;
    /** Request to send: the envelope of a rendezvous message, whose data waits for a {@link #CTS}. */
    public static final byte RTS = 2;
    /** Clear to send: a receive matched the rendezvous {@code id}; send its data for receive {@code aux}. */
    public static final byte CTS = 3;
    /**
     * Flag of a {@link #CTS}: the receiver asks to copy the payload out of the sender's memory itself, through a transport's
     * {@link PayloadPull}, instead of reading a {@link #DATA} frame; a sender that cannot expose it sends the DATA frame.
     */
    public static final int PULL = 1;
    /** The data of a rendezvous message, for receive {@code id}. */
    public static final byte DATA = 4;
    /** Nothing but returned credit. */
    public static final byte CREDIT = 5;
    /** The sender withdraws rendezvous {@code id} of {@code context}, if no receive has matched it yet. */
    public static final byte CANCEL = 6;
    /** Answer to {@link #CANCEL}: flags 1 when the rendezvous was withdrawn, 0 when it had matched. */
    public static final byte CANCEL_ACK = 7;
    /** The writer finalized: the connection's end that follows is orderly. */
    public static final byte GOODBYE = 8;

    private static final java.lang.foreign.ValueLayout.OfLong LONG_LE =
        java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private FrameDescriptor()
    {
    }

    /** @return the payload bytes that follow a header of {@code type} for a message of {@code byteCount} bytes. */
    public static long payloadBytes(final byte type, final long byteCount)
    {
        return type == EAGER || type == DATA ? byteCount : 0;
    }

    /**
     * What an eager frame costs beyond its payload against the receiver's credit: more than its header, so that a window
     * holds a bounded number of small messages (1,024 in a window of 1 MiB) and not one per 56 bytes of it. A receiver
     * keeps each unexpected message in an entry of about 150 bytes of heap with a scratch array; with a 4 MiB window, a
     * sender of 8-byte messages could otherwise leave 75,000 of them (some 16 MB) at a receiver that lags, and its
     * collection pauses would stall every rank.
     */
    public static final int FRAME_CREDIT_BYTES = 1024;

    /** @return a frame cost against the receiver's eager credit: the message and {@link #FRAME_CREDIT_BYTES}. */
    public static long creditCost(final long byteCount)
    {
        return byteCount + FRAME_CREDIT_BYTES;
    }

    /**
     * Writes a header at {@code offset} of {@code memory} (native memory, such as a transport's staging slot), little-endian
     * as {@link #encode(ByteBuffer, byte, int, int, int, int, int, long, long, long, long)} writes it.
     */
    public static void encode(
        final java.lang.foreign.MemorySegment memory, final long offset, final byte type, final int kind, final int flags,
        final int context, final int source, final int tag, final long byteCount, final long id, final long aux, final long credit)
    {
        // Two longs for the first eight bytes' fields (type, kind, flags, context) and source with tag: fewer, wider stores.
        memory.set(LONG_LE, offset + TYPE_OFFSET,
            (type & 0xffL) | (kind & 0xffL) << 8 | (flags & 0xffffL) << 16 | (context & 0xffff_ffffL) << 32);
        memory.set(LONG_LE, offset + SOURCE_OFFSET, (source & 0xffff_ffffL) | (long)tag << 32);
        memory.set(LONG_LE, offset + BYTE_COUNT_OFFSET, byteCount);
        memory.set(LONG_LE, offset + ID_OFFSET, id);
        memory.set(LONG_LE, offset + AUX_OFFSET, aux);
        memory.set(LONG_LE, offset + CREDIT_OFFSET, credit);
    }

    /** Writes a header at {@code buffer}'s position, which advances by {@link #HEADER_BYTES}; the buffer is little-endian. */
    public static void encode(
        final ByteBuffer buffer, final byte type, final int kind, final int flags, final int context,
        final int source, final int tag, final long byteCount, final long id, final long aux, final long credit)
    {
        final int at = buffer.position();
        buffer.put(at + TYPE_OFFSET, type);
        buffer.put(at + KIND_OFFSET, (byte)kind);
        buffer.putShort(at + FLAGS_OFFSET, (short)flags);
        buffer.putInt(at + CONTEXT_OFFSET, context);
        buffer.putInt(at + SOURCE_OFFSET, source);
        buffer.putInt(at + TAG_OFFSET, tag);
        buffer.putLong(at + BYTE_COUNT_OFFSET, byteCount);
        buffer.putLong(at + ID_OFFSET, id);
        buffer.putLong(at + AUX_OFFSET, aux);
        buffer.putLong(at + CREDIT_OFFSET, credit);
        buffer.position(at + HEADER_BYTES);
    }
}
