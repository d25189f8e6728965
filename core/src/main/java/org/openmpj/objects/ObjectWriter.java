package org.openmpj.objects;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * Writes objects in the compact encoding of {@link ObjectMessageDescriptor}. One writer per thread, reused from message
 * to message: its buffer and handle table stay, so a message costs one allocation, the copy it returns.
 *
 * <p>A graph that reaches a class of shape {@link ClassLayout.Shape#JAVA} cannot be written here; the writer then
 * throws {@link JavaFormRequired} and the caller sends the whole message with Java serialization instead.
 */
final class ObjectWriter
{
    /** Buffers larger than this, left by a large message, are let go rather than kept for the next. */
    private static final int LARGEST_KEPT_BUFFER = 1 << 20;
    /**
     * Objects nested this deep are written by recursion, which is fastest; deeper ones wait on the writer's own stack.
     * The thread's stack then holds at most this many nested writes whatever the graph (a frame is a few hundred bytes
     * compiled, a few kilobytes interpreted, of the 1 MiB a thread has by default).
     */
    static final int NESTING_LIMIT = 128;
    /** Arrays up to this length are copied element by element (see {@link #putShortArray}). */
    static final int SHORT_ARRAY_ELEMENTS = 16;

    /** The size of a writer's first buffer, and of the one it takes after giving one away; it grows as messages need. */
    private static final int FIRST_BUFFER_BYTES = 256;

    private final IdentityHandles handles = new IdentityHandles();
    private final IdentityHandles classes = new IdentityHandles();
    private byte[] buffer = new byte[FIRST_BUFFER_BYTES];
    private MemorySegment segment = MemorySegment.ofArray(buffer);
    private int position;
    private int nextHandle;
    /** Whether a message is being written: a record accessor may send objects while its record is serialized. */
    private boolean busy;
    private final PendingObjects pending = new PendingObjects();
    /** How many objects' fields are being written by recursion on the thread's stack. */
    private int nesting;
    private int nextClass;
    /** The layout of the last composite written: runs of objects of one class skip the class-value lookup. */
    private ClassLayout lastLayout;
    /** The class written last and its index: runs of objects of one class skip the table. */
    private ClassLayout lastClass;
    private int lastClassIndex;
    /** The ordered stream the message is written on, or null for a message that names its classes itself. */
    private SentClasses stream;
    /** The element of the send buffer being written, for error messages. */
    private int element;

    /**
     * @return the message: header and {@code objects[offset .. offset+count)} in the compact encoding.
     * @throws JavaFormRequired when the objects reach a class that must go by Java serialization.
     * @throws OpenMpjException {@code ERR_TYPE} naming the class when they reach one that is not serializable.
     */
    byte[] write(final Object[] objects, final int offset, final int count)
    {
        final ObjectCodec.Encoded encoded = encode(objects, offset, count);
        return Arrays.copyOf(encoded.bytes(), encoded.length());
    }

    /**
     * As {@link #write}, but the message is the first {@code length} bytes of an array the writer may use again for
     * its next message: for a caller that is done with it before it serializes anything else on this thread.
     */
    ObjectCodec.Encoded encode(final Object[] objects, final int offset, final int count)
    {
        return encode(objects, offset, count, null);
    }

    /**
     * As {@link #encode(Object[], int, int)}, on the ordered stream {@code sent} when it is not null: the message then names
     * only the classes the stream has not named before, ahead of its objects.
     */
    ObjectCodec.Encoded encode(final Object[] objects, final int offset, final int count, final SentClasses sent)
    {
        if (busy)
        {
            // A record accessor that sends objects itself: this writer is in the middle of a message.
            return new ObjectWriter().encode(objects, offset, count, sent);
        }
        busy = true;
        stream = sent;
        try
        {
            position = ObjectMessageDescriptor.HEADER_BYTES;
            ObjectMessageDescriptor.writeIntBigEndian(buffer, ObjectMessageDescriptor.MAGIC_OFFSET,
                sent == null ? ObjectMessageDescriptor.COMPACT_MAGIC : ObjectMessageDescriptor.STREAM_MAGIC);
            ObjectMessageDescriptor.writeIntBigEndian(buffer, ObjectMessageDescriptor.COUNT_OFFSET, count);
            if (sent != null)
            {
                // Room for the count of classes named, which is nearly always none; namings are moved in before the objects.
                buffer[position++] = 0;
            }
            for (int i = 0; i < count; i++)
            {
                element = i;
                writeValue(objects[offset + i]);
            }
            if (sent != null)
            {
                nameNewClassesFirst(ObjectMessageDescriptor.HEADER_BYTES + 1);
                sent.commit();
            }
            return new ObjectCodec.Encoded(buffer, position);
        }
        catch (final InvocationTargetException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "a record accessor failed while element " + element
                + " of the MPI.OBJECT send buffer was serialized: " + ex.getCause(), ex.getCause());
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "cannot read the fields of element " + element
                + " of the MPI.OBJECT send buffer: " + ex, ex);
        }
        catch (final StackOverflowError ex)
        {
            throw tooDeep(element);
        }
        finally
        {
            if (sent != null)
            {
                // Nothing when the message was committed; the namings of one that failed or goes by Java serialization.
                sent.forgetUncommitted();
                stream = null;
            }
            handles.clear();
            classes.clear();
            lastClass = null;
            pending.clear();
            nesting = 0;
            nextHandle = 0;
            nextClass = 0;
            busy = false;
            if (buffer.length > LARGEST_KEPT_BUFFER)
            {
                takeFirstBuffer();
            }
        }
    }

    /** Stops using {@code given} as the buffer when it is this writer's: someone else now owns it. */
    void giveUp(final byte[] given)
    {
        if (given == buffer)
        {
            takeFirstBuffer();
        }
    }

    private void takeFirstBuffer()
    {
        buffer = new byte[FIRST_BUFFER_BYTES];
        segment = MemorySegment.ofArray(buffer);
    }

    /** @return the error for a graph whose serialization overflowed the thread's stack at element {@code element}. */
    static OpenMpjException tooDeep(final int element)
    {
        return new OpenMpjException(ErrorClass.ERR_OTHER, "element " + element + " of the MPI.OBJECT send buffer is an object graph"
            + " too deep to serialize on this thread's stack (a long chain of references); run with a larger -Xss", null);
    }

    /**
     * Writes a value and everything it reaches that was not written before, depth first: by recursion up to
     * {@link #NESTING_LIMIT} objects deep, beyond that with the objects whose references are still to be written
     * waiting on the writer's own stack.
     */
    void writeValue(final Object value) throws ReflectiveOperationException
    {
        final int base = pending.depth();
        writeHead(value);
        if (pending.depth() == base)
        {
            return;
        }
        for (int next = pending.nextReference(base); next >= 0; next = pending.nextReference(base))
        {
            final FieldAccess access = pending.topAccess();
            writeHead(access == null ? ((Object[])pending.top())[next] : access.reference(pending.top(), next));
        }
    }

    /** Writes a value but for its reference fields or elements, which it leaves on the stack of pending objects. */
    private void writeHead(final Object value) throws ReflectiveOperationException
    {
        if (value == null)
        {
            putByte(ObjectMessageDescriptor.NULL);
            return;
        }
        final Class<?> type = value.getClass();
        // Strings and boxes are values: they travel by value, without the identity hash that tracking each one would take.
        if (type == String.class)
        {
            writeString((String)value);
            return;
        }
        if (writeBoxed(value, type))
        {
            return;
        }
        final int known = handles.putIfAbsent(value, nextHandle);
        if (known >= 0)
        {
            putByte(ObjectMessageDescriptor.REFERENCE);
            putLength(known);
            return;
        }
        nextHandle++;
        if (type.isArray() && type.getComponentType().isPrimitive())
        {
            writePrimitiveArray(value, type);
        }
        else
        {
            writeComposite(value, type);
        }
    }

    private void writeComposite(final Object value, final Class<?> type) throws ReflectiveOperationException
    {
        if (value instanceof Enum<?> constant)
        {
            final ClassLayout layout = ClassLayout.of(constant.getDeclaringClass());
            putByte(ObjectMessageDescriptor.ENUM);
            putClass(layout);
            writeString(constant.name());
            return;
        }
        ClassLayout layout = lastLayout;
        if (layout == null || layout.type != type)
        {
            layout = ClassLayout.of(type);
            lastLayout = layout;
        }
        switch (layout.shape)
        {
            case PLAIN -> writePlain(value, layout);
            case RECORD -> writeRecord(value, layout);
            case LAMBDA -> writeLambda(value, layout);
            case OBJECTS -> writeObjects((Object[])value, layout);
            case JAVA -> throw JavaFormRequired.INSTANCE;
            default -> throw new OpenMpjException(ErrorClass.ERR_TYPE, "element " + element + " of the MPI.OBJECT send buffer holds or"
                + " refers to a " + type.getName() + ", which is not Serializable");
        }
    }

    private void writePlain(final Object value, final ClassLayout layout) throws ReflectiveOperationException
    {
        putByte(ObjectMessageDescriptor.PLAIN);
        putClass(layout);
        if (nesting < NESTING_LIMIT)
        {
            nesting++;
            try
            {
                layout.access.write(value, this);
            }
            finally
            {
                nesting--;
            }
            return;
        }
        layout.access.writePrimitives(value, this);
        pending.push(value, layout.access, layout.references.length);
    }

    private void writeRecord(final Object value, final ClassLayout layout) throws ReflectiveOperationException
    {
        putByte(ObjectMessageDescriptor.RECORD);
        putClass(layout);
        try
        {
            layout.recordAccess.write(value, this);
        }
        catch (final OpenMpjException | JavaFormRequired | UnstorableElementException ex)
        {
            throw ex;
        }
        catch (final RuntimeException accessorFailed)
        {
            // Only an accessor of the program's own throws anything else.
            throw new InvocationTargetException(accessorFailed);
        }
    }

    private void writeLambda(final Object value, final ClassLayout layout) throws ReflectiveOperationException
    {
        final SerializedLambda lambda = (SerializedLambda)layout.replacer.invoke(value);
        byte[] recipe = layout.lambdaRecipe;
        if (recipe == null)
        {
            recipe = LambdaRecipe.bytesOf(lambda);
            layout.lambdaRecipe = recipe;
        }
        putByte(ObjectMessageDescriptor.LAMBDA);
        putLength(recipe.length);
        ensure(recipe.length);
        System.arraycopy(recipe, 0, buffer, position, recipe.length);
        position += recipe.length;
        putLength(lambda.getCapturedArgCount());
        for (int i = 0; i < lambda.getCapturedArgCount(); i++)
        {
            writeValue(lambda.getCapturedArg(i));
        }
    }

    private void writeObjects(final Object[] array, final ClassLayout layout) throws ReflectiveOperationException
    {
        putByte(ObjectMessageDescriptor.OBJECTS);
        putClass(layout);
        putLength(array.length);
        if (nesting < NESTING_LIMIT)
        {
            nesting++;
            try
            {
                for (final Object element : array)
                {
                    writeValue(element);
                }
            }
            finally
            {
                nesting--;
            }
            return;
        }
        pending.push(array, null, array.length);
    }

    /** @return whether objects of {@code type} are written by value, without a class name: strings and boxes. */
    static boolean writesByValue(final Class<?> type)
    {
        return type == String.class || type == Integer.class || type == Long.class || type == Double.class || type == Float.class
            || type == Short.class || type == Byte.class || type == Character.class || type == Boolean.class;
    }

    private boolean writeBoxed(final Object value, final Class<?> type)
    {
        if (type == Integer.class)
        {
            putByte(ObjectMessageDescriptor.INT);
            putInt((Integer)value);
        }
        else if (type == Long.class)
        {
            putByte(ObjectMessageDescriptor.LONG);
            putLong((Long)value);
        }
        else if (type == Double.class)
        {
            putByte(ObjectMessageDescriptor.DOUBLE);
            putDouble((Double)value);
        }
        else if (type == Float.class)
        {
            putByte(ObjectMessageDescriptor.FLOAT);
            putFloat((Float)value);
        }
        else if (type == Short.class)
        {
            putByte(ObjectMessageDescriptor.SHORT);
            putShort((Short)value);
        }
        else if (type == Byte.class)
        {
            putByte(ObjectMessageDescriptor.BYTE);
            putByte((Byte)value);
        }
        else if (type == Character.class)
        {
            putByte(ObjectMessageDescriptor.CHAR);
            putChar((Character)value);
        }
        else if (type == Boolean.class)
        {
            putByte((Boolean)value ? ObjectMessageDescriptor.TRUE : ObjectMessageDescriptor.FALSE);
        }
        else
        {
            return false;
        }
        return true;
    }

    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): the low byte of each char, without a copy of the string
    private void writeString(final String value)
    {
        final int length = value.length();
        boolean latin1 = true;
        for (int i = 0; i < length && latin1; i++)
        {
            latin1 = value.charAt(i) <= 0xff;
        }
        if (latin1)
        {
            putByte(ObjectMessageDescriptor.STRING);
            putLength(length);
            ensure(length);
            value.getBytes(0, length, buffer, position);
            position += length;
            return;
        }
        putByte(ObjectMessageDescriptor.STRING_UTF16);
        putLength(length);
        ensure(2L * length);
        for (int i = 0; i < length; i++)
        {
            ObjectMessageDescriptor.CHAR_VIEW.set(buffer, position, value.charAt(i));
            position += 2;
        }
    }

    private void writePrimitiveArray(final Object array, final Class<?> type)
    {
        // The commonest arrays without the type switch; short ones element by element, which beats a bulk copy's set-up.
        if (type == double[].class && ((double[])array).length <= SHORT_ARRAY_ELEMENTS)
        {
            final double[] a = (double[])array;
            putByte(ObjectMessageDescriptor.DOUBLES);
            putLength(a.length);
            ensure(8L * a.length);
            for (final double d : a)
            {
                ObjectMessageDescriptor.DOUBLE_VIEW.set(buffer, position, d);
                position += 8;
            }
            return;
        }
        if (type == int[].class && ((int[])array).length <= SHORT_ARRAY_ELEMENTS)
        {
            final int[] a = (int[])array;
            putByte(ObjectMessageDescriptor.INTS);
            putLength(a.length);
            ensure(4L * a.length);
            for (final int i : a)
            {
                ObjectMessageDescriptor.INT_VIEW.set(buffer, position, i);
                position += 4;
            }
            return;
        }
        final byte tag;
        final int length;
        final ValueLayout layout;
        switch (array)
        {
            case byte[] a ->
            {
                tag = ObjectMessageDescriptor.BYTES;
                length = a.length;
                layout = ValueLayout.JAVA_BYTE;
            }
            case int[] a ->
            {
                tag = ObjectMessageDescriptor.INTS;
                length = a.length;
                layout = ObjectMessageDescriptor.WIRE_INT;
            }
            case double[] a ->
            {
                tag = ObjectMessageDescriptor.DOUBLES;
                length = a.length;
                layout = ObjectMessageDescriptor.WIRE_DOUBLE;
            }
            case long[] a ->
            {
                tag = ObjectMessageDescriptor.LONGS;
                length = a.length;
                layout = ObjectMessageDescriptor.WIRE_LONG;
            }
            case float[] a ->
            {
                tag = ObjectMessageDescriptor.FLOATS;
                length = a.length;
                layout = ObjectMessageDescriptor.WIRE_FLOAT;
            }
            case short[] a ->
            {
                tag = ObjectMessageDescriptor.SHORTS;
                length = a.length;
                layout = ObjectMessageDescriptor.WIRE_SHORT;
            }
            case char[] a ->
            {
                tag = ObjectMessageDescriptor.CHARS;
                length = a.length;
                layout = ObjectMessageDescriptor.WIRE_CHAR;
            }
            case boolean[] a ->
            {
                // The foreign memory API copies no boolean arrays.
                putByte(ObjectMessageDescriptor.BOOLEANS);
                putLength(a.length);
                ensure(a.length);
                for (final boolean b : a)
                {
                    buffer[position++] = (byte)(b ? 1 : 0);
                }
                return;
            }
            default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass().getName());
        }
        putByte(tag);
        putLength(length);
        final long bytes = layout.byteSize() * length;
        ensure(bytes);
        MemorySegment.copy(array, 0, segment, layout, position, length);
        position += (int)bytes;
    }

    private void putClass(final ClassLayout layout)
    {
        if (layout == lastClass)
        {
            putLength(lastClassIndex);
            return;
        }
        if (stream != null)
        {
            final int index = stream.indexOf(layout);
            lastClass = layout;
            lastClassIndex = index >= 0 ? index : stream.name(layout);
            putLength(lastClassIndex);
            return;
        }
        final int known = classes.putIfAbsent(layout, nextClass);
        lastClass = layout;
        lastClassIndex = known >= 0 ? known : nextClass;
        if (known >= 0)
        {
            putLength(known);
            return;
        }
        putLength(nextClass++);
        putNaming(layout);
    }

    /** Writes what a receiver needs to find and check a class: its name, serialVersionUID and layout hash. */
    private void putNaming(final ClassLayout layout)
    {
        putLength(layout.name.length);
        ensure(layout.name.length);
        System.arraycopy(layout.name, 0, buffer, position, layout.name.length);
        position += layout.name.length;
        putLong(layout.serialVersionUid);
        putInt(layout.layoutHash);
    }

    /**
     * Puts the namings of the classes this message named on its stream ahead of its objects, which start at
     * {@code objectsStart}, after the one byte that counts them as none. They are written after the objects first, as a
     * class is known to be new only once an object of it is met; the move happens only in a message that names classes.
     */
    private void nameNewClassesFirst(final int objectsStart)
    {
        final int first = stream.firstNamedNow();
        if (first == stream.count())
        {
            return;
        }
        final int objectsEnd = position;
        putLength(stream.count() - first);
        for (int i = first; i < stream.count(); i++)
        {
            putNaming(stream.layout(i));
        }
        final byte[] namings = Arrays.copyOfRange(buffer, objectsEnd, position);
        final int shift = namings.length - 1;
        System.arraycopy(buffer, objectsStart, buffer, objectsStart + shift, objectsEnd - objectsStart);
        System.arraycopy(namings, 0, buffer, objectsStart - 1, namings.length);
        position = objectsEnd + shift;
    }

    private void putLength(final int value)
    {
        ensure(5);
        int rest = value;
        while ((rest & ~0x7f) != 0)
        {
            buffer[position++] = (byte)(rest & 0x7f | 0x80);
            rest >>>= 7;
        }
        buffer[position++] = (byte)rest;
    }

    void putByte(final byte value)
    {
        ensure(1);
        buffer[position++] = value;
    }

    void putBoolean(final boolean value)
    {
        putByte(value ? (byte)1 : (byte)0);
    }

    void putShort(final short value)
    {
        ensure(2);
        ObjectMessageDescriptor.SHORT_VIEW.set(buffer, position, value);
        position += 2;
    }

    void putChar(final char value)
    {
        ensure(2);
        ObjectMessageDescriptor.CHAR_VIEW.set(buffer, position, value);
        position += 2;
    }

    void putInt(final int value)
    {
        ensure(4);
        ObjectMessageDescriptor.INT_VIEW.set(buffer, position, value);
        position += 4;
    }

    void putLong(final long value)
    {
        ensure(8);
        ObjectMessageDescriptor.LONG_VIEW.set(buffer, position, value);
        position += 8;
    }

    void putFloat(final float value)
    {
        ensure(4);
        ObjectMessageDescriptor.FLOAT_VIEW.set(buffer, position, value);
        position += 4;
    }

    void putDouble(final double value)
    {
        ensure(8);
        ObjectMessageDescriptor.DOUBLE_VIEW.set(buffer, position, value);
        position += 8;
    }

    private void ensure(final long bytes)
    {
        if (position + bytes > buffer.length)
        {
            grow(bytes);
        }
    }

    private void grow(final long bytes)
    {
        final long wanted = Math.max(position + bytes, 2L * buffer.length);
        if (wanted > Integer.MAX_VALUE - 8)
        {
            throw new OpenMpjException(ErrorClass.ERR_COUNT, "the MPI.OBJECT send buffer serializes to more than 2 GiB", null);
        }
        buffer = Arrays.copyOf(buffer, (int)wanted);
        segment = MemorySegment.ofArray(buffer);
    }
}
