package org.openmpj.engine.datatype;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;
import org.openmpj.objects.ObjectCodec;

/**
 * {@code Pack} and {@code Unpack}: items of any datatype to and from a {@code byte[]}. Primitive elements are
 * stored in native byte order, as messages carry them between ranks; objects are stored as a 4-byte
 * big-endian length followed by their serialized form. Arguments are checked by the caller, but for the
 * byte array.
 */
public final class Packing
{
    /** The length of serialized objects in front of them. */
    private static final int LENGTH_BYTES = 4;
    /** The smallest Java serialization stream: its magic number and version. */
    private static final int STREAM_HEADER_BYTES = 4;

    private Packing()
    {
    }

    /**
     * @return the bytes {@code count} items of {@code type} take packed; for {@code OBJECT}, the least they can
     *         take (all null), as serialized objects have no fixed size.
     */
    public static long packSize(final int count, final TypeMap type)
    {
        final long elements = (long)count * type.layout().size();
        return type.isObject() ? LENGTH_BYTES + ObjectCodec.HEADER_BYTES + STREAM_HEADER_BYTES + elements
            : elements * type.kind().sizeBytes();
    }

    /** Packs {@code count} items of {@code inbuf} from {@code offset} into {@code outbuf} at {@code position}; returns the new position. */
    public static int pack(final Object inbuf, final int offset, final int count, final TypeMap type, final byte[] outbuf, final int position)
    {
        checkPosition("Pack", "outbuf", outbuf, position);
        final int elements = type.elements(count);
        if (type.isObject())
        {
            final Object[] gathered = new Object[elements];
            type.layout().pack(null, inbuf, offset, count, gathered, 0);
            final byte[] serialized = ObjectCodec.serialize(gathered, 0, elements);
            checkRoom("Pack", count, type, LENGTH_BYTES + (long)serialized.length, outbuf, position);
            writeLength(outbuf, position, serialized.length);
            System.arraycopy(serialized, 0, outbuf, position + LENGTH_BYTES, serialized.length);
            return position + LENGTH_BYTES + serialized.length;
        }
        final Primitive kind = type.kind();
        final int bytes = elements * kind.sizeBytes();
        checkRoom("Pack", count, type, bytes, outbuf, position);
        if (type.isContiguous(count))
        {
            ArrayCopy.copy(inbuf, kind, type.firstElement(offset, count), outbuf, Primitive.BYTE, position, bytes);
        }
        else
        {
            final Staging staging = Staging.packed(inbuf, offset, count, type);
            ArrayCopy.copy(staging.scratch(), kind, 0, outbuf, Primitive.BYTE, position, bytes);
            staging.release();
        }
        return position + bytes;
    }

    /** Unpacks {@code count} items from {@code inbuf} at {@code position} into {@code outbuf} from {@code offset}; returns the new position. */
    public static int unpack(final byte[] inbuf, final int position, final Object outbuf, final int offset, final int count, final TypeMap type,
        final ObjectCodec codec)
    {
        checkPosition("Unpack", "inbuf", inbuf, position);
        final int elements = type.elements(count);
        if (type.isObject())
        {
            checkAvailable(count, type, LENGTH_BYTES, inbuf, position);
            final int length = readLength(inbuf, position);
            checkAvailable(count, type, LENGTH_BYTES + (long)length, inbuf, position);
            final Object[] objects = new Object[elements];
            final int received = codec.deserialize(inbuf, position + LENGTH_BYTES, length, ObjectCodec.NO_SOURCE, objects, 0, elements);
            Staging.unpackObjects(type, objects, outbuf, offset, received);
            return position + LENGTH_BYTES + length;
        }
        final Primitive kind = type.kind();
        final int bytes = elements * kind.sizeBytes();
        checkAvailable(count, type, bytes, inbuf, position);
        if (type.isContiguous(count))
        {
            ArrayCopy.copy(inbuf, Primitive.BYTE, position, outbuf, kind, type.firstElement(offset, count), bytes);
        }
        else
        {
            final Staging staging = Staging.forReceive(outbuf, offset, count, type);
            ArrayCopy.copy(inbuf, Primitive.BYTE, position, staging.scratch(), kind, 0, bytes);
            type.layout().unpack(kind, staging.scratch(), 0, outbuf, offset, elements);
            staging.release();
        }
        return position + bytes;
    }

    private static void checkPosition(final String call, final String name, final byte[] bytes, final int position)
    {
        if (bytes == null)
        {
            throw new OpenMpjException(ErrorClass.ERR_BUFFER, call + ": " + name + " is null; expected a byte[]");
        }
        if (position < 0 || position > bytes.length)
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, call + ": position=" + position + " is outside " + name + " of length "
                + bytes.length + "; expected 0 to " + bytes.length);
        }
    }

    private static void checkRoom(final String call, final int count, final TypeMap type, final long bytes, final byte[] outbuf,
        final int position)
    {
        if (position + bytes > outbuf.length)
        {
            throw new OpenMpjException(ErrorClass.ERR_BUFFER, call + ": " + count + " items of " + type + " take " + bytes
                + " bytes, but outbuf of length " + outbuf.length + " has only " + (outbuf.length - position)
                + " bytes from position " + position);
        }
    }

    private static void checkAvailable(final int count, final TypeMap type, final long bytes, final byte[] inbuf, final int position)
    {
        if (position + bytes > inbuf.length)
        {
            throw new OpenMpjException(ErrorClass.ERR_BUFFER, "Unpack: " + count + " items of " + type + " take " + bytes
                + " bytes, but inbuf of length " + inbuf.length + " has only " + (inbuf.length - position)
                + " bytes from position " + position);
        }
    }

    private static void writeLength(final byte[] bytes, final int at, final int value)
    {
        bytes[at] = (byte)(value >>> 24);
        bytes[at + 1] = (byte)(value >>> 16);
        bytes[at + 2] = (byte)(value >>> 8);
        bytes[at + 3] = (byte)value;
    }

    private static int readLength(final byte[] bytes, final int at)
    {
        final int length = (bytes[at] & 0xff) << 24 | (bytes[at + 1] & 0xff) << 16 | (bytes[at + 2] & 0xff) << 8 | bytes[at + 3] & 0xff;
        if (length < 0)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "Unpack: the bytes at position " + at + " are not packed objects");
        }
        return length;
    }
}
