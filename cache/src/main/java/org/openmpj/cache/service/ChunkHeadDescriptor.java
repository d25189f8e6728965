package org.openmpj.cache.service;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The small message before each chunk of a stream ({@link Tags#FETCH_HEAD}, {@link Tags#PUSH_HEAD}); the chunk's bytes
 * follow in a message of their own, received straight into their destination:
 *
 * <pre>
 *   0               4               8               12              16
 *   +---------------+---------------+---------------+---------------+
 *   |  chunk index  |    length     |    CRC32C     |    status     |
 *   +---------------+---------------+---------------+---------------+
 * </pre>
 *
 * Little-endian. {@code status} 0 is a chunk; otherwise the stream failed, no chunk follows, {@code status - 1} is the
 * {@code CacheException.Reason}'s ordinal and the error's text (UTF-8, at most {@link #MAX_TEXT_BYTES}) follows the
 * head in the same message; {@link #PASS_ON_FAILED_STATUS} says instead that the relay node which adopted the receiver
 * cannot pass on the chunks it missed, and the receiver asks the server for a stream of its own.
 */
final class ChunkHeadDescriptor
{
    static final int INDEX_OFFSET = 0;
    static final int LENGTH_OFFSET = 4;
    static final int CRC_OFFSET = 8;
    static final int STATUS_OFFSET = 12;
    static final int LENGTH = 16;
    /** The longest error text a failed stream's head carries. */
    static final int MAX_TEXT_BYTES = 2048;
    /** The status of a head that says the adopting node cannot pass the file on; not a {@code Reason}'s. */
    static final int PASS_ON_FAILED_STATUS = 0x100;
    /** The longest head: one with an error text. */
    static final int MAX_LENGTH = LENGTH + MAX_TEXT_BYTES;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private ChunkHeadDescriptor()
    {
    }

    static void write(final byte[] head, final int index, final int length, final int crc, final int status)
    {
        INT.set(head, INDEX_OFFSET, index);
        INT.set(head, LENGTH_OFFSET, length);
        INT.set(head, CRC_OFFSET, crc);
        INT.set(head, STATUS_OFFSET, status);
    }

    static int index(final byte[] head)
    {
        return (int) INT.get(head, INDEX_OFFSET);
    }

    static int length(final byte[] head)
    {
        return (int) INT.get(head, LENGTH_OFFSET);
    }

    static int crc(final byte[] head)
    {
        return (int) INT.get(head, CRC_OFFSET);
    }

    static int status(final byte[] head)
    {
        return (int) INT.get(head, STATUS_OFFSET);
    }
}
