package org.openmpj.engine.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;

/** Resized and scaled layouts, and packing to and from a memory segment in place of an array. */
class LayoutTransformTest
{
    /** Two blocks of two elements, three apart: (0,2), (3,2); extent 5. */
    private static Layout twoBlocks()
    {
        final LayoutBuilder builder = new LayoutBuilder("test");
        builder.addCopies(Layout.ELEMENT, 0, 1, 2);
        builder.addCopies(Layout.ELEMENT, 3, 1, 2);
        return builder.build();
    }

    @Test
    void resizedSetsTheBoundsAndKeepsTheData()
    {
        final Layout resized = twoBlocks().resized(-2, 10);
        assertEquals(-2, resized.lb());
        assertEquals(10, resized.extent());
        assertEquals(4, resized.size());
        assertEquals(0, resized.dataLow());
        assertEquals(5, resized.dataHigh());
        assertTrue(resized.lbMarked() && resized.ubMarked());
        // The bounds stay in a type built of copies: three items are 30 elements long.
        final LayoutBuilder builder = new LayoutBuilder("copies");
        builder.addCopies(resized, 0, resized.extent(), 3);
        final Layout copies = builder.build();
        assertEquals(30, copies.extent());
        assertEquals(-2, copies.lb());
        assertEquals(12, copies.size());
    }

    @Test
    void scaledMultipliesEveryDisplacementLengthAndBound()
    {
        final Layout bytes = twoBlocks().scaled(4);
        assertEquals(2, bytes.blockCount());
        assertEquals(0, bytes.displacement(0));
        assertEquals(8, bytes.length(0));
        assertEquals(12, bytes.displacement(1));
        assertEquals(8, bytes.length(1));
        assertEquals(16, bytes.size());
        assertEquals(20, bytes.extent());
        assertEquals(20, bytes.dataHigh());
        assertThrows(OpenMpjException.class, () -> Layout.ELEMENT.resized(Integer.MAX_VALUE / 2, 10).scaled(8));
    }

    @Test
    void packsFromAndUnpacksIntoASegmentOfTheElements()
    {
        final Layout layout = twoBlocks();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment memory = arena.allocate(Integer.BYTES * 12L);
            for (int i = 0; i < 12; i++)
            {
                memory.setAtIndex(ValueLayout.JAVA_INT, i, i);
            }
            final int[] packed = new int[8];
            layout.pack(Primitive.INT, memory, 1, 2, packed, 0);
            assertArrayEquals(new int[] {1, 2, 4, 5, 6, 7, 9, 10}, packed);
            final MemorySegment target = arena.allocate(Integer.BYTES * 12L);
            layout.unpack(Primitive.INT, packed, 0, target, 1, 8);
            final int[] back = target.toArray(ValueLayout.JAVA_INT);
            assertArrayEquals(new int[] {0, 1, 2, 0, 4, 5, 6, 7, 0, 9, 10, 0}, back);
        }
    }

    @Test
    void booleansInASegmentAreBytesZeroOrOne()
    {
        final MemorySegment memory = MemorySegment.ofArray(new byte[] {1, 0, 1, 1});
        final boolean[] packed = new boolean[4];
        Layout.ELEMENT.pack(Primitive.BOOLEAN, memory, 0, 4, packed, 0);
        assertArrayEquals(new boolean[] {true, false, true, true}, packed);
    }
}
