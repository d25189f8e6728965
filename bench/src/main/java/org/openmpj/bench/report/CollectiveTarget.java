package org.openmpj.bench.report;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.CollectiveOperation;

/**
 * The performance target for OpenMPJ's collectives, as a ratio of OpenMPJ's time per call to Open MPI's. With one
 * rank per core or fewer, every collective at least matches Open MPI ({@code ratio <= 1}) from
 * {@link #MATCH_FROM_BYTES} up; smaller messages and Barrier have no target. Oversubscribed (more ranks than
 * cores), every collective at every size, Barrier included, completes within {@link #OVERSUBSCRIBED_RATIO} times
 * Open MPI's time at the same oversubscription. On two cores that is: 2 ranks match, 4 and 8 ranks within 3x.
 */
public final class CollectiveTarget
{
    /** 64 KiB. */
    public static final int MATCH_FROM_BYTES = 64 * 1024;
    /** The largest acceptable time ratio when oversubscribed. */
    public static final double OVERSUBSCRIBED_RATIO = 3.0;

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
        /** No target applies here, or a time is missing. */
        NONE
    }

    /**
     * @param operation the collective.
     * @param ranks     the job size.
     * @param cores     the cores the job ran on.
     * @param bytes     the per-rank message size.
     * @param ratio     OpenMPJ's time per call divided by Open MPI's; NaN when either is missing.
     * @return the verdict.
     */
    public static Verdict verdict(final CollectiveOperation operation, final int ranks, final int cores, final int bytes, final double ratio)
    {
        final double limit = limit(operation, ranks, cores, bytes);
        if (Double.isNaN(limit) || Double.isNaN(ratio))
        {
            return Verdict.NONE;
        }
        return ratio <= limit ? Verdict.MET : Verdict.MISSED;
    }

    /** @return the largest acceptable ratio for this measurement, or NaN when no target applies. */
    public static double limit(final CollectiveOperation operation, final int ranks, final int cores, final int bytes)
    {
        if (ranks > cores)
        {
            return OVERSUBSCRIBED_RATIO;
        }
        return operation.hasMessage() && bytes >= MATCH_FROM_BYTES ? 1.0 : Double.NaN;
    }

    /**
     * @param ranks     the job size.
     * @param cores     the cores the job ran on.
     * @param subject   the name of the implementation held to the target.
     * @param reference the name of the implementation it is compared with.
     * @return the target of a job size in words, e.g. {@code OpenMPJ ≤ 1× Open MPI's time from 64 KiB up}.
     */
    public static String describe(final int ranks, final int cores, final String subject, final String reference)
    {
        return ranks > cores
            ? subject + " ≤ " + (int)OVERSUBSCRIBED_RATIO + "× " + reference + "'s time at every size, Barrier included (oversubscribed)"
            : subject + " ≤ 1× " + reference + "'s time from " + ByteSizes.label(MATCH_FROM_BYTES)
                + " up; no target below, nor for Barrier (one rank per core or fewer)";
    }
}
