package org.openmpj.objects;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * The fallback encoding: the objects as one Java serialization stream, for graphs that reach classes which define
 * their own serialized form. Classes are resolved with the receiving rank's loader, and no array in the stream may
 * claim more elements than the stream has bytes, so a corrupt length cannot make the receiver allocate gigabytes.
 */
final class JavaSerialization
{
    private JavaSerialization()
    {
    }

    static byte[] write(final Object[] objects, final int offset, final int count)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        final byte[] header = new byte[ObjectMessageDescriptor.HEADER_BYTES];
        ObjectMessageDescriptor.writeIntBigEndian(header, ObjectMessageDescriptor.MAGIC_OFFSET, ObjectMessageDescriptor.JAVA_MAGIC);
        ObjectMessageDescriptor.writeIntBigEndian(header, ObjectMessageDescriptor.COUNT_OFFSET, count);
        bytes.writeBytes(header);
        int index = 0;
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            for (; index < count; index++)
            {
                out.writeObject(objects[offset + index]);
            }
        }
        catch (final NotSerializableException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "element " + index + " of the MPI.OBJECT send buffer holds or refers to a "
                + ex.getMessage() + ", which is not Serializable", ex);
        }
        catch (final IOException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "cannot serialize element " + index + " of the MPI.OBJECT send buffer: "
                + ex, ex);
        }
        catch (final StackOverflowError ex)
        {
            throw ObjectWriter.tooDeep(index);
        }
        return bytes.toByteArray();
    }

    /**
     * @throws MalformedObjectsException when the stream does not decode or names a class the loader cannot load.
     * @throws UnstorableElementException when {@code dst} cannot hold an object read.
     */
    static void read(final byte[] message, final int start, final int end, final ClassResolver resolver, final int count,
        final Object[] dst, final int offset)
    {
        final int streamBytes = end - start;
        try (ObjectInputStream in = new ResolvingInputStream(new ByteArrayInputStream(message, start, streamBytes), resolver))
        {
            in.setObjectInputFilter(info -> info.arrayLength() > streamBytes ? ObjectInputFilter.Status.REJECTED
                : ObjectInputFilter.Status.UNDECIDED);
            for (int i = 0; i < count; i++)
            {
                UnstorableElementException.store(dst, offset, i, in.readObject());
            }
        }
        catch (final IOException | ClassNotFoundException ex)
        {
            throw new MalformedObjectsException(ex.toString(), ex);
        }
        catch (final StackOverflowError ex)
        {
            throw new MalformedObjectsException(ObjectReader.TOO_DEEP);
        }
        catch (final RuntimeException ex)
        {
            if (ex instanceof UnstorableElementException unstorable)
            {
                throw unstorable;
            }
            throw new MalformedObjectsException(ex.toString(), ex);
        }
    }

    /** Resolves classes with the receiving rank's resolver instead of the caller's loader. */
    private static final class ResolvingInputStream extends ObjectInputStream
    {
        private final ClassResolver resolver;

        ResolvingInputStream(final InputStream in, final ClassResolver resolver) throws IOException
        {
            super(in);
            this.resolver = resolver;
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException
        {
            try
            {
                return resolver.resolve(desc.getName());
            }
            catch (final MalformedObjectsException ex)
            {
                // Primitive types' names and the like, which only the default lookup knows.
                return super.resolveClass(desc);
            }
        }
    }
}
