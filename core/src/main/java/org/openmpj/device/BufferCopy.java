package org.openmpj.device;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * Moves message bytes between primitive-array slices and direct byte buffers, the staging memory of transports
 * that hand data to the operating system. Bytes keep the array's native order. Either side may be a piece of
 * the message: {@code fromByte} says where in the slice the piece starts. A segment view of a buffer begins at the
 * buffer's position, hence offset 0 on that side.
 */
public final class BufferCopy
{
    private BufferCopy()
    {
    }

    /**
     * Copies {@code bytes} bytes of the slice starting at element {@code elementOffset} of {@code array}, from byte
     * {@code fromByte} of the slice on, into {@code dst} at its position, which advances.
     */
    public static void toBuffer(
        final Object array, final Primitive kind, final int elementOffset, final long fromByte, final ByteBuffer dst, final int bytes)
    {
        final long start = (long)elementOffset * kind.sizeBytes() + fromByte;
        final int at = dst.position();
        switch (kind)
        {
            case BYTE -> dst.put(at, (byte[])array, (int)start, bytes);
            case BOOLEAN ->
            {
                final boolean[] values = (boolean[])array;
                for (int i = 0; i < bytes; i++)
                {
                    dst.put(at + i, values[(int)start + i] ? (byte)1 : (byte)0);
                }
            }
            default -> MemorySegment.copy(kind.segmentOf(array), start, MemorySegment.ofBuffer(dst), 0, bytes);
        }
        dst.position(at + bytes);
    }

    /**
     * Copies {@code bytes} bytes from {@code src} at its position, which advances, into the slice starting at element
     * {@code elementOffset} of {@code array}, from byte {@code fromByte} of the slice on.
     */
    public static void fromBuffer(
        final ByteBuffer src, final int bytes, final Object array, final Primitive kind, final int elementOffset, final long fromByte)
    {
        final long start = (long)elementOffset * kind.sizeBytes() + fromByte;
        final int at = src.position();
        switch (kind)
        {
            case BYTE -> src.get(at, (byte[])array, (int)start, bytes);
            case BOOLEAN ->
            {
                final boolean[] values = (boolean[])array;
                for (int i = 0; i < bytes; i++)
                {
                    values[(int)start + i] = src.get(at + i) != 0;
                }
            }
            default -> MemorySegment.copy(MemorySegment.ofBuffer(src), 0, kind.segmentOf(array), start, bytes);
        }
        src.position(at + bytes);
    }
}
