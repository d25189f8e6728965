package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** FT's initial conditions, evolution factors, checksum and verification, each on its own. */
class FtPiecesTest
{
    @Test
    void theSlabsOfEveryRankJoinIntoTheSingleRankInitialConditions()
    {
        final int nx = 16;
        final int ny = 8;
        final int nz = 8;
        final SlabLayout whole = new SlabLayout(nx, ny, nz, 1, 0);
        final double[] expected = new double[2 * whole.localPoints()];
        FtInitialConditions.fill(expected, whole);
        final NpbRandom stream = new NpbRandom(NpbRandom.DEFAULT_SEED, NpbRandom.MULTIPLIER);
        assertEquals(stream.next(), expected[0], 0.0);
        assertEquals(stream.next(), expected[1], 0.0);
        for (final int processes : new int[] {2, 4, 8})
        {
            final double[] joined = new double[expected.length];
            for (int rank = 0; rank < processes; rank++)
            {
                final SlabLayout layout = new SlabLayout(nx, ny, nz, processes, rank);
                final double[] slab = new double[2 * layout.localPoints()];
                FtInitialConditions.fill(slab, layout);
                System.arraycopy(slab, 0, joined, rank * slab.length, slab.length);
            }
            assertArrayEquals(expected, joined, 0.0, processes + " ranks");
        }
    }

    @Test
    void wavenumbersFoldIntoTheLowerAndUpperHalf()
    {
        final int[] folded = new int[8];
        for (int i = 0; i < folded.length; i++)
        {
            folded[i] = FtEvolution.wavenumber(i, 8);
        }
        assertArrayEquals(new int[] {0, 1, 2, 3, -4, -3, -2, -1}, folded);
    }

    @Test
    void evolutionFactorsFollowTheFrequencyShapeOfEachRank()
    {
        final int nx = 8;
        final int ny = 4;
        final int nz = 4;
        final SlabLayout layout = new SlabLayout(nx, ny, nz, 2, 1);
        final FtEvolution evolution = new FtEvolution(layout);
        evolution.computeFactors();
        final double[] u0 = new double[2 * layout.localPoints()];
        Arrays.fill(u0, 1.0);
        final double[] u1 = new double[u0.length];
        evolution.step(u0, u1);
        evolution.step(u0, u1);
        final double ap = -4.0 * FtEvolution.ALPHA * Math.PI * Math.PI;
        // Point (z=3, x=5, local y=1) is y=3 on rank 1: wavenumbers (-3, -1, -1).
        final int at = 2 * (3 + nz * (5 + nx * 1));
        final double once = Math.exp(ap * (9 + 1 + 1));
        assertEquals(once * once, u1[at], 1e-15);
        assertEquals(once * once, u0[at + 1], 1e-15);
    }

    @Test
    void theRanksPartialChecksumsAddUpToTheWholeGrids()
    {
        final int nx = 32;
        final int ny = 16;
        final int nz = 16;
        final SlabLayout whole = new SlabLayout(nx, ny, nz, 1, 0);
        final double[] grid = new double[2 * whole.localPoints()];
        FtInitialConditions.fill(grid, whole);
        final double[] expected = new double[2];
        FtChecksum.local(grid, whole, expected);
        double re = 0;
        double im = 0;
        for (int j = 1; j <= FtChecksum.POINTS; j++)
        {
            final int at = 2 * (j % nx + nx * (3 * j % ny + ny * (5 * j % nz)));
            re += grid[at];
            im += grid[at + 1];
        }
        assertEquals(re / (nx * ny * nz), expected[0], 1e-15);
        assertEquals(im / (nx * ny * nz), expected[1], 1e-15);
        final int processes = 4;
        final double[] total = new double[2];
        final double[] part = new double[2];
        for (int rank = 0; rank < processes; rank++)
        {
            final SlabLayout layout = new SlabLayout(nx, ny, nz, processes, rank);
            final double[] slab = Arrays.copyOfRange(grid, rank * 2 * layout.localPoints(), (rank + 1) * 2 * layout.localPoints());
            FtChecksum.local(slab, layout, part);
            total[0] += part[0];
            total[1] += part[1];
        }
        // The partial sums are added in another order than the single rank's, so the last bits may differ.
        assertEquals(expected[0], total[0], 1e-13);
        assertEquals(expected[1], total[1], 1e-13);
    }

    @Test
    void verificationAcceptsTheReferenceAndRejectsAnErrorJustOverEpsilonOrNaN()
    {
        for (final NpbClass problemClass : NpbClass.values())
        {
            final FtProblem problem = FtProblem.of(problemClass);
            final double[] sums = problem.referenceSums();
            assertTrue(problem.verify(sums), problemClass::name);
            final double[] off = sums.clone();
            off[off.length - 1] *= 1 + 2 * FtProblem.EPSILON;
            assertFalse(problem.verify(off), problemClass::name);
            final double[] nan = sums.clone();
            nan[0] = Double.NaN;
            assertFalse(problem.verify(nan), problemClass::name);
            assertFalse(problem.verify(Arrays.copyOf(sums, sums.length - 2)), problemClass::name);
        }
    }

    @Test
    void theProblemsHaveNpbsSizesAndSteps()
    {
        assertEquals(64 * 64 * 64, FtProblem.of(NpbClass.S).points());
        assertEquals(6, FtProblem.of(NpbClass.W).iterations());
        assertEquals(128, FtProblem.of(NpbClass.A).nz());
        assertEquals(20, FtProblem.of(NpbClass.B).iterations());
        assertEquals(512, FtProblem.of(NpbClass.B).nx());
        assertEquals(20, FtProblem.of(NpbClass.C).iterations());
    }

    @Test
    void aLayoutThatDoesNotDivideTheGridIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new SlabLayout(64, 64, 64, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> new SlabLayout(128, 128, 32, 64, 0));
        assertThrows(IllegalArgumentException.class, () -> new SlabLayout(64, 64, 64, 4, 4));
    }
}
