package org.openmpj.nas;

/**
 * Which part of an {@code nx x ny x nz} complex grid one rank holds in NPB FT's slab (1-D) decomposition, where the
 * data has two shapes, both with the first index varying fastest:
 * <ul>
 *   <li>the <em>space</em> shape {@code (nx, ny, zPlanes)}: whole x-y planes, the z planes from {@link #firstZ()};
 *       the initial conditions and the checksum use it;</li>
 *   <li>the <em>frequency</em> shape {@code (nz, nx, yPlanes)}: whole z lines, the y values from {@link #firstY()};
 *       the time evolution works on it.</li>
 * </ul>
 * Every rank holds {@link #localPoints()} points in either shape.
 *
 * @param nx        the grid's first dimension.
 * @param ny        the grid's second dimension, divisible by {@code processes}.
 * @param nz        the grid's third dimension, divisible by {@code processes}.
 * @param processes the ranks sharing the grid.
 * @param rank      this rank, in [0, processes).
 */
record SlabLayout(int nx, int ny, int nz, int processes, int rank)
{
    /** Checks the decomposition: both split dimensions must divide evenly, or the slabs would differ in size. */
    SlabLayout
    {
        if (processes < 1 || ny % processes != 0 || nz % processes != 0)
        {
            throw new IllegalArgumentException("processes=" + processes + " must divide ny=" + ny + " and nz=" + nz);
        }
        if (rank < 0 || rank >= processes)
        {
            throw new IllegalArgumentException("rank=" + rank + " out of range for " + processes + " processes");
        }
    }

    /** @return the z planes this rank holds in the space shape. */
    int zPlanes()
    {
        return nz / processes;
    }

    /** @return the first of them. */
    int firstZ()
    {
        return rank * zPlanes();
    }

    /** @return the y values this rank holds in the frequency shape. */
    int yPlanes()
    {
        return ny / processes;
    }

    /** @return the first of them. */
    int firstY()
    {
        return rank * yPlanes();
    }

    /** @return the complex points this rank holds, in either shape. */
    int localPoints()
    {
        return Math.toIntExact((long) nx * ny * zPlanes());
    }

    /** @return the complex points this rank sends to each rank (itself included) in a transpose. */
    int blockPoints()
    {
        return localPoints() / processes;
    }
}
