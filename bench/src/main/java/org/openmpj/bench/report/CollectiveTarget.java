package org.openmpj.bench.report;

/**
 * The performance target of OpenMPJ's collectives: in every cell, that is every operation (Barrier and Reduce included)
 * at every message size, OpenMPJ's time per call over Open MPI's is at most a limit that depends only on how the job
 * sits on the cores. With one rank per core or fewer, OpenMPJ at least matches Open MPI ({@link #MATCHED_RATIO});
 * oversubscribed (more ranks than cores), it takes at most {@link #OVERSUBSCRIBED_RATIO} times Open MPI's time at the
 * same oversubscription. On two cores: 2 ranks within 1×, 4 and 8 ranks within 2×. Stateless.
 */
public final class CollectiveTarget
{
    /** The largest acceptable time ratio with one rank per core or fewer. */
    public static final double MATCHED_RATIO = 1.0;
    /** The largest acceptable time ratio when oversubscribed. */
    public static final double OVERSUBSCRIBED_RATIO = 2.0;

    private CollectiveTarget()
    {
    }

    /** Whether a measurement meets its target. */
    public enum Verdict
    {
        /** The ratio is within the target. */
        MET,
        /** The ratio is beyond the target. */
        MISSED,
        /** A time is missing, so nothing is judged. */
        NONE
    }

    /**
     * @param ranks the job size.
     * @param cores the cores the job ran on.
     * @param ratio OpenMPJ's time per call divided by Open MPI's; NaN when either is missing.
     * @return the verdict.
     */
    public static Verdict verdict(final int ranks, final int cores, final double ratio)
    {
        if (Double.isNaN(ratio))
        {
            return Verdict.NONE;
        }
        return ratio <= limit(ranks, cores) ? Verdict.MET : Verdict.MISSED;
    }

    /** @return the largest acceptable ratio in every cell of a job of {@code ranks} ranks on {@code cores} cores. */
    public static double limit(final int ranks, final int cores)
    {
        return isOversubscribed(ranks, cores) ? OVERSUBSCRIBED_RATIO : MATCHED_RATIO;
    }

    /** @return whether the job has more ranks than cores. */
    public static boolean isOversubscribed(final int ranks, final int cores)
    {
        return ranks > cores;
    }

    /**
     * @param ranks     the job size.
     * @param cores     the cores the job ran on.
     * @param subject   the name of the implementation held to the target.
     * @param reference the name of the implementation it is compared with.
     * @return the target of a job size in words, e.g.
     *         {@code OpenMPJ ≤ 2× Open MPI's time in every cell, ... (oversubscribed: 8 ranks on 2 cores)}.
     */
    public static String describe(final int ranks, final int cores, final String subject, final String reference)
    {
        return subject + " ≤ " + MarkdownReport.factor(limit(ranks, cores)) + "× " + reference
            + "'s time in every cell: every operation, Barrier and Reduce included, at every size (" + (isOversubscribed(ranks, cores)
                ? "oversubscribed: " + ranks + " ranks on " + cores + " cores)"
                : "one rank per core or fewer)");
    }

}
