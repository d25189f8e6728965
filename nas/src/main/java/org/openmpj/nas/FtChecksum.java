package org.openmpj.nas;

/**
 * NPB FT's checksum: the sum of 1024 fixed points of the grid, point {@code j = 1 .. 1024} at
 * {@code (j mod nx, 3j mod ny, 5j mod nz)}, divided by the grid's point count. Each rank adds the points in its slab
 * (space shape); the ranks' partial sums are then added together.
 */
final class FtChecksum
{
    /** Points NPB sums. */
    static final int POINTS = 1024;

    private FtChecksum()
    {
    }

    /**
     * Writes this rank's part of the checksum, already divided by the grid's point count, to {@code sum[0]} (real) and
     * {@code sum[1]} (imaginary).
     */
    static void local(final double[] u, final SlabLayout layout, final double[] sum)
    {
        final int nx = layout.nx();
        final int ny = layout.ny();
        final int nz = layout.nz();
        final int firstZ = layout.firstZ();
        final int zPlanes = layout.zPlanes();
        double re = 0;
        double im = 0;
        for (int j = 1; j <= POINTS; j++)
        {
            final int z = 5 * j % nz - firstZ;
            if (z >= 0 && z < zPlanes)
            {
                final int at = 2 * (j % nx + nx * (3 * j % ny + ny * z));
                re += u[at];
                im += u[at + 1];
            }
        }
        final double points = (double) nx * ny * nz;
        sum[0] = re / points;
        sum[1] = im / points;
    }
}
