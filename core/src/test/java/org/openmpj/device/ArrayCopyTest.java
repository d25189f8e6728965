package org.openmpj.device;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;
import org.openmpj.Primitive;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ArrayCopyTest
{
    @Test
    void sameKindCopiesElementsAtOffsets()
    {
        final double[] src = {1, 2, 3, 4, 5};
        final double[] dst = new double[6];
        ArrayCopy.copy(src, Primitive.DOUBLE, 1, dst, Primitive.DOUBLE, 2, 3 * 8);
        assertArrayEquals(new double[] {0, 0, 2, 3, 4, 0}, dst);
    }

    @Test
    void differentKindsCopyBytesInNativeOrder()
    {
        final int[] src = {0x01020304, 0x05060708};
        final byte[] dst = new byte[8];
        ArrayCopy.copy(src, Primitive.INT, 0, dst, Primitive.BYTE, 0, 8);
        final ByteBuffer expected = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder());
        expected.putInt(0x01020304).putInt(0x05060708);
        assertArrayEquals(expected.array(), dst);

        final int[] back = new int[3];
        ArrayCopy.copy(dst, Primitive.BYTE, 0, back, Primitive.INT, 1, 8);
        assertArrayEquals(new int[] {0, 0x01020304, 0x05060708}, back);
    }

    @Test
    void booleansTravelAsOneByteEach()
    {
        final boolean[] src = {true, false, true};
        final byte[] bytes = new byte[3];
        ArrayCopy.copy(src, Primitive.BOOLEAN, 0, bytes, Primitive.BYTE, 0, 3);
        assertArrayEquals(new byte[] {1, 0, 1}, bytes);

        final boolean[] back = new boolean[4];
        ArrayCopy.copy(bytes, Primitive.BYTE, 0, back, Primitive.BOOLEAN, 1, 3);
        assertArrayEquals(new boolean[] {false, true, false, true}, back);

        final int[] word = {1};
        final boolean[] fromInt = new boolean[4];
        ArrayCopy.copy(word, Primitive.INT, 0, fromInt, Primitive.BOOLEAN, 0, 4);
        assertEquals(1, countTrue(fromInt));
    }

    @Test
    void aSegmentStandsForAnArrayOfBytesOnEitherSide()
    {
        final MemorySegment segment = Arena.ofAuto().allocate(16);
        final long[] longs = {0x0102_0304_0506_0708L, -1L};
        ArrayCopy.copy(longs, Primitive.LONG, 0, segment, Primitive.BYTE, 0, 16);
        assertEquals(0x0102_0304_0506_0708L, segment.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));

        final short[] shorts = new short[10];
        ArrayCopy.copy(segment, Primitive.BYTE, 0, shorts, Primitive.SHORT, 1, 8);
        assertEquals(segment.get(ValueLayout.JAVA_SHORT_UNALIGNED, 0), shorts[1]);
        assertEquals(0, shorts[5], "past the bytes copied");

        final boolean[] flags = {true, false, true};
        ArrayCopy.copy(flags, Primitive.BOOLEAN, 0, segment, Primitive.BYTE, 0, 3);
        assertEquals(1, segment.get(ValueLayout.JAVA_BYTE, 0));
        assertEquals(0, segment.get(ValueLayout.JAVA_BYTE, 1));
        final boolean[] back = new boolean[4];
        ArrayCopy.copy(segment, Primitive.BYTE, 0, back, Primitive.BOOLEAN, 1, 3);
        assertArrayEquals(new boolean[] {false, true, false, true}, back);
    }

    @Test
    void aPartOfAMessageLandsAtTheSameBytesOfBothSides()
    {
        final int[] src = {10, 11, 12, 13, 14, 15};
        final MemorySegment dst = Arena.ofAuto().allocate(24);
        // Bytes 8 to 16 of the message that starts at element 1: elements 3 and 4.
        ArrayCopy.copyPart(src, Primitive.INT, 1, dst, Primitive.BYTE, 0, 8, 8);
        assertEquals(13, dst.get(ValueLayout.JAVA_INT_UNALIGNED, 8));
        assertEquals(14, dst.get(ValueLayout.JAVA_INT_UNALIGNED, 12));
        assertEquals(0, dst.get(ValueLayout.JAVA_INT_UNALIGNED, 16));

        final int[] arrays = new int[6];
        ArrayCopy.copyPart(src, Primitive.INT, 1, arrays, Primitive.INT, 0, 8, 8);
        assertArrayEquals(new int[] {0, 0, 13, 14, 0, 0}, arrays);
    }

    private static int countTrue(final boolean[] values)
    {
        int count = 0;
        for (final boolean value : values)
        {
            count += value ? 1 : 0;
        }
        return count;
    }
}
