package org.openmpj.engine.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;
import org.openmpj.Primitive;

/** The scratch pool hands back the arrays it was given, so that a steady stream of packed messages allocates none. */
class ScratchPoolTest
{
    @Test
    void aReleasedArrayIsReusedForTheSameOrASmallerSize()
    {
        final ScratchPool pool = new ScratchPool(2, 1 << 20);
        final Object first = pool.acquire(Primitive.DOUBLE, 1_000);
        assertEquals(1_024, ((double[])first).length, "lengths round up to a power of two");
        pool.release(Primitive.DOUBLE, first);
        assertSame(first, pool.acquire(Primitive.DOUBLE, 1_000));
        pool.release(Primitive.DOUBLE, first);
        assertSame(first, pool.acquire(Primitive.DOUBLE, 600), "a smaller request takes the larger array");
        assertNotSame(first, pool.acquire(Primitive.DOUBLE, 10), "an acquired array is not handed out twice");
    }

    @Test
    void kindsAreKeptApartAndTheSmallestFittingArrayIsChosen()
    {
        final ScratchPool pool = new ScratchPool(4, 1 << 20);
        final Object small = pool.acquire(Primitive.INT, 100);
        final Object large = pool.acquire(Primitive.INT, 10_000);
        pool.release(Primitive.INT, large);
        pool.release(Primitive.INT, small);
        assertTrue(pool.acquire(Primitive.LONG, 100) instanceof long[]);
        assertSame(small, pool.acquire(Primitive.INT, 90));
        assertSame(large, pool.acquire(Primitive.INT, 90));
    }

    @Test
    void arraysOverTheLimitAreNotKeptAndFullSlotsKeepTheLargest()
    {
        final ScratchPool pool = new ScratchPool(1, 8 * 1_024);
        final Object huge = pool.acquire(Primitive.LONG, 2_000);
        pool.release(Primitive.LONG, huge);
        assertNotSame(huge, pool.acquire(Primitive.LONG, 2_000), "16 KB are more than the pool keeps");
        final Object a = pool.acquire(Primitive.LONG, 100);
        final Object b = pool.acquire(Primitive.LONG, 500);
        pool.release(Primitive.LONG, a);
        pool.release(Primitive.LONG, b);
        assertSame(b, pool.acquire(Primitive.LONG, 10), "with one slot, the larger array is kept");
    }

    /** Packing and unpacking a non-contiguous message in steady state allocates no scratch memory. */
    @Test
    void steadyPackingAllocatesNothing()
    {
        final LayoutBuilder every2nd = new LayoutBuilder("Vector");
        for (int i = 0; i < 50_000; i++)
        {
            every2nd.addCopies(Layout.ELEMENT, 2L * i, 1, 1);
        }
        final TypeMap column = TypeMap.derived(every2nd.build(), TypeMap.element(Primitive.DOUBLE, "MPI.DOUBLE"), "column");
        final double[] matrix = new double[100_000];
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 50; i++)
        {
            roundTrip(column, matrix);
        }
        final long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100; i++)
        {
            roundTrip(column, matrix);
        }
        final long perMessage = (threads.getCurrentThreadAllocatedBytes() - before) / 100;
        assertTrue(perMessage < 4_096, "packing 400 KB allocated " + perMessage + " bytes per message");
    }

    private static void roundTrip(final TypeMap type, final double[] buffer)
    {
        final Staging out = Staging.packed(buffer, 0, 1, type);
        out.release();
        final Staging in = Staging.forReceive(buffer, 0, 1, type);
        type.layout().unpack(Primitive.DOUBLE, in.scratch(), 0, buffer, 0, in.elements());
        in.release();
    }
}
