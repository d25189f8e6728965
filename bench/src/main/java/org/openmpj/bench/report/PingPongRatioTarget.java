package org.openmpj.bench.report;

import java.util.ArrayList;
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
    /**
     * How far beyond its own fastest round at a size a side's time may lie and still count as run in the machine's state of
     * that round. A VM whose cores' speed between each other changes several times over every few seconds puts the two
     * sides of a round in different states now and then; such a round's ratio compares the machine rather than the programs.
     */
    public static final double SAME_STATE_SPREAD = 1.5;

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
        return Optional.of(Judgement.of(ratios, median -> kind == Kind.TIME_AT_MOST ? median <= threshold : median >= threshold));
    }

    /**
     * @param rounds  the results of each round.
     * @param subject the implementation judged.
     * @return a sentence on the rounds in which both sides ran in one state, each within {@link #SAME_STATE_SPREAD} times its
     *         own fastest round at this size or both beyond it, with the median of their ratios; empty when every round that
     *         measured both did so, or none measured both.
     */
    public Optional<String> sameState(final List<ResultSet> rounds, final Implementation subject)
    {
        final List<double[]> pairs = new ArrayList<>();
        for (final ResultSet round : rounds)
        {
            final Optional<Double> mine = MarkdownReport.find(round, subject, bytes).map(result -> result.onewayUsMedian());
            final Optional<Double> theirs = MarkdownReport.find(round, reference, bytes).map(result -> result.onewayUsMedian());
            if (mine.isPresent() && theirs.isPresent() && mine.get() > 0 && theirs.get() > 0)
            {
                pairs.add(new double[] {mine.get(), theirs.get()});
            }
        }
        final double fastestMine = pairs.stream().mapToDouble(pair -> pair[0]).min().orElse(0);
        final double fastestTheirs = pairs.stream().mapToDouble(pair -> pair[1]).min().orElse(0);
        final List<Double> same = new ArrayList<>();
        for (final double[] pair : pairs)
        {
            if (pair[0] > SAME_STATE_SPREAD * fastestMine == pair[1] > SAME_STATE_SPREAD * fastestTheirs)
            {
                same.add(kind == Kind.TIME_AT_MOST ? pair[0] / pair[1] : pair[1] / pair[0]);
            }
        }
        if (same.size() == pairs.size())
        {
            return Optional.empty();
        }
        final String which = " Rounds in which both ran in one state (each within " + MarkdownReport.factor(SAME_STATE_SPREAD)
            + "× of its own fastest round at this size, or both beyond it): ";
        return Optional.of(which + (same.isEmpty() ? "none of " + pairs.size() + "." : same.size() + " of " + pairs.size()
            + ", median " + String.format(java.util.Locale.ROOT, "%.2f×",
                org.openmpj.bench.Samples.median(same.stream().mapToDouble(Double::doubleValue).toArray())) + "."));
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
