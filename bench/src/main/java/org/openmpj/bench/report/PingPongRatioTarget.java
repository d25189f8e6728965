package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.ResultSet;

/**
 * A performance target of a ping-pong report relative to another implementation at one message size: OpenMPJ's one-way
 * time at most, or its bandwidth at least, a multiple of the reference's, judged on the median of the per-round ratios.
 *
 * @param bytes     the message size judged.
 * @param kind      what is judged.
 * @param threshold the limit, as a multiple of the reference.
 * @param reference the implementation OpenMPJ is measured against, e.g. Open MPI.
 */
public record PingPongRatioTarget(int bytes, Kind kind, double threshold, Implementation reference) implements PingPongTarget
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
     * @param rounds  the results of each round.
     * @param subject the implementation judged.
     * @return the judgement, or empty when no round measured both at this size.
     */
    public Optional<Judgement> judge(final List<ResultSet> rounds, final Implementation subject)
    {
        final List<Double> ratios = times(rounds, subject).stream().map(pair -> ratio(pair[0] / pair[1])).toList();
        if (ratios.isEmpty())
        {
            return Optional.empty();
        }
        return Optional.of(Judgement.of(ratios, median -> kind == Kind.TIME_AT_MOST ? median <= threshold : median >= threshold));
    }

    /**
     * @param rounds  the results of each round.
     * @param subject the implementation judged.
     * @return a sentence on the rounds in which both sides ran in one state ({@link SameStateRounds}), with the median of
     *         their ratios; empty when every round that measured both did so, or none measured both.
     */
    public Optional<String> sameState(final List<ResultSet> rounds, final Implementation subject)
    {
        final List<double[]> times = times(rounds, subject);
        final double[] same = Arrays.stream(SameStateRounds.timeRatios(times)).map(this::ratio).toArray();
        if (same.length == times.size())
        {
            return Optional.empty();
        }
        final String which = " Rounds in which both ran in one state (" + SameStateRounds.RULE + " at this size, or both beyond it): ";
        return Optional.of(which + (same.length == 0 ? "none of " + times.size() + "." : same.length + " of " + times.size()
            + ", median " + String.format(java.util.Locale.ROOT, "%.2f×", org.openmpj.bench.Samples.median(same)) + "."));
    }

    /** @return each round's one-way time of {@code subject} and of the reference at this size, where the round measured both. */
    private List<double[]> times(final List<ResultSet> rounds, final Implementation subject)
    {
        final List<double[]> times = new ArrayList<>();
        for (final ResultSet round : rounds)
        {
            final Optional<Double> mine = MarkdownReport.find(round, subject, bytes).map(result -> result.onewayUsMedian());
            final Optional<Double> theirs = MarkdownReport.find(round, reference, bytes).map(result -> result.onewayUsMedian());
            if (mine.isPresent() && theirs.isPresent() && mine.get() > 0 && theirs.get() > 0)
            {
                times.add(new double[] {mine.get(), theirs.get()});
            }
        }
        return times;
    }

    /** @return the judged ratio for {@code timeRatio}, the subject's time over the reference's: itself, or its inverse for bandwidth. */
    private double ratio(final double timeRatio)
    {
        return kind == Kind.TIME_AT_MOST ? timeRatio : 1 / timeRatio;
    }

    /**
     * @param subject the name of the implementation judged.
     * @return the target in words, e.g. {@code 1 B one-way time of OpenMPJ shm ≤ 1.2× Open MPI's}.
     */
    public String describe(final String subject)
    {
        return ByteSizes.label(bytes) + (kind == Kind.TIME_AT_MOST ? " one-way time of " : " bandwidth of ") + subject
            + (kind == Kind.TIME_AT_MOST ? " ≤ " : " ≥ ") + MarkdownReport.factor(threshold)
            + "× " + reference.label() + "'s";
    }

    /** @return e.g. {@code 1 B one-way time of OpenMPJ shm ≤ 1.2× Open MPI's: 1.25×, **missed** (median of the ratios ...).} */
    @Override
    public String report(final List<ResultSet> rounds, final Implementation subject, final long eagerLimitBytes)
    {
        return describe(subject.label()) + ": " + judge(rounds, subject).map(Judgement::describe)
            .orElse(subject.label() + " and " + reference.label() + " not both measured at this size in any round") + "."
            + sameState(rounds, subject).orElse("");
    }
}
