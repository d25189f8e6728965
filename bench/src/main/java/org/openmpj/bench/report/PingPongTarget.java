package org.openmpj.bench.report;

import java.util.Locale;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.SizeResult;

/**
 * A performance target of a ping-pong report at one message size: a one-way time at most, or a bandwidth at least,
 * judged on the median.
 *
 * @param bytes     the message size judged.
 * @param kind      what is judged.
 * @param threshold the limit: microseconds for {@link Kind#ONE_WAY_AT_MOST_US}, GB/s for {@link Kind#BANDWIDTH_AT_LEAST_GBS}.
 * @param sizeNote  said after the size, e.g. why 1 MiB stands for 1 MB; may be empty.
 */
public record PingPongTarget(int bytes, Kind kind, double threshold, String sizeNote)
{
    /** What a target limits. */
    public enum Kind
    {
        /** The median one-way time, at most the threshold in µs. */
        ONE_WAY_AT_MOST_US,
        /** The bandwidth at the median one-way time, at least the threshold in GB/s. */
        BANDWIDTH_AT_LEAST_GBS
    }

    /** @return the measured value this target judges: µs or GB/s at the median. */
    public double value(final SizeResult result)
    {
        return kind == Kind.ONE_WAY_AT_MOST_US ? result.onewayUsMedian() : result.bandwidthGbsMedian();
    }

    /** @return whether {@code result} meets the target. */
    public boolean isMet(final SizeResult result)
    {
        final double value = value(result);
        return kind == Kind.ONE_WAY_AT_MOST_US ? value <= threshold : value >= threshold;
    }

    /** @return the target in words, e.g. {@code 1 B one-way time ≤ 6 µs}. */
    public String describe()
    {
        final String size = ByteSizes.label(bytes) + (sizeNote.isEmpty() ? "" : " (" + sizeNote + ")");
        return kind == Kind.ONE_WAY_AT_MOST_US
            ? size + " one-way time ≤ " + number(threshold) + " µs"
            : size + " bandwidth ≥ " + number(threshold) + " GB/s";
    }

    /** @return a measured value with its unit, e.g. {@code 5.120 µs} or {@code 4.37 GB/s}. */
    public String format(final SizeResult result)
    {
        return kind == Kind.ONE_WAY_AT_MOST_US
            ? MarkdownReport.micros(value(result)) + " µs"
            : MarkdownReport.gigabytes(value(result)) + " GB/s";
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? Long.toString((long)value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
