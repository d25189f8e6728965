package org.openmpj.nas;

/**
 * NPB FT's initial conditions: the whole grid, in the space shape with x fastest, is one stream of NPB's generator from
 * {@link NpbRandom#DEFAULT_SEED}, two values (real, imaginary) per point. A rank jumps the stream straight to its first
 * plane with {@code a^k mod 2^46}, so every rank's slab is the same as in a serial run.
 */
final class FtInitialConditions
{
    private FtInitialConditions()
    {
    }

    /** Fills this rank's slab of {@code u}, in the space shape of {@code layout}, with the initial conditions. */
    static void fill(final double[] u, final SlabLayout layout)
    {
        final long nx = layout.nx();
        final long ny = layout.ny();
        final long a = NpbRandom.MULTIPLIER;
        final int planeDoubles = Math.toIntExact(2 * nx * ny);
        final long planeJump = NpbRandom.power(a, 2 * nx * ny);
        long planeStart = NpbRandom.multiply(NpbRandom.power(a, 2 * nx * ny * layout.firstZ()), NpbRandom.DEFAULT_SEED);
        final NpbRandom stream = new NpbRandom(planeStart, a);
        for (int k = 0; k < layout.zPlanes(); k++)
        {
            stream.seed(planeStart);
            stream.fill(u, k * planeDoubles, planeDoubles);
            planeStart = NpbRandom.multiply(planeJump, planeStart);
        }
    }
}
