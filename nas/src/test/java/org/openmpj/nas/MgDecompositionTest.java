package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class MgDecompositionTest
{
    private static final int POINTS = 32;

    private static MgDecomposition[] all(final int processes, final int points)
    {
        final MgDecomposition[] ranks = new MgDecomposition[processes];
        for (int rank = 0; rank < processes; rank++)
        {
            ranks[rank] = new MgDecomposition(processes, rank, points);
        }
        return ranks;
    }

    @Test
    void theProcessGridIsNpbsShape()
    {
        assertArrayEquals(new int[] {1, 1, 1}, shape(new MgDecomposition(1, 0, POINTS)));
        assertArrayEquals(new int[] {1, 1, 2}, shape(new MgDecomposition(2, 0, POINTS)));
        assertArrayEquals(new int[] {1, 2, 2}, shape(new MgDecomposition(4, 0, POINTS)));
        assertArrayEquals(new int[] {2, 2, 2}, shape(new MgDecomposition(8, 0, POINTS)));
        assertArrayEquals(new int[] {2, 2, 4}, shape(new MgDecomposition(16, 0, POINTS)));
        assertArrayEquals(new int[] {2, 4, 4}, shape(new MgDecomposition(32, 0, POINTS)));
        final MgDecomposition rank5 = new MgDecomposition(8, 5, POINTS);
        assertEquals(1, rank5.coordinate(0));
        assertEquals(0, rank5.coordinate(1));
        assertEquals(1, rank5.coordinate(2));
    }

    private static int[] shape(final MgDecomposition grid)
    {
        return new int[] {grid.gridShape(0), grid.gridShape(1), grid.gridShape(2)};
    }

    /** On every level where nobody is dead, the blocks tile the level's grid exactly once. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16, 32, 64})
    void liveBlocksTileEveryLevel(final int processes)
    {
        final MgDecomposition[] ranks = all(processes, POINTS);
        for (int level = 1; level <= ranks[0].levels(); level++)
        {
            final int points = 1 << level;
            final int[] owners = new int[points * points * points];
            for (final MgDecomposition grid : ranks)
            {
                if (grid.dead(level))
                {
                    continue;
                }
                for (int i3 = 0; i3 < grid.extent(level, 2) - 2; i3++)
                {
                    for (int i2 = 0; i2 < grid.extent(level, 1) - 2; i2++)
                    {
                        for (int i1 = 0; i1 < grid.extent(level, 0) - 2; i1++)
                        {
                            final int g1 = grid.firstPoint(level, 0) + i1;
                            final int g2 = grid.firstPoint(level, 1) + i2;
                            final int g3 = grid.firstPoint(level, 2) + i3;
                            owners[g1 + points * (g2 + points * g3)]++;
                        }
                    }
                }
            }
            for (int i = 0; i < owners.length; i++)
            {
                assertEquals(1, owners[i], "level " + level + " point " + i + " on " + processes + " processes");
            }
        }
    }

    /** A live block's neighbour along an axis is the live block whose points continue its own, periodically. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8, 16, 32, 64})
    void liveNeighboursAreAdjacentPeriodically(final int processes)
    {
        final MgDecomposition[] ranks = all(processes, POINTS);
        for (int level = 1; level <= ranks[0].levels(); level++)
        {
            final int points = 1 << level;
            for (final MgDecomposition grid : ranks)
            {
                if (grid.dead(level))
                {
                    continue;
                }
                for (int axis = 0; axis < 3; axis++)
                {
                    final MgDecomposition upper = ranks[grid.neighbour(level, axis, MgDecomposition.UPPER)];
                    final MgDecomposition lower = ranks[grid.neighbour(level, axis, MgDecomposition.LOWER)];
                    assertFalse(upper.dead(level));
                    assertFalse(lower.dead(level));
                    final int end = grid.firstPoint(level, axis) + grid.extent(level, axis) - 2;
                    assertEquals(end % points, upper.firstPoint(level, axis), "upper neighbour on axis " + axis);
                    final int lowerEnd = lower.firstPoint(level, axis) + lower.extent(level, axis) - 2;
                    assertEquals(grid.firstPoint(level, axis), lowerEnd % points, "lower neighbour on axis " + axis);
                }
            }
        }
    }

    /** Up to eight processes nobody is dead on any level; beyond, each taker's upper neighbour is a giver and back. */
    @Test
    void deadLevelsAndExpansionPairUp()
    {
        for (final MgDecomposition grid : all(8, POINTS))
        {
            for (int level = 1; level <= grid.levels(); level++)
            {
                assertFalse(grid.dead(level));
                for (int axis = 0; axis < 3; axis++)
                {
                    assertFalse(grid.givesExpanding(level, axis) || grid.takesExpanding(level, axis));
                }
            }
        }
        final MgDecomposition[] ranks = all(16, POINTS);
        boolean anyTaker = false;
        for (final MgDecomposition grid : ranks)
        {
            assertEquals(grid.coordinate(2) % 2 == 0, grid.dead(1), "rank " + grid.rank());
            for (int axis = 0; axis < 3; axis++)
            {
                if (grid.takesExpanding(2, axis))
                {
                    anyTaker = true;
                    final MgDecomposition upper = ranks[grid.neighbour(2, axis, MgDecomposition.UPPER)];
                    final MgDecomposition lower = ranks[grid.neighbour(2, axis, MgDecomposition.LOWER)];
                    assertTrue(upper.givesExpanding(2, axis) && lower.givesExpanding(2, axis), "rank " + grid.rank());
                }
                if (grid.givesExpanding(2, axis))
                {
                    assertTrue(ranks[grid.neighbour(2, axis, MgDecomposition.UPPER)].takesExpanding(2, axis));
                    assertTrue(ranks[grid.neighbour(2, axis, MgDecomposition.LOWER)].takesExpanding(2, axis));
                }
            }
        }
        assertTrue(anyTaker);
    }

    @Test
    void badCountsAreRefusedNamingThem()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MgDecomposition(6, 0, POINTS)).getMessage()
            .contains("processes=6"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MgDecomposition(4, 4, POINTS)).getMessage()
            .contains("rank=4"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MgDecomposition(1, 0, 24)).getMessage()
            .contains("points=24"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MgDecomposition(1 << 15, 0, 16)).getMessage()
            .contains("32768 processes"));
    }
}
