package org.openmpj.device;

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
