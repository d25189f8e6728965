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
 */
public final class ObjectCodec
{
    private ObjectCodec()
    {
    }

    /** @return the serialized count and elements {@code buf[offset .. offset+count)}. */
    public static byte[] serialize(final Object[] buf, final int offset, final int count)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        int index = offset;
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeInt(count);
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
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(message), loader))
        {
            final int count = in.readInt();
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
