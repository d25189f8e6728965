package org.openmpj.bench;

/**
 * The timings of one implementation running one collective at one rank count and message size.
 *
 * @param impl         the implementation's short name, e.g. {@code openmpj-thread}.
 * @param operation    the collective.
 * @param ranks        the ranks taking part.
 * @param bytes        the per-rank message size (see {@link CollectiveOperation#bytesMoved}); 0 for Barrier.
 * @param iterations   calls in each timed batch.
 * @param repetitions  timed batches.
 * @param usMedian     median over the batches of the time per call, in microseconds; a batch lasts as long as
 *                     its slowest rank.
 * @param usMin        minimum over the batches of the time per call, in microseconds.
 */
public record CollectiveResult(
    String impl, CollectiveOperation operation, int ranks, int bytes, long iterations, int repetitions, double usMedian, double usMin)
{
    private static final double BYTES_PER_GB = 1e9;
    private static final double MICROS_PER_SECOND = 1e6;

    /** @return the bytes one call moves, by the operation's definition. */
    public long bytesMoved()
    {
        return operation.bytesMoved(ranks, bytes);
    }

    /** @return bytes moved per median call time, in GB/s (1 GB = 10^9 B); 0 for Barrier. */
    public double aggregatedGbsMedian()
    {
        return aggregatedGbs(usMedian);
    }

    /** @return bytes moved per minimum call time: the best batch's aggregated bandwidth, in GB/s. */
    public double aggregatedGbsMax()
    {
        return aggregatedGbs(usMin);
    }

    private double aggregatedGbs(final double us)
    {
        return bytesMoved() / (us / MICROS_PER_SECOND) / BYTES_PER_GB;
    }
}
