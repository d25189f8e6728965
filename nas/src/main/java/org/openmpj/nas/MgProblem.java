package org.openmpj.nas;

/**
 * The size of an MG run for one NPB class, with NPB's verification value: the L2 norm of the residual after the last
 * iteration, which a run must match to a relative error of {@link #EPSILON}.
 *
 * @param problemClass  the class.
 * @param points        the points along each axis of the finest grid.
 * @param iterations    the V-cycles timed.
 * @param smootherB     whether the class smooths with NPB's S(b) rather than S(a).
 * @param verifyL2Norm  NPB's residual norm for the class.
 */
public record MgProblem(NpbClass problemClass, int points, int iterations, boolean smootherB, double verifyL2Norm)
{
    /** NPB's tolerance on the relative error of the residual norm. */
    public static final double EPSILON = 1.0e-8;

    /** @return NPB 3.4's MG parameters for {@code problemClass}. */
    public static MgProblem of(final NpbClass problemClass)
    {
        return switch (problemClass)
        {
            case S -> new MgProblem(problemClass, 32, 4, false, 0.5307707005734e-04);
            case W -> new MgProblem(problemClass, 128, 4, false, 0.6467329375339e-05);
            case A -> new MgProblem(problemClass, 256, 4, false, 0.2433365309069e-05);
            case B -> new MgProblem(problemClass, 256, 20, true, 0.1800564401355e-05);
            case C -> new MgProblem(problemClass, 512, 20, true, 0.5706732285740e-06);
        };
    }

    /**
     * @return the most processes the class runs on: at {@code points^3 / 16} every process still holds 16 points, more
     *         than the ten candidates of each sign it offers when the right-hand side is chosen, and no axis is cut
     *         into more blocks than it has points.
     */
    public int largestProcessCount()
    {
        return (int) Math.min(1L << 30, (long) points * points * points / 16);
    }

    /** @return the relative error of {@code l2Norm} against NPB's value. */
    public double relativeError(final double l2Norm)
    {
        return Math.abs(l2Norm - verifyL2Norm) / verifyL2Norm;
    }

    /** @return whether {@code l2Norm} matches NPB's value within {@link #EPSILON}; false for NaN. */
    public boolean verifies(final double l2Norm)
    {
        return relativeError(l2Norm) <= EPSILON;
    }

    /** @return NPB's operation count for the timed section, in millions: 58 per point per iteration. */
    public double millionsOfOperations()
    {
        return 58.0e-6 * iterations * (double) points * points * points;
    }
}
