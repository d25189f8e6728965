package org.openmpj.bench;

/**
 * The timings of one implementation at one message size.
 *
 * @param impl            the implementation's short name, e.g. {@code openmpj-thread}.
 * @param bytes           the message size.
 * @param iterations      round trips in each timed batch.
 * @param repetitions     timed batches.
 * @param onewayUsMedian  median over the batches of half a round trip, in microseconds.
 * @param onewayUsMin     minimum over the batches of half a round trip, in microseconds.
 */
public record SizeResult(
    String impl, int bytes, long iterations, int repetitions, double onewayUsMedian, double onewayUsMin)
{
    private static final double BYTES_PER_GB = 1e9;
    private static final double MICROS_PER_SECOND = 1e6;

    /** @return bytes per median one-way time, in GB/s (1 GB = 10^9 B). */
    public double bandwidthGbsMedian()
    {
        return bandwidthGbs(onewayUsMedian);
    }

    /** @return bytes per minimum one-way time: the best batch's bandwidth, in GB/s. */
    public double bandwidthGbsMax()
    {
        return bandwidthGbs(onewayUsMin);
    }

    private double bandwidthGbs(final double onewayUs)
    {
        return bytes / (onewayUs / MICROS_PER_SECOND) / BYTES_PER_GB;
    }
}
