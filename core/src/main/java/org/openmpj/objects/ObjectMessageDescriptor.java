package org.openmpj.objects;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The layout of an {@code MPI.OBJECT} message. Both encodings start with the same header, big-endian, so that a probe
 * can tell the object count from a message's first {@link #HEADER_BYTES} bytes:
 *
 * <pre>
 *  0               4               8
 *  +---------------+---------------+------------------------------------------------+
 *  | magic         | object count  | body                                           |
 *  +---------------+---------------+------------------------------------------------+
 * </pre>
 *
 * With {@link #JAVA_MAGIC} the body is one Java serialization stream of the objects. With {@link #COMPACT_MAGIC} it is
 * the objects one after another in the compact encoding, little-endian, where every value starts with a tag byte:
 *
 * <pre>
 *  NULL                         nothing follows
 *  REFERENCE  handle            the object already read with that handle (handles count objects from 0, in order)
 *  STRING     length bytes      Latin-1 characters        STRING_UTF16  length chars   UTF-16 code units
 *  INT, LONG, FLOAT, DOUBLE, SHORT, BYTE, CHAR: the boxed value's bytes;  TRUE, FALSE: nothing
 *  BYTES .. BOOLEANS  length data                a primitive array
 *  OBJECTS    class length element...            an array of references
 *  ENUM       class name                         the constant of that name (name as STRING or STRING_UTF16)
 *  RECORD     class component...                 built by the canonical constructor
 *  PLAIN      class primitive fields, then reference fields, of every serializable class from the top down
 *  LAMBDA     length recipe count captured...   a serializable lambda: its recipe ({@link LambdaRecipe}), then the values
 *                                                it captured, rebuilt by the class that wrote it
 *
 *  class:     index, then on the index's first use: name (UTF-8, length first), serialVersionUID (8 bytes), layout hash (4 bytes)
 *  handle, length, index: unsigned variable-length integers, 7 bits a byte, low bits first
 * </pre>
 *
 * With {@link #STREAM_MAGIC} the message is one of an ordered stream (see {@link SentClasses}): the body starts with the
 * classes the message names for the stream, and its objects follow in the compact encoding, where a class is its number
 * in the stream alone:
 *
 * <pre>
 *  count naming...  objects...       naming: name (UTF-8, length first), serialVersionUID (8 bytes), layout hash (4 bytes)
 * </pre>
 *
 * Every object but {@code null}, strings and boxes gets the next handle when its tag is read, before its contents, so
 * that shared references and cycles come back as they were sent. Strings and boxes are immutable values and travel by
 * value: two references to one string arrive as two equal strings.
 */
final class ObjectMessageDescriptor
{
    static final int HEADER_BYTES = 8;
    static final int MAGIC_OFFSET = 0;
    static final int COUNT_OFFSET = 4;
    /** "OMPJ": the body is a Java serialization stream. */
    static final int JAVA_MAGIC = 0x4F4D504A;
    /** "OMPC": the body is in the compact encoding. */
    static final int COMPACT_MAGIC = 0x4F4D5043;
    /** "OMPS": the body is in the compact encoding of a message on an ordered stream. */
    static final int STREAM_MAGIC = 0x4F4D5053;

    static final byte NULL = 0;
    static final byte REFERENCE = 1;
    static final byte STRING = 2;
    static final byte STRING_UTF16 = 3;
    static final byte INT = 4;
    static final byte LONG = 5;
    static final byte FLOAT = 6;
    static final byte DOUBLE = 7;
    static final byte SHORT = 8;
    static final byte BYTE = 9;
    static final byte CHAR = 10;
    static final byte TRUE = 11;
    static final byte FALSE = 12;
    static final byte BYTES = 13;
    static final byte SHORTS = 14;
    static final byte CHARS = 15;
    static final byte INTS = 16;
    static final byte LONGS = 17;
    static final byte FLOATS = 18;
    static final byte DOUBLES = 19;
    static final byte BOOLEANS = 20;
    static final byte OBJECTS = 21;
    static final byte ENUM = 22;
    static final byte RECORD = 23;
    static final byte PLAIN = 24;
    static final byte LAMBDA = 25;

    /** The body's primitives, little-endian, one at a time and as runs of array elements. */
    static final VarHandle SHORT_VIEW = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle CHAR_VIEW = MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INT_VIEW = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_VIEW = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle FLOAT_VIEW = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle DOUBLE_VIEW = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout WIRE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout WIRE_CHAR = ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout WIRE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout WIRE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout WIRE_FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout WIRE_DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ObjectMessageDescriptor()
    {
    }

    static int readIntBigEndian(final byte[] bytes, final int at)
    {
        return (bytes[at] & 0xff) << 24 | (bytes[at + 1] & 0xff) << 16 | (bytes[at + 2] & 0xff) << 8 | bytes[at + 3] & 0xff;
    }

    static void writeIntBigEndian(final byte[] bytes, final int at, final int value)
    {
        bytes[at] = (byte)(value >>> 24);
        bytes[at + 1] = (byte)(value >>> 16);
        bytes[at + 2] = (byte)(value >>> 8);
        bytes[at + 3] = (byte)value;
    }
}
