package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.Samples;

/**
 * A performance target of a ping-pong report relative to a native MPI at one message size: OpenMPJ's one-way time at
 * most, or its bandwidth at least, a multiple of the reference's. It is judged on the median of the per-round ratios:
 * the implementations take turns within a round, so a round's ratio compares runs that met the same conditions, where
 * the ratio of two medians could pair a slow round of one with a fast round of the other.
 *
 * @param bytes     the message size judged.
 * @param kind      what is judged.
 * @param threshold the limit, as a multiple of the reference.
 */
public record PingPongRatioTarget(int bytes, Kind kind, double threshold)
{
    /** What a target limits. */
    public enum Kind
    {
        /** OpenMPJ's median one-way time over the reference's, at most the threshold. */
        TIME_AT_MOST,
        /** OpenMPJ's bandwidth over the reference's (the reference's time over OpenMPJ's), at least the threshold. */
        BANDWIDTH_AT_LEAST
    }

    /**
     * The target applied to a run.
     *
     * @param perRound the ratio of each round in which both were measured at the size, in round order.
     * @param median   their median.
     * @param met      whether the median meets the target.
     */
    public record Judgement(List<Double> perRound, double median, boolean met)
    {
        /** Copies the ratios. */
        public Judgement
        {
            perRound = List.copyOf(perRound);
        }
    }

    /**
     * @param rounds    the results of each round.
     * @param subject   the implementation judged.
     * @param reference the implementation it is measured against.
     * @return the judgement, or empty when no round measured both at this size.
     */
    public Optional<Judgement> judge(final List<ResultSet> rounds, final Implementation subject, final Implementation reference)
    {
        final List<Double> ratios = new ArrayList<>();
        for (final ResultSet round : rounds)
        {
            final Optional<Double> mine = MarkdownReport.find(round, subject, bytes).map(result -> result.onewayUsMedian());
            final Optional<Double> theirs = MarkdownReport.find(round, reference, bytes).map(result -> result.onewayUsMedian());
            if (mine.isPresent() && theirs.isPresent() && mine.get() > 0 && theirs.get() > 0)
            {
                ratios.add(kind == Kind.TIME_AT_MOST ? mine.get() / theirs.get() : theirs.get() / mine.get());
            }
        }
        if (ratios.isEmpty())
        {
            return Optional.empty();
        }
        final double median = Samples.median(ratios.stream().mapToDouble(Double::doubleValue).toArray());
        return Optional.of(new Judgement(ratios, median, kind == Kind.TIME_AT_MOST ? median <= threshold : median >= threshold));
    }

    /**
     * @param subject   the name of the implementation judged.
     * @param reference the name of the implementation it is measured against.
     * @return the target in words, e.g. {@code 1 B one-way time of OpenMPJ shm ≤ 1.3× Open MPI's}.
     */
    public String describe(final String subject, final String reference)
    {
        return ByteSizes.label(bytes) + (kind == Kind.TIME_AT_MOST ? " one-way time of " : " bandwidth of ") + subject
            + (kind == Kind.TIME_AT_MOST ? " ≤ " : " ≥ ") + java.math.BigDecimal.valueOf(threshold).stripTrailingZeros().toPlainString()
            + "× " + reference + "'s";
    }
}
