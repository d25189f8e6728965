package org.openmpj.objects;

import java.util.List;
import java.util.Locale;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.ConfigOption;

/**
 * The one place {@code MPI.OBJECT} data is serialized and deserialized, for point-to-point messages, collectives and
 * {@code MPI.Pack} alike. A message is written in the compact encoding of {@link ObjectMessageDescriptor} when every
 * object it reaches is a string, a box, an array, an enum constant, a record or a serializable class that leaves its
 * form to Java's defaults; otherwise the whole message goes as a Java serialization stream, so that
 * {@code writeObject}/{@code readObject}, {@code writeReplace}/{@code readResolve} and {@code Externalizable} classes
 * behave exactly as Java defines them. Either way {@code transient} fields stay behind, shared references and cycles
 * come back as they were, and the receiving rank resolves classes with its own class loader.
 *
 * <p>Serializing is static and thread-safe (each thread has its own writer); deserializing needs the receiving rank's
 * codec, one per rank, which remembers the classes its loader found. Both are safe for any number of threads at once.
 */
public final class ObjectCodec
{
    /** Bytes of the header before the serialized objects; a probe reads the object count from them. */
    public static final int HEADER_BYTES = ObjectMessageDescriptor.HEADER_BYTES;
    /** The source given when the bytes come from no rank, as with {@code MPI.Unpack}. */
    public static final int NO_SOURCE = -1;

    /** How {@code MPI.OBJECT} data is written: {@code compact} (Java serialization where a class needs it) or {@code java}. */
    public static final String ENCODING_PROP_NAME = "openmpj.objects.encoding";
    /** Default encoding: the compact one, Java serialization only for classes that need it. */
    public static final String ENCODING_DEFAULT = "compact";

    private static final boolean JAVA_ONLY = javaOnly(System.getProperty(ENCODING_PROP_NAME, ENCODING_DEFAULT));
    private static final ThreadLocal<ObjectWriter> WRITERS = ThreadLocal.withInitial(ObjectWriter::new);
    private static final ThreadLocal<ObjectReader> READERS = ThreadLocal.withInitial(ObjectReader::new);

    private final ClassResolver resolver;

    /** @param loader the class loader of the rank that deserializes with this codec. */
    public ObjectCodec(final ClassLoader loader)
    {
        this.resolver = new ClassResolver(loader);
    }

    /** @return the encoding tunable, for {@code mpjrun --help-config}. */
    public static List<ConfigOption> configOptions()
    {
        return List.of(new ConfigOption(ENCODING_PROP_NAME, ENCODING_DEFAULT,
            "how MPI.OBJECT data is serialized: compact (Java serialization for classes that define their own form) or java"));
    }

    /**
     * @param head   the first bytes of a message.
     * @param length how many of them there are.
     * @return the number of objects the message holds, or -1 when it is not a message of serialized objects.
     */
    public static int objectCount(final byte[] head, final int length)
    {
        return objectCount(head, 0, length);
    }

    private static int objectCount(final byte[] bytes, final int start, final int length)
    {
        if (length < HEADER_BYTES)
        {
            return -1;
        }
        final int magic = ObjectMessageDescriptor.readIntBigEndian(bytes, start + ObjectMessageDescriptor.MAGIC_OFFSET);
        if (magic != ObjectMessageDescriptor.COMPACT_MAGIC && magic != ObjectMessageDescriptor.JAVA_MAGIC
            && magic != ObjectMessageDescriptor.STREAM_MAGIC)
        {
            return -1;
        }
        return ObjectMessageDescriptor.readIntBigEndian(bytes, start + ObjectMessageDescriptor.COUNT_OFFSET);
    }

    /**
     * @return the header and elements {@code buf[offset .. offset+count)}, serialized.
     * @throws OpenMpjException {@code ERR_TYPE} naming the class when an element holds or refers to one that is not
     *                          {@code Serializable}.
     */
    public static byte[] serialize(final Object[] buf, final int offset, final int count)
    {
        return encode(buf, offset, count, true, null).bytes();
    }

    /**
     * A serialized message that lives in the serializing thread's own buffer: {@code bytes[0 .. length)}, valid until the
     * thread serializes again, unless {@link #handOver} gives the buffer away. For a send that is done with its buffer when
     * it returns (a blocking one, or one that completed as it started).
     *
     * @param bytes  the array holding the message, longer than it as a rule.
     * @param length the message's length.
     */
    public record Encoded(byte[] bytes, int length)
    {
    }

    /**
     * Serializes as {@link #serialize} does, without the copy into an array of the message's length.
     *
     * @return the message, valid until this thread serializes again.
     */
    public static Encoded serializeInThreadBuffer(final Object[] buf, final int offset, final int count)
    {
        return encode(buf, offset, count, false, null);
    }

    /**
     * Serializes as {@link #serializeInThreadBuffer(Object[], int, int)} does, as the next message of the ordered stream whose
     * writing end is {@code sent}: a class the stream named before is not named again. The receiver must decode the stream's
     * messages in the order they were serialized, with the stream's {@link ReceivedClasses}; a message that goes by Java
     * serialization is read without them too.
     *
     * @return the message, valid until this thread serializes again.
     */
    public static Encoded serializeInThreadBuffer(final Object[] buf, final int offset, final int count, final SentClasses sent)
    {
        return encode(buf, offset, count, false, sent);
    }

    /**
     * Leaves {@code encoded}'s array to whoever still reads it (a send that goes on after the call that started it): the
     * thread's serializer takes a new buffer for its next message.
     */
    public static void handOver(final Encoded encoded)
    {
        WRITERS.get().giveUp(encoded.bytes());
    }

    /**
     * @param exact whether the message must be an array of its own, of its length.
     * @param sent  the ordered stream the message is written on, or null.
     */
    private static Encoded encode(final Object[] buf, final int offset, final int count, final boolean exact, final SentClasses sent)
    {
        if (!JAVA_ONLY && !startsWithJavaForm(buf, offset, count))
        {
            try
            {
                final ObjectWriter writer = WRITERS.get();
                if (!exact)
                {
                    return writer.encode(buf, offset, count, sent);
                }
                final byte[] bytes = writer.write(buf, offset, count);
                return new Encoded(bytes, bytes.length);
            }
            catch (final JavaFormRequired ex)
            {
                // reached a class with a form of its own: the whole message goes by Java serialization
            }
        }
        final byte[] bytes = JavaSerialization.write(buf, offset, count);
        return new Encoded(bytes, bytes.length);
    }

    /**
     * @return whether the message starts with an object of a class that defines its own serialized form (a list, a map or
     *     the like): the whole message then goes by Java serialization without a try at the compact form. Strings and boxes
     *     do not count, as the compact form writes them by value.
     */
    private static boolean startsWithJavaForm(final Object[] buf, final int offset, final int count)
    {
        if (count == 0 || buf[offset] == null)
        {
            return false;
        }
        final Class<?> type = buf[offset].getClass();
        return !ObjectWriter.writesByValue(type) && ClassLayout.of(type).shape == ClassLayout.Shape.JAVA;
    }

    /** Deserializes a whole message; see {@link #deserialize(byte[], int, int, int, Object[], int, int)}. */
    public int deserialize(final byte[] message, final int source, final Object[] dst, final int offset, final int capacity)
    {
        return deserialize(message, 0, message.length, source, dst, offset, capacity);
    }

    /**
     * Deserializes the message in {@code message[start .. start+length)} into {@code dst[offset ..]}.
     *
     * @param source   the rank that sent it, named when it does not decode; {@link #NO_SOURCE} for none.
     * @param capacity how many elements the receive buffer has room for.
     * @return the number of elements received.
     * @throws OpenMpjException {@code ERR_TRUNCATE} when the message holds more than {@code capacity} elements;
     *                          {@code ERR_TYPE} when it was not sent as objects or {@code dst} cannot hold one of them;
     *                          {@code ERR_OTHER} naming the sender when the bytes do not decode.
     */
    public int deserialize(final byte[] message, final int start, final int length, final int source, final Object[] dst,
        final int offset, final int capacity)
    {
        return deserialize(message, start, length, source, dst, offset, capacity, null);
    }

    /**
     * Deserializes as {@link #deserialize(byte[], int, int, int, Object[], int, int)} does, the next message of the ordered
     * stream whose reading end is {@code received} (see {@link #serializeInThreadBuffer(Object[], int, int, SentClasses)}).
     * The classes it names are taken for the stream even when its objects do not decode.
     *
     * @param received the stream's reading end; null for a message of no stream.
     */
    public int deserialize(final byte[] message, final int start, final int length, final int source, final Object[] dst,
        final int offset, final int capacity, final ReceivedClasses received)
    {
        final int count = objectCount(message, start, length);
        if (count < 0)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "a message of " + length + " bytes" + from(source)
                + " arrived for an MPI.OBJECT receive, but it was not sent as MPI.OBJECT");
        }
        if (count > capacity)
        {
            throw new OpenMpjException(ErrorClass.ERR_TRUNCATE, "message truncated: " + count + " objects arrived" + from(source)
                + " but the receive buffer holds only " + capacity);
        }
        final int magic = ObjectMessageDescriptor.readIntBigEndian(message, start);
        if (magic == ObjectMessageDescriptor.STREAM_MAGIC && received == null)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "a message of " + length + " bytes" + from(source)
                + " was serialized as part of an ordered stream of messages, and only that stream's reader can decode it");
        }
        try
        {
            if (magic == ObjectMessageDescriptor.COMPACT_MAGIC)
            {
                READERS.get().read(message, start + HEADER_BYTES, start + length, resolver, count, dst, offset);
            }
            else if (magic == ObjectMessageDescriptor.STREAM_MAGIC)
            {
                READERS.get().read(message, start + HEADER_BYTES, start + length, resolver, count, dst, offset, received);
            }
            else
            {
                JavaSerialization.read(message, start + HEADER_BYTES, start + length, resolver, count, dst, offset);
            }
            return count;
        }
        catch (final MalformedObjectsException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "cannot deserialize the MPI.OBJECT message of " + length + " bytes"
                + from(source) + ": " + ex.getMessage(), ex);
        }
        catch (final UnstorableElementException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "element " + ex.element + " of the MPI.OBJECT message" + from(source)
                + " is a " + ex.className + ", which the receive buffer, a " + dst.getClass().getSimpleName() + ", cannot hold", ex);
        }
    }

    private static String from(final int source)
    {
        return source == NO_SOURCE ? "" : " from rank " + source;
    }

    private static boolean javaOnly(final String encoding)
    {
        return switch (encoding.trim().toLowerCase(Locale.ROOT))
        {
            case "compact" -> false;
            case "java" -> true;
            default -> throw new IllegalArgumentException(ENCODING_PROP_NAME + "=" + encoding + " is not an encoding; expected compact or java");
        };
    }
}
