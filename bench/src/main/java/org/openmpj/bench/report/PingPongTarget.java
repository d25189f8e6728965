package org.openmpj.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.function.DoublePredicate;

import org.openmpj.bench.ResultSet;
import org.openmpj.bench.Samples;

/**
 * A performance target of a ping-pong report, judged on ratios taken within each round and then on their median over the
 * rounds: the implementations take turns within a round, so a round's ratio compares runs that met the same conditions,
 * where the ratio of two medians over all rounds could pair a slow round of one with a fast round of the other. Immutable.
 */
public sealed interface PingPongTarget permits PingPongRatioTarget, BeyondEagerTarget
{
    /**
     * A target applied to one ratio of a run.
     *
     * @param perRound the ratio of each round that measured what it needs, in round order.
     * @param median   their median.
     * @param met      whether the median meets the target.
     */
    record Judgement(List<Double> perRound, double median, boolean met)
    {
        /** Copies the ratios. */
        public Judgement
        {
            perRound = List.copyOf(perRound);
        }

        /**
         * @param perRound at least one ratio, in round order.
         * @param meets    whether a median meets the target.
         * @return the judgement of their median.
         */
        public static Judgement of(final List<Double> perRound, final DoublePredicate meets)
        {
            final double median = Samples.median(perRound.stream().mapToDouble(Double::doubleValue).toArray());
            return new Judgement(perRound, median, meets.test(median));
        }

        /** @return e.g. {@code 1.25×, met (median of the ratios of the rounds: 1.00, 1.50)}. */
        public String describe()
        {
            return ratio() + ", " + (met ? "met" : "**missed**") + " " + rounds();
        }

        /** @return the median, e.g. {@code 1.25×}. */
        public String ratio()
        {
            return String.format(Locale.ROOT, "%.2f×", median);
        }

        /** @return the ratios it is the median of, e.g. {@code (median of the ratios of the rounds: 1.00, 1.50)}. */
        public String rounds()
        {
            return "(median of the ratios of " + (perRound.size() == 1 ? "the one round" : "the rounds") + ": "
                + String.join(", ", perRound.stream().map(ratio -> String.format(Locale.ROOT, "%.2f", ratio)).toList()) + ")";
        }
    }

    /**
     * @param rounds          the results of each round.
     * @param subject         the implementation judged.
     * @param eagerLimitBytes the subject's eager limit during the run; negative when the run states none.
     * @return the report's line for the target, without its list dash: what it asks, the median of the rounds' ratios with
     *         those ratios, and met or missed; or what was not measured.
     */
    String report(List<ResultSet> rounds, Implementation subject, long eagerLimitBytes);
}
