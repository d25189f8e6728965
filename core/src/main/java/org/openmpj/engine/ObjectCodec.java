package org.openmpj.engine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * Turns {@code Object[]} message slices into bytes and back with Java serialization. The receiving rank
 * resolves classes with its own class loader, so each thread rank gets instances of its own classes.
 *
 * <pre>
 *  0               4               8
 *  +---------------+---------------+--------------------------------------+
 *  | MAGIC         | object count  | Java serialization stream of objects |
 *  +---------------+---------------+--------------------------------------+
 *    big-endian ints
 * </pre>
 *
 * The header lets a probe tell how many objects a message holds from its first {@link #HEADER_BYTES} bytes.
 */
public final class ObjectCodec
{
    /** Bytes of the header before the serialized objects. */
    public static final int HEADER_BYTES = 8;
    private static final int MAGIC_OFFSET = 0;
    private static final int COUNT_OFFSET = 4;
    /** "OMPJ": marks a message as serialized objects. */
    private static final int MAGIC = 0x4F4D504A;

    private ObjectCodec()
    {
    }

    /**
     * @param head   the first bytes of a message.
     * @param length how many of them there are.
     * @return the number of objects the message holds, or -1 when it is not a message of serialized objects.
     */
    public static int objectCount(final byte[] head, final int length)
    {
        if (length < HEADER_BYTES || readInt(head, MAGIC_OFFSET) != MAGIC)
        {
            return -1;
        }
        return readInt(head, COUNT_OFFSET);
    }

    /** @return the serialized count and elements {@code buf[offset .. offset+count)}. */
    public static byte[] serialize(final Object[] buf, final int offset, final int count)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        final byte[] header = new byte[HEADER_BYTES];
        writeInt(header, MAGIC_OFFSET, MAGIC);
        writeInt(header, COUNT_OFFSET, count);
        bytes.writeBytes(header);
        int index = offset;
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            for (; index < offset + count; index++)
            {
                out.writeObject(buf[index]);
            }
        }
        catch (final NotSerializableException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "element " + index + " of the MPI.OBJECT send buffer holds a "
                + ex.getMessage() + ", which is not Serializable", ex);
        }
        catch (final IOException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "cannot serialize element " + index + " of the MPI.OBJECT send buffer: "
                + ex, ex);
        }
        return bytes.toByteArray();
    }

    /**
     * Deserializes a message into {@code dst[offset ..]}.
     *
     * @param capacity how many elements the receive buffer has room for.
     * @return the number of elements received.
     * @throws OpenMpjException {@code ERR_TRUNCATE} when the message holds more than {@code capacity} elements.
     */
    public static int deserialize(
        final byte[] message, final ClassLoader loader, final Object[] dst, final int offset, final int capacity)
    {
        final int count = objectCount(message, message.length);
        if (count < 0)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "a message of " + message.length
                + " bytes arrived for an MPI.OBJECT receive, but it was not sent as MPI.OBJECT");
        }
        try (ObjectInputStream in = new LoaderObjectInputStream(
            new ByteArrayInputStream(message, HEADER_BYTES, message.length - HEADER_BYTES), loader))
        {
            if (count > capacity)
            {
                throw new OpenMpjException(ErrorClass.ERR_TRUNCATE, "message truncated: " + count
                    + " objects arrived but the receive buffer holds only " + capacity);
            }
            for (int i = 0; i < count; i++)
            {
                final Object element = in.readObject();
                try
                {
                    dst[offset + i] = element;
                }
                catch (final ArrayStoreException ex)
                {
                    // A typed buffer such as a String[] is a valid Object[] but cannot hold every object.
                    throw new OpenMpjException(ErrorClass.ERR_TYPE, "element " + i + " of the MPI.OBJECT message is a "
                        + element.getClass().getName() + ", which the receive buffer, a " + dst.getClass().getSimpleName()
                        + ", cannot hold", ex);
                }
            }
            return count;
        }
        catch (final IOException | ClassNotFoundException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "cannot deserialize an MPI.OBJECT message: " + ex, ex);
        }
    }

    private static int readInt(final byte[] bytes, final int at)
    {
        return (bytes[at] & 0xff) << 24 | (bytes[at + 1] & 0xff) << 16 | (bytes[at + 2] & 0xff) << 8 | bytes[at + 3] & 0xff;
    }

    private static void writeInt(final byte[] bytes, final int at, final int value)
    {
        bytes[at] = (byte)(value >>> 24);
        bytes[at + 1] = (byte)(value >>> 16);
        bytes[at + 2] = (byte)(value >>> 8);
        bytes[at + 3] = (byte)value;
    }

    /** Resolves classes with the given loader instead of the caller's. */
    private static final class LoaderObjectInputStream extends ObjectInputStream
    {
        private final ClassLoader loader;

        LoaderObjectInputStream(final InputStream in, final ClassLoader loader) throws IOException
        {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException
        {
            try
            {
                return Class.forName(desc.getName(), false, loader);
            }
            catch (final ClassNotFoundException ex)
            {
                return super.resolveClass(desc);
            }
        }
    }
}
