package org.openmpj.nas;

import mpi.MPI;

/**
 * A program for {@link MgJobTest}: on every level, fills each block's interior with a function of the global
 * coordinates, ghosts with NaN, exchanges, and fails unless every cell (ghost layers, edges and corners included)
 * holds the function at its periodic global position, or, on a level where the process is dead, zero.
 */
public final class MgHaloCheck
{
    private MgHaloCheck()
    {
    }

    public static void main(final String[] args)
    {
        MPI.Init(args);
        final int points = Integer.parseInt(args[0]);
        final MgDecomposition grid = new MgDecomposition(MPI.COMM_WORLD.Size(), MPI.COMM_WORLD.Rank(), points);
        final MgHalo halo = new MgHalo(MPI.COMM_WORLD, grid);
        for (int level = grid.levels(); level >= 1; level--)
        {
            final int n1 = grid.extent(level, 0);
            final int n2 = grid.extent(level, 1);
            final int n3 = grid.extent(level, 2);
            final double[] u = new double[n1 * n2 * n3];
            for (int i3 = 0; i3 < n3; i3++)
            {
                for (int i2 = 0; i2 < n2; i2++)
                {
                    for (int i1 = 0; i1 < n1; i1++)
                    {
                        final boolean ghost = i1 == 0 || i2 == 0 || i3 == 0 || i1 == n1 - 1 || i2 == n2 - 1 || i3 == n3 - 1;
                        u[i1 + n1 * (i2 + n2 * i3)] = ghost ? Double.NaN : value(grid, level, i1, i2, i3);
                    }
                }
            }
            halo.exchange(u, level);
            for (int i3 = 0; i3 < n3; i3++)
            {
                for (int i2 = 0; i2 < n2; i2++)
                {
                    for (int i1 = 0; i1 < n1; i1++)
                    {
                        final double expected = grid.dead(level) ? 0.0 : value(grid, level, i1, i2, i3);
                        final double actual = u[i1 + n1 * (i2 + n2 * i3)];
                        if (actual != expected)
                        {
                            throw new IllegalStateException("rank " + grid.rank() + " level " + level + " cell (" + i1 + ", " + i2
                                + ", " + i3 + "): " + actual + ", expected " + expected);
                        }
                    }
                }
            }
        }
        MPI.Finalize();
    }

    /** The test function at local cell (i1, i2, i3): its periodic global coordinates, written as one number. */
    private static double value(final MgDecomposition grid, final int level, final int i1, final int i2, final int i3)
    {
        final int points = 1 << level;
        final int g1 = Math.floorMod(grid.firstPoint(level, 0) + i1 - 1, points);
        final int g2 = Math.floorMod(grid.firstPoint(level, 1) + i2 - 1, points);
        final int g3 = Math.floorMod(grid.firstPoint(level, 2) + i3 - 1, points);
        return 1 + g1 + 1000.0 * g2 + 1_000_000.0 * g3;
    }
}
