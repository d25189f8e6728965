package org.openmpj.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.api.Test;

/** The one-entry cache of whole-array segments that native calls take with an offset. */
class ArraySegmentCacheTest
{
    @Test
    void theSameArrayGetsTheSameSegmentAndAnotherArrayItsOwn()
    {
        final ArraySegmentCache cache = new ArraySegmentCache();
        final double[] first = new double[10];
        final MemorySegment whole = cache.wholeOf(first);
        assertEquals(80, whole.byteSize());
        assertSame(whole, cache.wholeOf(first));
        final int[] second = new int[3];
        final MemorySegment other = cache.wholeOf(second);
        assertNotSame(whole, other);
        assertEquals(12, other.byteSize());
        assertEquals(whole, cache.wholeOf(first), "a segment over the first array again");
    }

    @Test
    void arraysWithoutASegmentViewGetNoneAndDoNotStay()
    {
        final ArraySegmentCache cache = new ArraySegmentCache();
        final byte[] bytes = new byte[4];
        final MemorySegment whole = cache.wholeOf(bytes);
        assertNull(cache.wholeOf(new boolean[4]));
        assertNull(cache.wholeOf(new Object[4]));
        assertNull(cache.wholeOf(null));
        assertNotSame(whole, cache.wholeOf(bytes), "the byte array's segment was forgotten when another array came");
        assertEquals(4, cache.wholeOf(bytes).byteSize());
    }

    @Test
    void aSegmentIsItsOwnWholeSegment()
    {
        final ArraySegmentCache cache = new ArraySegmentCache();
        final MemorySegment segment = java.lang.foreign.Arena.ofAuto().allocate(32);
        assertSame(segment, cache.wholeOf(segment));
        final long[] array = new long[4];
        assertEquals(32, cache.wholeOf(array).byteSize());
        assertSame(segment, cache.wholeOf(segment));
    }
}
