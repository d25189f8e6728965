package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MessageSizesTest
{
    @Test
    void oneByteThenPowersOfTwoUpTo16MiBInclusive()
    {
        final int[] sizes = MessageSizes.upTo(16 * 1024 * 1024);
        assertEquals(25, sizes.length);
        assertEquals(1, sizes[0]);
        assertEquals(2, sizes[1]);
        assertEquals(16 * 1024 * 1024, sizes[sizes.length - 1]);
    }

    @Test
    void aMaximumBetweenPowersStopsBelowIt()
    {
        assertArrayEquals(new int[] {1, 2, 4, 8}, MessageSizes.upTo(10));
    }
}
