package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;

/**
 * The target that no message size above OpenMPJ's eager limit is slower than the largest eager size: past the limit a
 * device hands messages over by another protocol, which must not cost more than it saves. The largest eager size is the
 * largest size measured at or below the run's eager limit. For each size above the limit, each round's ratio is the
 * size's bandwidth over the eager size's, both at the round's median times; a size meets the target when the median of
 * its rounds' ratios is at least {@code threshold}, and the target is met when every size does.
 *
 * @param threshold the smallest acceptable ratio of a larger size's bandwidth to the eager size's: 1 for "no slower".
 */
public record BeyondEagerTarget(double threshold) implements PingPongTarget
{
    /**
     * One size above the eager limit, judged.
     *
     * @param bytes     the size.
     * @param judgement its bandwidth over the eager size's, per round and their median.
     */
    public record SizeJudgement(int bytes, Judgement judgement)
    {
    }

    /**
     * The target applied to a run.
     *
     * @param eagerBytes the largest size measured at or below the eager limit, which the others are held to.
     * @param sizes      every size above the eager limit that some round measured with the eager size, ascending.
     */
    public record Outcome(int eagerBytes, List<SizeJudgement> sizes)
    {
        /** Copies the sizes. */
        public Outcome
        {
            sizes = List.copyOf(sizes);
        }

        /** @return whether every size meets the target; true when there is none. */
        public boolean met()
        {
            return sizes.stream().allMatch(size -> size.judgement().met());
        }

        /** @return the size with the lowest median ratio, if any. */
        public Optional<SizeJudgement> lowest()
        {
            return sizes.stream().min(Comparator.comparingDouble(size -> size.judgement().median()));
        }
    }

    /**
     * @param rounds          the results of each round.
     * @param subject         the implementation judged.
     * @param eagerLimitBytes its eager limit during the run.
     * @return the outcome, or empty when the run states no eager limit or no round measured a size at or below it.
     */
    public Optional<Outcome> judge(final List<ResultSet> rounds, final Implementation subject, final long eagerLimitBytes)
    {
        final TreeSet<Integer> measured = new TreeSet<>();
        rounds.forEach(round -> round.sizes().stream().filter(result -> result.impl().equals(subject.id()))
            .forEach(result -> measured.add(result.bytes())));
        final Integer eager = eagerLimitBytes < 0 ? null : measured.floor((int)Math.min(eagerLimitBytes, Integer.MAX_VALUE));
        if (eager == null)
        {
            return Optional.empty();
        }
        final List<SizeJudgement> sizes = new ArrayList<>();
        for (final int bytes : measured.tailSet(eager, false))
        {
            final List<Double> ratios = new ArrayList<>();
            for (final ResultSet round : rounds)
            {
                final Optional<SizeResult> large = MarkdownReport.find(round, subject, bytes);
                final Optional<SizeResult> reference = MarkdownReport.find(round, subject, eager);
                if (large.isPresent() && reference.isPresent() && large.get().onewayUsMedian() > 0 && reference.get().onewayUsMedian() > 0)
                {
                    ratios.add(large.get().bandwidthGbsMedian() / reference.get().bandwidthGbsMedian());
                }
            }
            if (!ratios.isEmpty())
            {
                sizes.add(new SizeJudgement(bytes, Judgement.of(ratios, median -> median >= threshold)));
            }
        }
        return Optional.of(new Outcome(eager, sizes));
    }

    /**
     * @param subject         the name of the implementation judged.
     * @param eagerLimitBytes its eager limit during the run.
     * @param eagerBytes      the largest size measured at or below it.
     * @return the target in words, e.g. {@code bandwidth of OpenMPJ shm at every size above its eager limit (64 KiB) ≥ 1× its
     *         bandwidth at 64 KiB, the largest eager size}.
     */
    public String describe(final String subject, final long eagerLimitBytes, final long eagerBytes)
    {
        return "bandwidth of " + subject + " at every size above its eager limit (" + ByteSizes.label(eagerLimitBytes) + ") ≥ "
            + MarkdownReport.factor(threshold) + "× its bandwidth at " + ByteSizes.label(eagerBytes)
            + ", the largest eager size";
    }

    /**
     * @return e.g. {@code bandwidth of ... the largest eager size: **missed** at 2 of 8 sizes; the lowest, 0.82× at 128 KiB
     *         (median of the ratios of the rounds: 0.80, 0.82, 0.90).}
     */
    @Override
    public String report(final List<ResultSet> rounds, final Implementation subject, final long eagerLimitBytes)
    {
        if (eagerLimitBytes < 0)
        {
            return "bandwidth of " + subject.label() + " above its eager limit: the run states no eager limit.";
        }
        final Optional<Outcome> judged = judge(rounds, subject, eagerLimitBytes);
        if (judged.isEmpty())
        {
            return describe(subject.label(), eagerLimitBytes, eagerLimitBytes) + ": " + subject.label()
                + " not measured at or below its eager limit in any round.";
        }
        final Outcome outcome = judged.get();
        final String target = describe(subject.label(), eagerLimitBytes, outcome.eagerBytes()) + ": ";
        final Optional<SizeJudgement> lowest = outcome.lowest();
        if (lowest.isEmpty())
        {
            return target + "no round measured " + subject.label() + " both at " + ByteSizes.label(outcome.eagerBytes())
                + " and above its eager limit.";
        }
        final long missed = outcome.sizes().stream().filter(size -> !size.judgement().met()).count();
        final int judgedSizes = outcome.sizes().size();
        final String count = missed == 0
            ? "met at all " + judgedSizes + (judgedSizes == 1 ? " size" : " sizes")
            : "**missed** at " + missed + " of " + judgedSizes + (judgedSizes == 1 ? " size" : " sizes");
        final Judgement worst = lowest.get().judgement();
        return target + count + "; the lowest, " + worst.ratio() + " at " + ByteSizes.label(lowest.get().bytes()) + " " + worst.rounds() + ".";
    }
}
