package org.openmpj.nas;

/**
 * The time evolution of NPB FT in Fourier space: every step multiplies each mode {@code (kx, ky, kz)} by
 * {@code exp(-4 alpha pi^2 (kx^2 + ky^2 + kz^2))}, where a mode's wavenumber is its index folded into
 * {@code [-n/2, n/2)}. The factors of one step (NPB's {@code twiddle}) are kept for this rank's part of the grid in the
 * frequency shape of {@link SlabLayout}, and applied to the running product once per step.
 *
 * <p>An instance is one rank's; it allocates only in its constructor.
 */
final class FtEvolution
{
    /** NPB's diffusion constant. */
    static final double ALPHA = 1.0e-6;

    private final SlabLayout layout;
    private final double[] factors;

    /** Makes room for the factors of {@code layout}'s frequency part; {@link #computeFactors()} fills them. */
    FtEvolution(final SlabLayout layout)
    {
        this.layout = layout;
        factors = new double[layout.localPoints()];
    }

    /** Computes the factors (NPB's {@code compute_indexmap}), which NPB counts in the timed section. */
    void computeFactors()
    {
        final int nx = layout.nx();
        final int ny = layout.ny();
        final int nz = layout.nz();
        final double ap = -4.0 * ALPHA * Math.PI * Math.PI;
        int at = 0;
        for (int j = 0; j < layout.yPlanes(); j++)
        {
            final int ky = wavenumber(layout.firstY() + j, ny);
            for (int i = 0; i < nx; i++)
            {
                final int kx = wavenumber(i, nx);
                final int kxy = kx * kx + ky * ky;
                for (int k = 0; k < nz; k++)
                {
                    final int kz = wavenumber(k, nz);
                    factors[at++] = Math.exp(ap * (kz * kz + kxy));
                }
            }
        }
    }

    /**
     * One time step: {@code u0 *= factors} point by point, and a copy into {@code u1}, which the inverse transform then
     * consumes; both in the frequency shape.
     */
    void step(final double[] u0, final double[] u1)
    {
        for (int p = 0, at = 0; p < factors.length; p++, at += 2)
        {
            final double factor = factors[p];
            final double re = u0[at] * factor;
            final double im = u0[at + 1] * factor;
            u0[at] = re;
            u0[at + 1] = im;
            u1[at] = re;
            u1[at + 1] = im;
        }
    }

    /** @return index {@code i} of a length-{@code n} transform as a signed wavenumber in {@code [-n/2, n/2)}. */
    static int wavenumber(final int i, final int n)
    {
        return (i + n / 2) % n - n / 2;
    }
}
