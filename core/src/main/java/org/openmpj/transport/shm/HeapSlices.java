package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;

import org.openmpj.device.Primitive;

/** Views of a slice of a primitive array as a heap memory segment, which a critical downcall may take as a pointer. */
final class HeapSlices
{
    private HeapSlices()
    {
    }

    /**
     * @return the {@code bytes} bytes of {@code array}, of {@code kind}, from element {@code elementOffset} on; null for a
     *         {@code boolean[]}, which has no segment view, or anything that is not a primitive array.
     */
    static MemorySegment of(final Object array, final Primitive kind, final int elementOffset, final long bytes)
    {
        final MemorySegment whole = switch (array)
        {
            case byte[] values -> MemorySegment.ofArray(values);
            case char[] values -> MemorySegment.ofArray(values);
            case short[] values -> MemorySegment.ofArray(values);
            case int[] values -> MemorySegment.ofArray(values);
            case long[] values -> MemorySegment.ofArray(values);
            case float[] values -> MemorySegment.ofArray(values);
            case double[] values -> MemorySegment.ofArray(values);
            default -> null;
        };
        if (whole == null || elementOffset == 0 && bytes == whole.byteSize())
        {
            return whole;
        }
        return whole.asSlice((long)elementOffset * kind.sizeBytes(), bytes);
    }
}
