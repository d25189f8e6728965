package org.openmpj.device;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import org.openmpj.Primitive;

/**
 * Moves message bytes between primitive-array slices (or memory segments standing for them, see {@link SegmentPayloads})
 * and native memory, the staging memory of transports that hand
 * data to the operating system or a native library: direct byte buffers, or memory segments (all of memory, addressed,
 * included). Bytes keep the array's native order; {@code boolean} is one byte, 0 or 1. Either side may be a piece of
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
        final int at = dst.position();
        if (array instanceof byte[] octets)
        {
            dst.put(at, octets, elementOffset + (int)fromByte, bytes);
        }
        else
        {
            toSegment(array, kind, elementOffset, fromByte, MemorySegment.ofBuffer(dst), 0, bytes);
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
        final int at = src.position();
        if (array instanceof byte[] octets)
        {
            src.get(at, octets, elementOffset + (int)fromByte, bytes);
        }
        else
        {
            fromSegment(MemorySegment.ofBuffer(src), 0, bytes, array, kind, elementOffset, fromByte);
        }
        src.position(at + bytes);
    }

    /**
     * Copies {@code bytes} bytes of the slice starting at element {@code elementOffset} of {@code array}, from byte
     * {@code fromByte} of the slice on, into {@code dst} from its byte {@code dstOffset}.
     */
    public static void toSegment(
        final Object array, final Primitive kind, final int elementOffset, final long fromByte, final MemorySegment dst,
        final long dstOffset, final long bytes)
    {
        final long start = (long)elementOffset * kind.sizeBytes() + fromByte;
        if (array instanceof MemorySegment memory)
        {
            MemorySegment.copy(memory, start, dst, dstOffset, bytes);
            return;
        }
        switch (kind)
        {
            case BYTE -> MemorySegment.copy((byte[])array, (int)start, dst, ValueLayout.JAVA_BYTE, dstOffset, (int)bytes);
            case BOOLEAN ->
            {
                final boolean[] values = (boolean[])array;
                for (int i = 0; i < bytes; i++)
                {
                    dst.set(ValueLayout.JAVA_BYTE, dstOffset + i, values[(int)start + i] ? (byte)1 : (byte)0);
                }
            }
            default ->
            {
                final int size = kind.sizeBytes();
                if (start % size == 0 && bytes % size == 0)
                {
                    // The array form makes no segment over the array: that one is an object per call wherever the JIT
                    // cannot prove it stays local (72 B per piece, seen in the ucx device's collectives on double[]).
                    MemorySegment.copy(array, (int)(start / size), dst, kind.layout(), dstOffset, (int)(bytes / size));
                }
                else
                {
                    MemorySegment.copy(kind.segmentOf(array), start, dst, dstOffset, bytes);
                }
            }
        }
    }

    /**
     * Copies {@code bytes} bytes of {@code src} from its byte {@code srcOffset} into the slice starting at element
     * {@code elementOffset} of {@code array}, from byte {@code fromByte} of the slice on.
     */
    public static void fromSegment(
        final MemorySegment src, final long srcOffset, final long bytes, final Object array, final Primitive kind, final int elementOffset,
        final long fromByte)
    {
        final long start = (long)elementOffset * kind.sizeBytes() + fromByte;
        if (array instanceof MemorySegment memory)
        {
            MemorySegment.copy(src, srcOffset, memory, start, bytes);
            return;
        }
        switch (kind)
        {
            case BYTE -> MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, (byte[])array, (int)start, (int)bytes);
            case BOOLEAN ->
            {
                final boolean[] values = (boolean[])array;
                for (int i = 0; i < bytes; i++)
                {
                    values[(int)start + i] = src.get(ValueLayout.JAVA_BYTE, srcOffset + i) != 0;
                }
            }
            default ->
            {
                final int size = kind.sizeBytes();
                if (start % size == 0 && bytes % size == 0)
                {
                    MemorySegment.copy(src, kind.layout(), srcOffset, array, (int)(start / size), (int)(bytes / size));
                }
                else
                {
                    MemorySegment.copy(src, srcOffset, kind.segmentOf(array), start, bytes);
                }
            }
        }
    }
}
