package org.openmpj.bench.report;

import java.util.List;

/**
 * The rounds in which both sides of a comparison ran in one state of the machine. A VM whose cores' speed between each
 * other changes several times over every few seconds puts the two sides of a round in different states now and then; such
 * a round's ratio compares the machine rather than the programs. A side counts as run in a round's state when its time
 * lies within {@link #SPREAD} times its own fastest round's there, or both sides lie beyond it. Stateless.
 */
final class SameStateRounds
{
    /** How far beyond its own fastest round a side's time may lie and still count as run in the fast state. */
    static final double SPREAD = 1.5;
    /** What the judgement takes, for the reports' sentences, e.g. {@code each within 1.5× of its own fastest round}. */
    static final String RULE = "each within " + MarkdownReport.factor(SPREAD) + "× of its own fastest round";

    private SameStateRounds()
    {
    }

    /**
     * @param times each round's time of the subject and of the reference, both positive, in round order.
     * @return the subject's time over the reference's in the rounds in which both ran in one state, in round order.
     */
    static double[] timeRatios(final List<double[]> times)
    {
        final double fastestSubject = times.stream().mapToDouble(pair -> pair[0]).min().orElse(0);
        final double fastestReference = times.stream().mapToDouble(pair -> pair[1]).min().orElse(0);
        return times.stream().filter(pair -> pair[0] > SPREAD * fastestSubject == pair[1] > SPREAD * fastestReference)
            .mapToDouble(pair -> pair[0] / pair[1]).toArray();
    }
}
