package org.openmpj.nas;

import java.util.Arrays;

import mpi.MPI;

/**
 * A program for {@link MgJobTest}: builds the right-hand side on a grid of the given points a side and fails unless
 * its charges sit where the ten largest and ten smallest values of NPB's stream over the whole grid are (found here
 * by sorting the whole stream on every rank), each process's block holding exactly the charges in its part.
 */
public final class MgRightHandSideCheck
{
    private MgRightHandSideCheck()
    {
    }

    public static void main(final String[] args)
    {
        MPI.Init(args);
        final int points = Integer.parseInt(args[0]);
        final MgDecomposition grid = new MgDecomposition(MPI.COMM_WORLD.Size(), MPI.COMM_WORLD.Rank(), points);
        final MgRightHandSide rightHandSide = new MgRightHandSide(MPI.COMM_WORLD, grid);
        final int top = grid.levels();
        final int n1 = grid.extent(top, 0);
        final int n2 = grid.extent(top, 1);
        final int n3 = grid.extent(top, 2);
        final double[] z = new double[n1 * n2 * n3];
        rightHandSide.fill(z);

        final int total = points * points * points;
        final double[] stream = new double[total];
        new NpbRandom(NpbRandom.DEFAULT_SEED, NpbRandom.MULTIPLIER).fill(stream, 0, total);
        final double[] sorted = stream.clone();
        Arrays.sort(sorted);
        int charged = 0;
        for (int g = 0; g < total; g++)
        {
            final int sign = stream[g] >= sorted[total - MgRightHandSide.CHARGES] ? 1 : stream[g] <= sorted[MgRightHandSide.CHARGES - 1] ? -1 : 0;
            final int g1 = g % points;
            final int g2 = g / points % points;
            final int g3 = g / (points * points);
            final int i1 = g1 - grid.firstPoint(top, 0) + 1;
            final int i2 = g2 - grid.firstPoint(top, 1) + 1;
            final int i3 = g3 - grid.firstPoint(top, 2) + 1;
            final boolean mine = i1 >= 1 && i1 < n1 - 1 && i2 >= 1 && i2 < n2 - 1 && i3 >= 1 && i3 < n3 - 1;
            if (mine && z[i1 + n1 * (i2 + n2 * i3)] != sign)
            {
                throw new IllegalStateException("rank " + grid.rank() + " point (" + g1 + ", " + g2 + ", " + g3 + "): "
                    + z[i1 + n1 * (i2 + n2 * i3)] + ", expected " + sign);
            }
            if (sign == 1)
            {
                charged += check(rightHandSide, true, g1, g2, g3, stream[g], sorted, total);
            }
            else if (sign == -1)
            {
                charged += check(rightHandSide, false, g1, g2, g3, stream[g], sorted, total);
            }
        }
        if (charged != 2 * MgRightHandSide.CHARGES)
        {
            throw new IllegalStateException("rank " + grid.rank() + " found " + charged + " charges in its list, expected 20");
        }
        MPI.Finalize();
    }

    /** Fails unless the charge list names the point with the rank of the value, 9 the most extreme. @return 1. */
    private static int check(final MgRightHandSide rightHandSide, final boolean positive, final int g1, final int g2, final int g3,
                             final double value, final double[] sorted, final int total)
    {
        final int k = positive ? Arrays.binarySearch(sorted, value) - (total - MgRightHandSide.CHARGES)
            : MgRightHandSide.CHARGES - 1 - Arrays.binarySearch(sorted, value);
        final int[] charge = rightHandSide.charge(positive, k);
        if (charge[1] != g1 || charge[2] != g2 || charge[3] != g3)
        {
            throw new IllegalStateException("charge " + k + (positive ? " (+1)" : " (-1)") + " listed at " + Arrays.toString(charge)
                + ", expected (" + g1 + ", " + g2 + ", " + g3 + ")");
        }
        return 1;
    }
}
