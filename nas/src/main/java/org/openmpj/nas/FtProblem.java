package org.openmpj.nas;

/**
 * One FT problem class: the grid, the time steps, and NPB's official checksum for every step, which the computed
 * checksums must match to a relative error of {@link #EPSILON}.
 *
 * <p>Immutable; the reference values are copied out, never handed over.
 */
final class FtProblem
{
    /** NPB's bound on the relative error of each checksum. */
    static final double EPSILON = 1.0e-12;

    private final NpbClass problemClass;
    private final int nx;
    private final int ny;
    private final int nz;
    private final double[] reference;

    private FtProblem(final NpbClass problemClass, final int nx, final int ny, final int nz, final double... reference)
    {
        this.problemClass = problemClass;
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
        this.reference = reference;
    }

    /** @return the problem NPB defines for {@code problemClass}. */
    static FtProblem of(final NpbClass problemClass)
    {
        return switch (problemClass)
        {
            case S -> new FtProblem(problemClass, 64, 64, 64,
                5.546087004964e+02, 4.845363331978e+02,
                5.546385409189e+02, 4.865304269511e+02,
                5.546148406171e+02, 4.883910722336e+02,
                5.545423607415e+02, 4.901273169046e+02,
                5.544255039624e+02, 4.917475857993e+02,
                5.542683411902e+02, 4.932597244941e+02);
            case W -> new FtProblem(problemClass, 128, 128, 32,
                5.673612178944e+02, 5.293246849175e+02,
                5.631436885271e+02, 5.282149986629e+02,
                5.594024089970e+02, 5.270996558037e+02,
                5.560698047020e+02, 5.260027904925e+02,
                5.530898991250e+02, 5.249400845633e+02,
                5.504159734538e+02, 5.239212247086e+02);
            case A -> new FtProblem(problemClass, 256, 256, 128,
                5.046735008193e+02, 5.114047905510e+02,
                5.059412319734e+02, 5.098809666433e+02,
                5.069376896287e+02, 5.098144042213e+02,
                5.077892868474e+02, 5.101336130759e+02,
                5.085233095391e+02, 5.104914655194e+02,
                5.091487099959e+02, 5.107917842803e+02);
            case B -> new FtProblem(problemClass, 512, 256, 256,
                5.177643571579e+02, 5.077803458597e+02,
                5.154521291263e+02, 5.088249431599e+02,
                5.146409228649e+02, 5.096208912659e+02,
                5.142378756213e+02, 5.101023387619e+02,
                5.139626667737e+02, 5.103976610617e+02,
                5.137423460082e+02, 5.105948019802e+02,
                5.135547056878e+02, 5.107404165783e+02,
                5.133910925466e+02, 5.108576573661e+02,
                5.132470705390e+02, 5.109577278523e+02,
                5.131197729984e+02, 5.110460304483e+02,
                5.130070319283e+02, 5.111252433800e+02,
                5.129070537032e+02, 5.111968077718e+02,
                5.128182883502e+02, 5.112616233064e+02,
                5.127393733383e+02, 5.113203605551e+02,
                5.126691062020e+02, 5.113735928093e+02,
                5.126064276004e+02, 5.114218460548e+02,
                5.125504076570e+02, 5.114656139760e+02,
                5.125002331720e+02, 5.115053595966e+02,
                5.124551951846e+02, 5.115415130407e+02,
                5.124146770029e+02, 5.115744692211e+02);
            case C -> new FtProblem(problemClass, 512, 512, 512,
                5.195078707457e+02, 5.149019699238e+02,
                5.155422171134e+02, 5.127578201997e+02,
                5.144678022222e+02, 5.122251847514e+02,
                5.140150594328e+02, 5.121090289018e+02,
                5.137550426810e+02, 5.121143685824e+02,
                5.135811056728e+02, 5.121496764568e+02,
                5.134569343165e+02, 5.121870921893e+02,
                5.133651975661e+02, 5.122193250322e+02,
                5.132955192805e+02, 5.122454735794e+02,
                5.132410471738e+02, 5.122663649603e+02,
                5.131971141679e+02, 5.122830879827e+02,
                5.131605205716e+02, 5.122965869718e+02,
                5.131290734194e+02, 5.123075927445e+02,
                5.131012720314e+02, 5.123166486553e+02,
                5.130760908195e+02, 5.123241541685e+02,
                5.130528295923e+02, 5.123304037599e+02,
                5.130310107773e+02, 5.123356167976e+02,
                5.130103090133e+02, 5.123399592211e+02,
                5.129905029333e+02, 5.123435588985e+02,
                5.129714421109e+02, 5.123465164008e+02);
        };
    }

    /** @return the class this problem is. */
    NpbClass problemClass()
    {
        return problemClass;
    }

    /** @return the grid's first, fastest-varying dimension. */
    int nx()
    {
        return nx;
    }

    /** @return the grid's second dimension. */
    int ny()
    {
        return ny;
    }

    /** @return the grid's third, slowest-varying dimension. */
    int nz()
    {
        return nz;
    }

    /** @return the time steps, each ending in a checksum. */
    int iterations()
    {
        return reference.length / 2;
    }

    /** @return a copy of NPB's checksums, real and imaginary part per step. */
    double[] referenceSums()
    {
        return reference.clone();
    }

    /** @return the grid's points. */
    long points()
    {
        return (long) nx * ny * nz;
    }

    /**
     * NPB's verdict: every step's checksum within a relative error of {@link #EPSILON} of the reference (the complex
     * modulus of the difference over that of the reference); NaN fails.
     *
     * @param sums the checksums, real and imaginary part per step, {@code 2 * iterations()} long.
     */
    boolean verify(final double[] sums)
    {
        if (sums.length != reference.length)
        {
            return false;
        }
        for (int i = 0; i < reference.length; i += 2)
        {
            final double error = Math.hypot(sums[i] - reference[i], sums[i + 1] - reference[i + 1])
                / Math.hypot(reference[i], reference[i + 1]);
            if (!(error <= EPSILON))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * NPB's operation count for FT, in millions of floating-point operations per second of {@code seconds}.
     */
    double mops(final double seconds)
    {
        if (seconds <= 0)
        {
            return 0;
        }
        final double total = points();
        final double log = Math.log(total);
        return 1.0e-6 * total * (14.8157 + 7.19641 * log + (5.23518 + 7.21113 * log) * iterations()) / seconds;
    }
}
