package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The operators against the stencils written out point by point from their definitions (27 neighbours, each weighted
 * by how many of its coordinates differ from the centre's), on blocks with random values, and against results known
 * in closed form on constant fields.
 */
class MgOperatorsTest
{
    private static final double[] A = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    private static final double[] C = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
    private static final double[] RESTRICTION = {0.5, 0.25, 0.125, 0.0625};
    private static final double TOLERANCE = 1e-13;

    private final SplittableRandom random = new SplittableRandom(42);

    private double[] randomBlock(final int cells)
    {
        final double[] block = new double[cells];
        for (int i = 0; i < cells; i++)
        {
            // Divided by 3 so that every bit of the mantissa is in use: sums of the generator's own values (multiples of
            // 2^-52 below 1) are exact, and would hide a change in the order of additions.
            block[i] = random.nextDouble(-1, 1) / 3;
        }
        return block;
    }

    private static int at(final int i1, final int i2, final int i3, final int n1, final int n2)
    {
        return i1 + n1 * (i2 + n2 * i3);
    }

    /** sum over the 27 neighbours of (i1, i2, i3) of weights[differing coordinates] * field. */
    private static double stencil(final double[] field, final int i1, final int i2, final int i3, final int n1, final int n2,
                                  final double[] weights)
    {
        double sum = 0;
        for (int d3 = -1; d3 <= 1; d3++)
        {
            for (int d2 = -1; d2 <= 1; d2++)
            {
                for (int d1 = -1; d1 <= 1; d1++)
                {
                    final int differing = Math.abs(d1) + Math.abs(d2) + Math.abs(d3);
                    sum += weights[differing] * field[at(i1 + d1, i2 + d2, i3 + d3, n1, n2)];
                }
            }
        }
        return sum;
    }

    @Test
    void residualIsVMinusTheStencil()
    {
        final int n1 = 7;
        final int n2 = 5;
        final int n3 = 6;
        final double[] u = randomBlock(n1 * n2 * n3);
        final double[] v = randomBlock(n1 * n2 * n3);
        final double[] r = new double[n1 * n2 * n3];
        new MgOperators(n1).residual(u, v, r, n1, n2, n3, A);
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                for (int i1 = 1; i1 < n1 - 1; i1++)
                {
                    final int cell = at(i1, i2, i3, n1, n2);
                    assertEquals(v[cell] - stencil(u, i1, i2, i3, n1, n2, A), r[cell], TOLERANCE);
                }
            }
        }
        assertEquals(0.0, r[0], 0.0, "a ghost was written");
    }

    @Test
    void theVectorRowsGiveThePlainLoopsBits()
    {
        assertTrue(VectorApi.PRESENT, "the tests run with --add-modules jdk.incubator.vector (see the module's pom)");
        for (final int n1 : new int[] {3, 4, 9, 10, 17, 34, 35, 66})
        {
            final int n2 = 5;
            final int n3 = 4;
            final double[] u = randomBlock(n1 * n2 * n3);
            final double[] v = randomBlock(n1 * n2 * n3);
            final double[] plainR = new double[u.length];
            final double[] vectorR = new double[u.length];
            new MgOperators(n1, false).residual(u, v, plainR, n1, n2, n3, A);
            new MgOperators(n1, true).residual(u, v, vectorR, n1, n2, n3, A);
            assertArrayEquals(plainR, vectorR, "residual, rows of " + n1);

            final double[] plainU = u.clone();
            final double[] vectorU = u.clone();
            new MgOperators(n1, false).smooth(v, plainU, n1, n2, n3, C);
            new MgOperators(n1, true).smooth(v, vectorU, n1, n2, n3, C);
            assertArrayEquals(plainU, vectorU, "smoother, rows of " + n1);

            final double[] plainInPlace = v.clone();
            final double[] vectorInPlace = v.clone();
            new MgOperators(n1, false).residual(u, plainInPlace, plainInPlace, n1, n2, n3, A);
            new MgOperators(n1, true).residual(u, vectorInPlace, vectorInPlace, n1, n2, n3, A);
            assertArrayEquals(plainInPlace, vectorInPlace, "residual in place, rows of " + n1);
        }
        for (final int m1j : new int[] {3, 4, 6, 10, 18, 34})
        {
            // A coarse block of m1j points along the first axis lies over 2 m1j - 2 fine ones, or 3 where it holds one.
            final int m1k = m1j == 3 ? 3 : 2 * m1j - 2;
            final double[] fine = randomBlock(m1k * 6 * 3);
            final double[] plainS = new double[m1j * 4 * 3];
            final double[] vectorS = new double[m1j * 4 * 3];
            new MgOperators(m1k, false).restrict(fine, m1k, 6, 3, plainS, m1j, 4, 3);
            new MgOperators(m1k, true).restrict(fine, m1k, 6, 3, vectorS, m1j, 4, 3);
            assertArrayEquals(plainS, vectorS, "restriction, fine rows of " + m1k);
        }
    }

    @Test
    void residualInPlaceAndOfAConstantIsV()
    {
        final int n = 6;
        final double[] u = new double[n * n * n];
        java.util.Arrays.fill(u, 3.5);
        final double[] v = randomBlock(n * n * n);
        final double[] expected = v.clone();
        new MgOperators(n).residual(u, v, v, n, n, n, A);
        for (int cell = 0; cell < v.length; cell++)
        {
            assertEquals(expected[cell], v[cell], TOLERANCE);
        }
    }

    @Test
    void smoothAddsTheStencilOfR()
    {
        final int n1 = 6;
        final int n2 = 7;
        final int n3 = 5;
        final double[] r = randomBlock(n1 * n2 * n3);
        final double[] u = randomBlock(n1 * n2 * n3);
        final double[] before = u.clone();
        new MgOperators(n1).smooth(r, u, n1, n2, n3, C);
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                for (int i1 = 1; i1 < n1 - 1; i1++)
                {
                    final int cell = at(i1, i2, i3, n1, n2);
                    assertEquals(before[cell] + stencil(r, i1, i2, i3, n1, n2, C), u[cell], TOLERANCE);
                }
            }
        }
    }

    @Test
    void smoothingAConstantAddsMinusThreeEighthsOfIt()
    {
        final int n = 5;
        final double[] r = new double[n * n * n];
        java.util.Arrays.fill(r, 2.0);
        final double[] u = new double[n * n * n];
        new MgOperators(n).smooth(r, u, n, n, n, C);
        assertEquals(-0.75, u[at(2, 2, 2, n, n)], TOLERANCE);
    }

    /** The fine cell under coarse cell j along an axis: 2j, or 2j - 1 where the fine block holds a single point. */
    private static int under(final int j, final int fineExtent)
    {
        return fineExtent == 3 ? 2 * j - 1 : 2 * j;
    }

    private void checkRestriction(final int m1k, final int m2k, final int m3k, final int m1j, final int m2j, final int m3j)
    {
        final double[] r = randomBlock(m1k * m2k * m3k);
        final double[] s = new double[m1j * m2j * m3j];
        new MgOperators(m1k).restrict(r, m1k, m2k, m3k, s, m1j, m2j, m3j);
        for (int j3 = 1; j3 < m3j - 1; j3++)
        {
            for (int j2 = 1; j2 < m2j - 1; j2++)
            {
                for (int j1 = 1; j1 < m1j - 1; j1++)
                {
                    final double expected = stencil(r, under(j1, m1k), under(j2, m2k), under(j3, m3k), m1k, m2k, RESTRICTION);
                    assertEquals(expected, s[at(j1, j2, j3, m1j, m2j)], TOLERANCE, "coarse " + j1 + "," + j2 + "," + j3);
                }
            }
        }
    }

    @Test
    void restrictionWeighsTheTwentySevenFinePointsAroundEachCoarseOne()
    {
        checkRestriction(10, 6, 8, 6, 4, 5);
        checkRestriction(3, 6, 3, 3, 4, 3);
    }

    @Test
    void restrictingAConstantGivesFourTimesIt()
    {
        final int fine = 6;
        final int coarse = 4;
        final double[] r = new double[fine * fine * fine];
        java.util.Arrays.fill(r, 1.5);
        final double[] s = new double[coarse * coarse * coarse];
        new MgOperators(fine).restrict(r, fine, fine, fine, s, coarse, coarse, coarse);
        assertEquals(6.0, s[at(1, 2, 1, coarse, coarse)], TOLERANCE);
    }

    /**
     * The trilinear interpolation at fine cell {@code f} along one axis: coarse cells and their weights (one cell with
     * weight 1 where the fine cell lies on a coarse one, two with weight 1/2 between).
     */
    private static int[] coarseCells(final int f, final int fineExtent)
    {
        final boolean single = fineExtent == 3;
        final boolean onCoarse = single ? f % 2 == 1 : f % 2 == 0;
        final int j = single ? (f + 1) / 2 : f / 2;
        return onCoarse ? new int[] {j} : new int[] {j, j + 1};
    }

    private void checkInterpolation(final int mm1, final int mm2, final int mm3, final int n1, final int n2, final int n3)
    {
        final double[] z = randomBlock(mm1 * mm2 * mm3);
        final double[] u = randomBlock(n1 * n2 * n3);
        final double[] before = u.clone();
        new MgOperators(Math.max(mm1, n1)).interpolate(z, mm1, mm2, mm3, u, n1, n2, n3);
        for (int f3 = 0; f3 < n3; f3++)
        {
            for (int f2 = 0; f2 < n2; f2++)
            {
                for (int f1 = 0; f1 < n1; f1++)
                {
                    final int[] c1 = coarseCells(f1, n1);
                    final int[] c2 = coarseCells(f2, n2);
                    final int[] c3 = coarseCells(f3, n3);
                    final double weight = 1.0 / (c1.length * c2.length * c3.length);
                    double sum = 0;
                    for (final int j3 : c3)
                    {
                        for (final int j2 : c2)
                        {
                            for (final int j1 : c1)
                            {
                                sum += z[at(j1, j2, j3, mm1, mm2)];
                            }
                        }
                    }
                    final int cell = at(f1, f2, f3, n1, n2);
                    assertEquals(before[cell] + weight * sum, u[cell], TOLERANCE, "fine " + f1 + "," + f2 + "," + f3);
                }
            }
        }
    }

    @Test
    void interpolationAddsTheTrilinearMeanOfTheCoarsePointsAround()
    {
        checkInterpolation(5, 4, 6, 8, 6, 10);
    }

    @Test
    void interpolationOntoASinglePointAlongAnAxisShiftsThatAxis()
    {
        checkInterpolation(3, 5, 4, 3, 8, 6);
        checkInterpolation(3, 3, 3, 3, 3, 3);
    }

    @Test
    void localNormsAreTheInteriorsSumOfSquaresAndLargestMagnitude()
    {
        final int n = 4;
        final double[] r = new double[n * n * n];
        java.util.Arrays.fill(r, 100.0);
        r[at(1, 1, 1, n, n)] = -3.0;
        r[at(2, 1, 2, n, n)] = 2.0;
        r[at(1, 2, 1, n, n)] = 0.0;
        r[at(2, 2, 1, n, n)] = 0.0;
        r[at(1, 1, 2, n, n)] = 0.0;
        r[at(2, 1, 1, n, n)] = 0.0;
        r[at(1, 2, 2, n, n)] = 0.0;
        r[at(2, 2, 2, n, n)] = 0.0;
        final double[] sumAndMax = new double[2];
        MgOperators.localNorms(r, n, n, n, sumAndMax);
        assertEquals(13.0, sumAndMax[0], 0.0);
        assertEquals(3.0, sumAndMax[1], 0.0);
    }
}
