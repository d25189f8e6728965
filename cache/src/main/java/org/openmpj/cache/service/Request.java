package org.openmpj.cache.service;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A request to a server, and its wire form:
 *
 * <pre>
 *   0       1       2               4                               12              16              20
 *   +-------+-------+---------------+-------------------------------+---------------+---------------+
 *   |version|  op   |   (unused)    |              arg              |  path count   | payload bytes |
 *   +-------+-------+---------------+-------------------------------+---------------+---------------+
 *   | per path: length in bytes (int), UTF-8 bytes ...  | payload ...                                 |
 *   +---------------------------------------------------+---------------------------------------------+
 * </pre>
 *
 * Little-endian. A request that does not decode is refused with a message naming the sender, never guessed at.
 *
 * @param op      what is asked.
 * @param arg     the operation's argument: a chunk index, a push scope.
 * @param paths   the files concerned, normalized by the sender.
 * @param payload opaque bytes (a client's statistics).
 */
public record Request(Op op, long arg, List<String> paths, byte[] payload)
{
    static final int VERSION = 1;
    static final int VERSION_OFFSET = 0;
    static final int OP_OFFSET = 1;
    static final int ARG_OFFSET = 4;
    static final int PATH_COUNT_OFFSET = 12;
    static final int PAYLOAD_LENGTH_OFFSET = 16;
    static final int PATHS_OFFSET = 20;

    public Request
    {
        paths = List.copyOf(paths);
    }

    /** @return a request for one file. */
    public static Request of(final Op op, final String path)
    {
        return new Request(op, 0, List.of(path), new byte[0]);
    }

    /** @return the wire form. */
    public byte[] encode()
    {
        final List<byte[]> names = new ArrayList<>(paths.size());
        int length = PATHS_OFFSET + payload.length;
        for (final String path : paths)
        {
            final byte[] name = path.getBytes(StandardCharsets.UTF_8);
            names.add(name);
            length += Integer.BYTES + name.length;
        }
        final ByteBuffer out = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        out.put(VERSION_OFFSET, (byte) VERSION).put(OP_OFFSET, (byte) op.ordinal()).putLong(ARG_OFFSET, arg)
            .putInt(PATH_COUNT_OFFSET, paths.size()).putInt(PAYLOAD_LENGTH_OFFSET, payload.length);
        out.position(PATHS_OFFSET);
        for (final byte[] name : names)
        {
            out.putInt(name.length).put(name);
        }
        out.put(payload);
        return out.array();
    }

    /**
     * @return the request in the first {@code length} bytes of {@code wire}.
     * @throws IllegalArgumentException saying what is wrong with it.
     */
    public static Request decode(final byte[] wire, final int length)
    {
        if (length < PATHS_OFFSET)
        {
            throw new IllegalArgumentException("a request of " + length + " bytes is shorter than its " + PATHS_OFFSET + "-byte header");
        }
        final ByteBuffer in = ByteBuffer.wrap(wire, 0, length).order(ByteOrder.LITTLE_ENDIAN);
        if (in.get(VERSION_OFFSET) != VERSION)
        {
            throw new IllegalArgumentException("request version " + in.get(VERSION_OFFSET) + ", expected " + VERSION);
        }
        final Op op = Op.of(in.get(OP_OFFSET));
        if (op == null)
        {
            throw new IllegalArgumentException("unknown request operation " + in.get(OP_OFFSET));
        }
        final int pathCount = in.getInt(PATH_COUNT_OFFSET);
        final int payloadLength = in.getInt(PAYLOAD_LENGTH_OFFSET);
        if (pathCount < 0 || payloadLength < 0 || pathCount > length / Integer.BYTES)
        {
            throw new IllegalArgumentException("request with " + pathCount + " paths and " + payloadLength + " payload bytes");
        }
        in.position(PATHS_OFFSET);
        final List<String> paths = new ArrayList<>(pathCount);
        for (int i = 0; i < pathCount; i++)
        {
            if (in.remaining() < Integer.BYTES)
            {
                throw new IllegalArgumentException("request ends inside path " + i + " of " + pathCount);
            }
            final int nameLength = in.getInt();
            if (nameLength < 0 || nameLength > in.remaining())
            {
                throw new IllegalArgumentException("path " + i + " of " + nameLength + " bytes overruns the request");
            }
            paths.add(new String(wire, in.position(), nameLength, StandardCharsets.UTF_8));
            in.position(in.position() + nameLength);
        }
        if (in.remaining() != payloadLength)
        {
            throw new IllegalArgumentException("request payload of " + in.remaining() + " bytes, its header says " + payloadLength);
        }
        final byte[] payload = new byte[payloadLength];
        in.get(payload);
        return new Request(op, in.getLong(ARG_OFFSET), paths, payload);
    }
}
