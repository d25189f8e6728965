package org.openmpj.cache.service;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.openmpj.cache.CacheException;

/**
 * A server's answer, and its wire form ({@link Tags#REPLY}, or {@link Tags#PUSH} for a pushed file):
 *
 * <pre>
 *   0       1       2               4               8                               16
 *   +-------+-------+---------------+---------------+-------------------------------+
 *   |version|status |    reason     |  chunk bytes  |          size (bytes)         |
 *   +-------+-------+---------------+---------------+-------------------------------+
 *   16              20              24              28              32              36
 *   +---------------+---------------+---------------+---------------+---------------+
 *   |  chunk count  |    parent     |  child count  |  inline CRC   | payload bytes |
 *   +---------------+---------------+---------------+---------------+---------------+
 *   | children (int each) ...       | payload: inline data, an error text, or a pushed file's path  |
 *   +-------------------------------+---------------------------------------------------------------+
 * </pre>
 *
 * Little-endian. {@code parent} is the rank the chunk stream comes from, -1 when the data is inline or there is none.
 *
 * @param status     {@link #OK}, {@link #ERROR}, {@link #END}, {@link #JOINED} or {@link #PUSHING}.
 * @param reason     for an error, what kind it was.
 * @param chunkBytes the chunk size of the stream that follows.
 * @param size       the file's size; for a size query, -1 when absent.
 * @param chunkCount chunks in the stream that follows; 0 when inline.
 * @param parent     who sends the stream.
 * @param children   whom this rank forwards the stream to.
 * @param inlineCrc  the CRC32C of inline data.
 * @param payload    inline data, an error text or a path.
 */
public record Reply(int status, CacheException.Reason reason, int chunkBytes, long size, int chunkCount, int parent, int[] children,
    int inlineCrc, byte[] payload)
{
    public static final int OK = 0;
    public static final int ERROR = 1;
    /** A push listener's signal to stop. */
    public static final int END = 2;
    /**
     * The file is already streaming down a relay: {@code parent} adopts this client, sends it the first chunk's index
     * ({@link Tags#JOIN_START}) and then every chunk, in order from that one round to the one before it.
     */
    public static final int JOINED = 3;
    /**
     * The file is being pushed to every client of the group, this one included: the client takes it from the push once
     * its push listener has kept it, and asks again for a stream of its own if the push did not leave it a copy.
     */
    public static final int PUSHING = 4;

    static final int VERSION = 1;
    static final int STATUS_OFFSET = 1;
    static final int REASON_OFFSET = 2;
    static final int CHUNK_BYTES_OFFSET = 4;
    static final int SIZE_OFFSET = 8;
    static final int CHUNK_COUNT_OFFSET = 16;
    static final int PARENT_OFFSET = 20;
    static final int CHILD_COUNT_OFFSET = 24;
    static final int INLINE_CRC_OFFSET = 28;
    static final int PAYLOAD_LENGTH_OFFSET = 32;
    static final int CHILDREN_OFFSET = 36;
    private static final int[] NO_CHILDREN = new int[0];
    private static final byte[] EMPTY = new byte[0];

    /** @return a reply carrying {@code size} alone. */
    public static Reply size(final long size)
    {
        return new Reply(OK, null, 0, size, 0, -1, NO_CHILDREN, 0, EMPTY);
    }

    /** @return an error reply. */
    public static Reply error(final CacheException.Reason reason, final String message)
    {
        return new Reply(ERROR, reason, 0, -1, 0, -1, NO_CHILDREN, 0, message.getBytes(StandardCharsets.UTF_8));
    }

    /** @return a reply with a payload and nothing else. */
    public static Reply payload(final byte[] payload)
    {
        return new Reply(OK, null, 0, payload.length, 0, -1, NO_CHILDREN, 0, payload);
    }

    /** @return the signal that ends a push listener, or a server's answer to the last goodbye. */
    public static Reply end()
    {
        return new Reply(END, null, 0, 0, 0, -1, NO_CHILDREN, 0, EMPTY);
    }

    /** @return the header of a chunk stream of a file, with the receiver's place in the relay and an optional payload. */
    public static Reply stream(final long size, final int chunkBytes, final int chunkCount, final int parent, final int[] children,
        final byte[] payload)
    {
        return new Reply(OK, null, chunkBytes, size, chunkCount, parent, children, 0, payload);
    }

    /** @return the answer to a client that asks for a file being pushed to it. */
    public static Reply pushing()
    {
        return new Reply(PUSHING, null, 0, -1, 0, -1, NO_CHILDREN, 0, EMPTY);
    }

    /** @return the answer to a client that joins a stream in flight, adopted by {@code adopter}. */
    public static Reply joined(final long size, final int chunkBytes, final int chunkCount, final int adopter)
    {
        return new Reply(JOINED, null, chunkBytes, size, chunkCount, adopter, NO_CHILDREN, 0, EMPTY);
    }

    /** @return the exception an error reply stands for, with {@code context} (e.g. the path) before the server's text. */
    public CacheException toException()
    {
        return new CacheException(reason == null ? CacheException.Reason.SERVER_FAILED : reason, new String(payload, StandardCharsets.UTF_8));
    }

    /** @return the wire length of a reply with {@code children} and {@code payloadLength} bytes of payload. */
    public static int wireLength(final int children, final int payloadLength)
    {
        return CHILDREN_OFFSET + children * Integer.BYTES + payloadLength;
    }

    /** @return the wire form. */
    public byte[] encode()
    {
        final byte[] wire = new byte[wireLength(children.length, payload.length)];
        encodeHeader(wire, status, reason, chunkBytes, size, chunkCount, parent, children, inlineCrc, payload.length);
        System.arraycopy(payload, 0, wire, wireLength(children.length, 0), payload.length);
        return wire;
    }

    /** Writes the header of a reply into {@code wire}; its payload, if any, goes at {@link #wireLength}(children, 0). */
    public static void encodeHeader(final byte[] wire, final int status, final CacheException.Reason reason, final int chunkBytes,
        final long size, final int chunkCount, final int parent, final int[] children, final int inlineCrc, final int payloadLength)
    {
        final ByteBuffer out = ByteBuffer.wrap(wire).order(ByteOrder.LITTLE_ENDIAN);
        out.put(0, (byte) VERSION).put(STATUS_OFFSET, (byte) status).putShort(REASON_OFFSET, (short) (reason == null ? -1 : reason.ordinal()))
            .putInt(CHUNK_BYTES_OFFSET, chunkBytes).putLong(SIZE_OFFSET, size).putInt(CHUNK_COUNT_OFFSET, chunkCount)
            .putInt(PARENT_OFFSET, parent).putInt(CHILD_COUNT_OFFSET, children.length).putInt(INLINE_CRC_OFFSET, inlineCrc)
            .putInt(PAYLOAD_LENGTH_OFFSET, payloadLength);
        for (int i = 0; i < children.length; i++)
        {
            out.putInt(CHILDREN_OFFSET + i * Integer.BYTES, children[i]);
        }
    }

    /**
     * @return the reply in the first {@code length} bytes of {@code wire}.
     * @throws IllegalArgumentException saying what is wrong with it.
     */
    public static Reply decode(final byte[] wire, final int length)
    {
        if (length < CHILDREN_OFFSET || wire[0] != VERSION)
        {
            throw new IllegalArgumentException("reply of " + length + " bytes is not a version " + VERSION + " reply");
        }
        final ByteBuffer in = ByteBuffer.wrap(wire, 0, length).order(ByteOrder.LITTLE_ENDIAN);
        final int childCount = in.getInt(CHILD_COUNT_OFFSET);
        final int payloadLength = in.getInt(PAYLOAD_LENGTH_OFFSET);
        if (childCount < 0 || payloadLength < 0 || (long) wireLength(0, 0) + (long) childCount * Integer.BYTES + payloadLength != length)
        {
            throw new IllegalArgumentException("reply of " + length + " bytes with " + childCount + " children and " + payloadLength
                + " payload bytes");
        }
        final int[] children = new int[childCount];
        for (int i = 0; i < childCount; i++)
        {
            children[i] = in.getInt(CHILDREN_OFFSET + i * Integer.BYTES);
        }
        final byte[] payload = new byte[payloadLength];
        System.arraycopy(wire, wireLength(childCount, 0), payload, 0, payloadLength);
        final int reasonCode = in.getShort(REASON_OFFSET);
        final CacheException.Reason[] reasons = CacheException.Reason.values();
        return new Reply(in.get(STATUS_OFFSET), reasonCode >= 0 && reasonCode < reasons.length ? reasons[reasonCode] : null,
            in.getInt(CHUNK_BYTES_OFFSET), in.getLong(SIZE_OFFSET), in.getInt(CHUNK_COUNT_OFFSET), in.getInt(PARENT_OFFSET), children,
            in.getInt(INLINE_CRC_OFFSET), payload);
    }
}
