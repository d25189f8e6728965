package org.openmpj.objects;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads objects written by {@link ObjectWriter}. One reader per thread, reused; it keeps nothing of a message once
 * the message is read.
 *
 * <p>It trusts nothing in the bytes: every length is checked against the bytes left before anything is allocated,
 * every class is looked up by the receiving rank's resolver and must have, on this side too, the shape the tag claims
 * and the same serialVersionUID and field layout, and only serializable classes, arrays and enum constants come
 * into being. Whatever does not decode is a {@link MalformedObjectsException}.
 */
final class ObjectReader
{

    /** Why a graph could not be read when reading it overflowed the thread's stack. */
    static final String TOO_DEEP = "the object graph is too deep for this thread's stack (a long chain of references); run with a larger -Xss";

    private byte[] bytes;
    private MemorySegment segment;
    private int position;
    private int limit;
    private ClassResolver resolver;
    private Object[] handles = new Object[64];
    private int handleCount;
    private final PendingObjects pending = new PendingObjects();
    /** How many objects' fields are being read by recursion on the thread's stack. */
    private int nesting;
    private ClassLayout[] classes = new ClassLayout[8];
    private int classCount;
    /** The ordered stream the message being read belongs to, or null for a message that names its classes itself. */
    private ReceivedClasses stream;

    /**
     * Reads {@code count} objects from {@code message[start .. end)}, the body after the header, into
     * {@code dst[offset ..]}.
     *
     * @throws MalformedObjectsException when the bytes do not decode.
     * @throws UnstorableElementException when {@code dst} cannot hold an object read.
     */
    void read(final byte[] message, final int start, final int end, final ClassResolver classResolver, final int count,
        final Object[] dst, final int offset)
    {
        read(message, start, end, classResolver, count, dst, offset, null);
    }

    /**
     * As {@link #read(byte[], int, int, ClassResolver, int, Object[], int)}, for a message of the ordered stream
     * {@code received} when it is not null: its namings are taken first, and its classes are the stream's.
     */
    void read(final byte[] message, final int start, final int end, final ClassResolver classResolver, final int count,
        final Object[] dst, final int offset, final ReceivedClasses received)
    {
        bytes = message;
        position = start;
        limit = end;
        resolver = classResolver;
        stream = received;
        try
        {
            if (received != null)
            {
                takeNamings();
            }
            for (int i = 0; i < count; i++)
            {
                UnstorableElementException.store(dst, offset, i, readValue());
            }
            if (position != limit)
            {
                throw new MalformedObjectsException((limit - position) + " bytes follow the last object");
            }
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new MalformedObjectsException(ex.toString(), ex);
        }
        catch (final MalformedObjectsException | UnstorableElementException ex)
        {
            throw ex;
        }
        catch (final RuntimeException ex)
        {
            // A field set to an object of another type, an array element that its array cannot hold, and the like.
            throw new MalformedObjectsException(ex.toString(), ex);
        }
        catch (final StackOverflowError ex)
        {
            throw new MalformedObjectsException(TOO_DEEP);
        }
        finally
        {
            Arrays.fill(handles, 0, handleCount, null);
            pending.clear();
            nesting = 0;
            Arrays.fill(classes, 0, classCount, null);
            handleCount = 0;
            classCount = 0;
            bytes = null;
            segment = null;
            resolver = null;
            stream = null;
        }
    }

    /** Takes the classes a message of a stream names, before its objects, whether or not these decode. */
    private void takeNamings()
    {
        final int namings = takeLength();
        for (int i = 0; i < namings; i++)
        {
            final int nameLength = takeLength();
            requireBytes(nameLength);
            final int nameAt = position;
            position += nameLength;
            final long serialVersionUid = takeLong();
            stream.name(bytes, nameAt, nameLength, serialVersionUid, takeInt());
        }
    }

    /**
     * Reads a value and everything it reaches, depth first, as the writer wrote them: by recursion up to
     * {@link ObjectWriter#NESTING_LIMIT} objects deep, beyond that with the objects whose references are still to be
     * read waiting on the reader's own stack. An object is set into its parent's field or array as soon as it exists,
     * before its own references are read.
     */
    Object readValue() throws ReflectiveOperationException
    {
        final int base = pending.depth();
        final Object value = readHead();
        if (pending.depth() == base)
        {
            return value;
        }
        for (int next = pending.nextReference(base); next >= 0; next = pending.nextReference(base))
        {
            final Object parent = pending.top();
            final FieldAccess access = pending.topAccess();
            final Object child = readHead();
            if (access == null)
            {
                ((Object[])parent)[next] = child;
            }
            else
            {
                access.setReference(parent, next, child);
            }
        }
        return value;
    }

    /** Reads a value but for its reference fields or elements, which it leaves on the stack of pending objects. */
    private Object readHead() throws ReflectiveOperationException
    {
        final byte tag = takeByte();
        return switch (tag)
        {
            case ObjectMessageDescriptor.NULL -> null;
            case ObjectMessageDescriptor.REFERENCE -> reference();
            case ObjectMessageDescriptor.STRING, ObjectMessageDescriptor.STRING_UTF16 -> readString(tag);
            case ObjectMessageDescriptor.INT -> takeInt();
            case ObjectMessageDescriptor.LONG -> takeLong();
            case ObjectMessageDescriptor.DOUBLE -> takeDouble();
            case ObjectMessageDescriptor.FLOAT -> takeFloat();
            case ObjectMessageDescriptor.SHORT -> takeShort();
            case ObjectMessageDescriptor.BYTE -> takeByte();
            case ObjectMessageDescriptor.CHAR -> takeChar();
            case ObjectMessageDescriptor.TRUE -> Boolean.TRUE;
            case ObjectMessageDescriptor.FALSE -> Boolean.FALSE;
            case ObjectMessageDescriptor.BYTES, ObjectMessageDescriptor.SHORTS, ObjectMessageDescriptor.CHARS, ObjectMessageDescriptor.INTS,
                 ObjectMessageDescriptor.LONGS, ObjectMessageDescriptor.FLOATS, ObjectMessageDescriptor.DOUBLES,
                 ObjectMessageDescriptor.BOOLEANS -> remember(readPrimitiveArray(tag));
            case ObjectMessageDescriptor.OBJECTS -> readObjects();
            case ObjectMessageDescriptor.ENUM -> readEnum();
            case ObjectMessageDescriptor.RECORD -> readRecord();
            case ObjectMessageDescriptor.PLAIN -> readPlain();
            case ObjectMessageDescriptor.LAMBDA -> readLambda();
            default -> throw new MalformedObjectsException("unknown tag " + tag + " at byte " + (position - 1));
        };
    }

    private Object reference()
    {
        final int handle = takeLength();
        if (handle >= handleCount)
        {
            throw new MalformedObjectsException("reference to object " + handle + " of " + handleCount + " read so far");
        }
        return handles[handle];
    }

    private Object remember(final Object value)
    {
        final int handle = reserveHandle();
        handles[handle] = value;
        return value;
    }

    /** Takes the next handle; assign {@code handles} only after this returns, as it may replace the array. */
    private int reserveHandle()
    {
        if (handleCount == handles.length)
        {
            handles = Arrays.copyOf(handles, handles.length * 2);
        }
        return handleCount++;
    }

    private Object readPlain() throws ReflectiveOperationException
    {
        final ClassLayout layout = takeClass(ClassLayout.Shape.PLAIN);
        final Object instance = layout.constructor.newInstance();
        final int handle = reserveHandle();
        handles[handle] = instance;
        if (nesting < ObjectWriter.NESTING_LIMIT)
        {
            nesting++;
            try
            {
                layout.access.read(instance, this);
            }
            finally
            {
                nesting--;
            }
            return instance;
        }
        layout.access.readPrimitives(instance, this);
        pending.push(instance, layout.access, layout.references.length);
        return instance;
    }

    private Object readRecord() throws ReflectiveOperationException
    {
        final ClassLayout layout = takeClass(ClassLayout.Shape.RECORD);
        // Java serialization, too, gives a record its handle before its components and the record itself after.
        final int handle = reserveHandle();
        final Object record;
        try
        {
            record = layout.recordAccess.read(this);
        }
        catch (final MalformedObjectsException | UnstorableElementException ex)
        {
            throw ex;
        }
        catch (final RuntimeException refused)
        {
            throw new MalformedObjectsException("cannot build a " + layout.type.getName() + " from the components that arrived: "
                + refused, refused);
        }
        handles[handle] = record;
        return record;
    }

    private Object readLambda() throws ReflectiveOperationException
    {
        final int length = takeLength();
        requireBytes(length);
        final LambdaRecipe recipe = resolver.lambdaRecipe(bytes, position, length);
        position += length;
        // As a record's: the handle before the captured values, the lambda itself after them.
        final int handle = reserveHandle();
        final int count = takeLength();
        // Every value takes at least its tag byte.
        requireBytes(count);
        final Object[] captured = new Object[count];
        for (int i = 0; i < count; i++)
        {
            captured[i] = readValue();
        }
        final Object lambda = recipe.rebuild(captured);
        handles[handle] = lambda;
        return lambda;
    }

    private Object readObjects() throws ReflectiveOperationException
    {
        final ClassLayout layout = takeClass(ClassLayout.Shape.OBJECTS);
        final int length = takeLength();
        // Every element takes at least its tag byte.
        requireBytes(length);
        final Object[] array = (Object[])Array.newInstance(layout.type.getComponentType(), length);
        final int handle = reserveHandle();
        handles[handle] = array;
        if (nesting < ObjectWriter.NESTING_LIMIT)
        {
            nesting++;
            try
            {
                for (int i = 0; i < length; i++)
                {
                    array[i] = readValue();
                }
            }
            finally
            {
                nesting--;
            }
            return array;
        }
        pending.push(array, null, length);
        return array;
    }

    private Object readEnum()
    {
        final ClassLayout layout = takeClass(ClassLayout.Shape.ENUM);
        final byte tag = takeByte();
        if (tag != ObjectMessageDescriptor.STRING && tag != ObjectMessageDescriptor.STRING_UTF16)
        {
            throw new MalformedObjectsException("enum constant of " + layout.type.getName() + " without a name");
        }
        final String name = readString(tag);
        final Object constant = enumConstant(layout.type, name);
        return remember(constant);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(final Class<?> type, final String name)
    {
        try
        {
            return Enum.valueOf((Class)type, name);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new MalformedObjectsException(type.getName() + " has no constant " + name, ex);
        }
    }

    private String readString(final byte tag)
    {
        final int length = takeLength();
        if (tag == ObjectMessageDescriptor.STRING)
        {
            requireBytes(length);
            final String value = new String(bytes, position, length, StandardCharsets.ISO_8859_1);
            position += length;
            return value;
        }
        requireBytes(2L * length);
        final char[] chars = new char[length];
        for (int i = 0; i < length; i++)
        {
            chars[i] = (char)ObjectMessageDescriptor.CHAR_VIEW.get(bytes, position);
            position += 2;
        }
        return new String(chars);
    }

    private Object readPrimitiveArray(final byte tag)
    {
        final int length = takeLength();
        // The commonest short arrays element by element, as the writer wrote them, without a bulk copy's set-up.
        if (tag == ObjectMessageDescriptor.DOUBLES && length <= ObjectWriter.SHORT_ARRAY_ELEMENTS)
        {
            final double[] doubles = new double[checkedLength(length, 8)];
            for (int i = 0; i < length; i++)
            {
                doubles[i] = (double)ObjectMessageDescriptor.DOUBLE_VIEW.get(bytes, position);
                position += 8;
            }
            return doubles;
        }
        if (tag == ObjectMessageDescriptor.INTS && length <= ObjectWriter.SHORT_ARRAY_ELEMENTS)
        {
            final int[] ints = new int[checkedLength(length, 4)];
            for (int i = 0; i < length; i++)
            {
                ints[i] = (int)ObjectMessageDescriptor.INT_VIEW.get(bytes, position);
                position += 4;
            }
            return ints;
        }
        final Object array;
        final ValueLayout layout;
        switch (tag)
        {
            case ObjectMessageDescriptor.BYTES ->
            {
                array = new byte[checkedLength(length, 1)];
                layout = ValueLayout.JAVA_BYTE;
            }
            case ObjectMessageDescriptor.INTS ->
            {
                array = new int[checkedLength(length, 4)];
                layout = ObjectMessageDescriptor.WIRE_INT;
            }
            case ObjectMessageDescriptor.DOUBLES ->
            {
                array = new double[checkedLength(length, 8)];
                layout = ObjectMessageDescriptor.WIRE_DOUBLE;
            }
            case ObjectMessageDescriptor.LONGS ->
            {
                array = new long[checkedLength(length, 8)];
                layout = ObjectMessageDescriptor.WIRE_LONG;
            }
            case ObjectMessageDescriptor.FLOATS ->
            {
                array = new float[checkedLength(length, 4)];
                layout = ObjectMessageDescriptor.WIRE_FLOAT;
            }
            case ObjectMessageDescriptor.SHORTS ->
            {
                array = new short[checkedLength(length, 2)];
                layout = ObjectMessageDescriptor.WIRE_SHORT;
            }
            case ObjectMessageDescriptor.CHARS ->
            {
                array = new char[checkedLength(length, 2)];
                layout = ObjectMessageDescriptor.WIRE_CHAR;
            }
            default ->
            {
                // The foreign memory API copies no boolean arrays.
                final boolean[] booleans = new boolean[checkedLength(length, 1)];
                for (int i = 0; i < length; i++)
                {
                    booleans[i] = bytes[position++] != 0;
                }
                return booleans;
            }
        }
        if (segment == null)
        {
            // Made only for a message that holds primitive arrays: most hold none, and the view costs two objects.
            segment = MemorySegment.ofArray(bytes);
        }
        MemorySegment.copy(segment, layout, position, array, 0, length);
        position += (int)(layout.byteSize() * length);
        return array;
    }

    private int checkedLength(final int length, final int elementBytes)
    {
        requireBytes((long)length * elementBytes);
        return length;
    }

    private ClassLayout takeClass(final ClassLayout.Shape expected)
    {
        final int index = takeLength();
        if (stream != null)
        {
            return checkedShape(stream.layout(index, resolver), expected);
        }
        if (index < classCount)
        {
            return checkedShape(classes[index], expected);
        }
        if (index != classCount)
        {
            throw new MalformedObjectsException("class " + index + " referred to before class " + classCount + " was named");
        }
        final int nameLength = takeLength();
        requireBytes(nameLength);
        final ClassLayout layout = resolver.layoutOf(bytes, position, nameLength);
        position += nameLength;
        final long serialVersionUid = takeLong();
        sameAsSent(layout, serialVersionUid, takeInt());
        if (classCount == classes.length)
        {
            classes = Arrays.copyOf(classes, classes.length * 2);
        }
        classes[classCount++] = layout;
        return checkedShape(layout, expected);
    }

    /**
     * @return {@code layout}, this rank's, when it has the serialVersionUID and layout hash the sender named.
     * @throws MalformedObjectsException when it differs.
     */
    static ClassLayout sameAsSent(final ClassLayout layout, final long serialVersionUid, final int layoutHash)
    {
        if (layout.serialVersionUid != serialVersionUid || layout.layoutHash != layoutHash)
        {
            throw new MalformedObjectsException("class " + layout.type.getName() + " differs between sender and receiver (serialVersionUID "
                + serialVersionUid + " sent, " + layout.serialVersionUid + " here, or another field layout)");
        }
        return layout;
    }

    private static ClassLayout checkedShape(final ClassLayout layout, final ClassLayout.Shape expected)
    {
        if (layout.shape != expected)
        {
            throw new MalformedObjectsException(layout.type.getName() + " arrived as " + expected + " but is " + layout.shape
                + " in this rank");
        }
        return layout;
    }

    private int takeLength()
    {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7)
        {
            final byte b = takeByte();
            value |= (b & 0x7f) << shift;
            if (b >= 0)
            {
                if (value < 0)
                {
                    break;
                }
                return value;
            }
        }
        throw new MalformedObjectsException("a length that is not a non-negative int at byte " + position);
    }

    private void requireBytes(final long count)
    {
        if (count > limit - position)
        {
            throw new MalformedObjectsException("the message ends " + (count - (limit - position)) + " bytes short (" + count
                + " needed at byte " + position + ")");
        }
    }

    byte takeByte()
    {
        requireBytes(1);
        return bytes[position++];
    }

    boolean takeBoolean()
    {
        return takeByte() != 0;
    }

    short takeShort()
    {
        requireBytes(2);
        final short value = (short)ObjectMessageDescriptor.SHORT_VIEW.get(bytes, position);
        position += 2;
        return value;
    }

    char takeChar()
    {
        requireBytes(2);
        final char value = (char)ObjectMessageDescriptor.CHAR_VIEW.get(bytes, position);
        position += 2;
        return value;
    }

    int takeInt()
    {
        requireBytes(4);
        final int value = (int)ObjectMessageDescriptor.INT_VIEW.get(bytes, position);
        position += 4;
        return value;
    }

    long takeLong()
    {
        requireBytes(8);
        final long value = (long)ObjectMessageDescriptor.LONG_VIEW.get(bytes, position);
        position += 8;
        return value;
    }

    float takeFloat()
    {
        requireBytes(4);
        final float value = (float)ObjectMessageDescriptor.FLOAT_VIEW.get(bytes, position);
        position += 4;
        return value;
    }

    double takeDouble()
    {
        requireBytes(8);
        final double value = (double)ObjectMessageDescriptor.DOUBLE_VIEW.get(bytes, position);
        position += 8;
        return value;
    }
}
