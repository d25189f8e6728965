package org.openmpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RankBlocksTest
{
    @Test
    void theLastProcessHoldsWhatIsLeft()
    {
        final RankBlocks blocks = new RankBlocks(7, 3);
        assertEquals(3, blocks.processes());
        assertEquals(6, blocks.first(2));
        assertEquals(3, blocks.count(1));
        assertEquals(1, blocks.count(2));
        assertEquals("JVM 1 (ranks 3 to 5)", blocks.describe(1));
        assertEquals("JVM 2 (rank 6)", blocks.describe(2));
        assertEquals("rank 4", new RankBlocks(8, 1).describe(4));
    }

    @Test
    void withoutARankCountEveryProcessHoldsAFullBlock()
    {
        final RankBlocks blocks = RankBlocks.of(4, 2, null);
        assertEquals(8, blocks.ranks());
        assertEquals(2, blocks.count(3));
    }

    @Test
    void aRankCountThatDoesNotFitTheProcessesIsNamed()
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> RankBlocks.of(2, 2, 5));
        assertTrue(error.getMessage().contains("openmpj.ranks=5 in blocks of 2 makes 3 processes, but the process manager started 2"),
            error::getMessage);
    }
}
