package org.openmpj.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RankLayoutTest
{
    @Test
    void blocksPlaceRanksByProcessAndProcessesByHost()
    {
        final RankLayout layout = RankLayout.blocks(8, 2, 2);
        assertArrayEquals(new int[] {2, 3}, layout.processRanks(3));
        assertArrayEquals(new int[] {0, 1, 2, 3}, layout.hostRanks(3));
        assertArrayEquals(new int[] {4, 5, 6, 7}, layout.hostRanks(4));
        assertArrayEquals(new int[] {6, 7}, layout.processRanks(7));
    }

    @Test
    void theLastBlocksMayBeSmaller()
    {
        final RankLayout layout = RankLayout.blocks(5, 2, 2);
        assertArrayEquals(new int[] {4}, layout.processRanks(4));
        assertArrayEquals(new int[] {4}, layout.hostRanks(4));
        assertArrayEquals(new int[] {0, 1, 2, 3}, layout.hostRanks(0));
    }

    @Test
    void arbitraryPlacementsGroupRanksThatShareAValue()
    {
        final RankLayout layout = RankLayout.of(new int[] {0, 1, 0, 1}, new int[] {5, 7, 5, 7});
        assertArrayEquals(new int[] {1, 3}, layout.processRanks(3));
        assertArrayEquals(new int[] {0, 2}, layout.hostRanks(2));
    }

    @Test
    void aProcessOnTwoHostsIsRefusedNamingTheRanks()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> RankLayout.of(new int[] {0, 0}, new int[] {0, 1}));
        assertTrue(refused.getMessage().contains("ranks 0 and 1 share process 0 but not a host"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RankLayout.of(new int[] {0}, new int[] {0, 1}));
        assertThrows(IllegalArgumentException.class, () -> RankLayout.blocks(4, 0, 1));
    }
}
