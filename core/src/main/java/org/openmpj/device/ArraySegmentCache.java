package org.openmpj.device;

import java.lang.foreign.MemorySegment;

/**
 * The last primitive array handed to native code and a segment over the whole of it, so that a caller that moves many
 * messages from or into the same array makes the segment once, not once a message; native code then takes the whole
 * segment and a byte offset into it instead of a slice. It holds the array until another takes its place.
 *
 * <p>Thread-safety: none; one per thread, or per object confined to one thread at a time.
 */
public final class ArraySegmentCache
{
    private Object array;
    private MemorySegment whole;

    /**
     * @return a heap segment over all of {@code array}, the one made last time when it is the same array; {@code array}
     *         itself when it is a segment; null for a {@code boolean[]}, which has no segment view, or anything else.
     */
    public MemorySegment wholeOf(final Object array)
    {
        if (array != this.array)
        {
            whole = segmentOf(array);
            this.array = whole != null ? array : null;
        }
        return whole;
    }

    private static MemorySegment segmentOf(final Object array)
    {
        return switch (array)
        {
            case byte[] values -> MemorySegment.ofArray(values);
            case char[] values -> MemorySegment.ofArray(values);
            case short[] values -> MemorySegment.ofArray(values);
            case int[] values -> MemorySegment.ofArray(values);
            case long[] values -> MemorySegment.ofArray(values);
            case float[] values -> MemorySegment.ofArray(values);
            case double[] values -> MemorySegment.ofArray(values);
            case MemorySegment memory -> memory;
            case null, default -> null;
        };
    }
}
