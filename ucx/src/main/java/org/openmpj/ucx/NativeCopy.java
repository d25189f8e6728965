package org.openmpj.ucx;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.openmpj.device.Primitive;

/**
 * Moves message bytes between primitive-array slices and native memory given by address, in the array's native byte
 * order: how payloads reach UCX's buffers and leave them. {@code fromByte} says where in the slice the piece starts.
 * {@code boolean} is one byte, 0 or 1.
 */
final class NativeCopy
{
    private NativeCopy()
    {
    }

    /** Copies {@code bytes} bytes of the slice at element {@code elementOffset} of {@code array}, from byte {@code fromByte}, to {@code address}. */
    static void toNative(
        final Object array, final Primitive kind, final int elementOffset, final long fromByte, final long address, final long bytes)
    {
        final long start = (long)elementOffset * kind.sizeBytes() + fromByte;
        switch (kind)
        {
            case BYTE -> MemorySegment.copy((byte[])array, (int)start, Ucp.MEMORY, ValueLayout.JAVA_BYTE, address, (int)bytes);
            case BOOLEAN ->
            {
                final boolean[] values = (boolean[])array;
                for (int i = 0; i < bytes; i++)
                {
                    Ucp.MEMORY.set(ValueLayout.JAVA_BYTE, address + i, values[(int)start + i] ? (byte)1 : (byte)0);
                }
            }
            default -> MemorySegment.copy(kind.segmentOf(array), start, Ucp.MEMORY, address, bytes);
        }
    }

    /** Copies {@code bytes} bytes at {@code address} into the slice at element {@code elementOffset} of {@code array}, at byte {@code fromByte}. */
    static void fromNative(
        final long address, final long bytes, final Object array, final Primitive kind, final int elementOffset, final long fromByte)
    {
        final long start = (long)elementOffset * kind.sizeBytes() + fromByte;
        switch (kind)
        {
            case BYTE -> MemorySegment.copy(Ucp.MEMORY, ValueLayout.JAVA_BYTE, address, (byte[])array, (int)start, (int)bytes);
            case BOOLEAN ->
            {
                final boolean[] values = (boolean[])array;
                for (int i = 0; i < bytes; i++)
                {
                    values[(int)start + i] = Ucp.MEMORY.get(ValueLayout.JAVA_BYTE, address + i) != 0;
                }
            }
            default -> MemorySegment.copy(Ucp.MEMORY, address, kind.segmentOf(array), start, bytes);
        }
    }
}
