package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;

class PingPongRatioTargetTest
{
    private static final Implementation MINE = new Implementation("j", "Java");
    private static final Implementation THEIRS = new Implementation("c", "C");

    private static ResultSet round(final double mineUs, final double theirsUs)
    {
        return new ResultSet(List.of(new SizeResult("j", 1, 100, 5, mineUs, mineUs), new SizeResult("c", 1, 100, 5, theirsUs, theirsUs)),
            List.of());
    }

    @Test
    void theMedianOfThePerRoundRatiosIsJudgedNotTheRatioOfTheMedians()
    {
        // Per round 1.0, 3.0, 1.25: median 1.25. The medians (2.0 and 2.0) would have given 1.0.
        final List<ResultSet> rounds = List.of(round(1.0, 1.0), round(6.0, 2.0), round(2.5, 2.0));
        final PingPongRatioTarget time = new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3, THEIRS);
        final PingPongTarget.Judgement judged = time.judge(rounds, MINE).orElseThrow();
        assertEquals(List.of(1.0, 3.0, 1.25), judged.perRound());
        assertEquals(1.25, judged.median());
        assertTrue(judged.met());
        assertFalse(new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.2, THEIRS).judge(rounds, MINE).orElseThrow().met());
        assertEquals("1 B one-way time of Java ≤ 1.3× C's: 1.25×, met (median of the ratios of the rounds: 1.00, 3.00, 1.25).",
            time.report(rounds, MINE, 65536));
    }

    @Test
    void bandwidthRatiosAreTheReferencesTimeOverTheSubjects()
    {
        final List<ResultSet> rounds = List.of(round(2.0, 1.0), round(1.0, 1.0));
        final PingPongRatioTarget bandwidth = new PingPongRatioTarget(1, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9, THEIRS);
        final PingPongTarget.Judgement judged = bandwidth.judge(rounds, MINE).orElseThrow();
        assertEquals(List.of(0.5, 1.0), judged.perRound());
        assertEquals(0.75, judged.median());
        assertFalse(judged.met());
        assertEquals("1 B bandwidth of Java ≥ 0.9× C's", bandwidth.describe("Java"));
        assertEquals("1 MiB one-way time of Java ≤ 1× C's",
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.0, THEIRS).describe("Java"));
        assertEquals("1 B bandwidth of Java ≥ 0.9× C's: 0.75×, **missed** (median of the ratios of the rounds: 0.50, 1.00)."
            + " Rounds in which both ran in one state (each within 1.5× of its own fastest round at this size, or both beyond it):"
            + " 1 of 2, median 1.00×.", bandwidth.report(rounds, MINE, 65536));
    }

    @Test
    void roundsInWhichTheSidesMetDifferentStatesAreSetApart()
    {
        // Java fast in rounds 1 and 3, slow in 2 and 4; C fast in 1 and 2, slow in 3 and 4: rounds 1 and 4 are alike.
        final List<ResultSet> rounds = List.of(round(1.0, 1.0), round(4.0, 1.1), round(1.1, 3.0), round(4.4, 4.0));
        final PingPongRatioTarget time = new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.2, THEIRS);
        assertEquals(" Rounds in which both ran in one state (each within 1.5× of its own fastest round at this size, or both"
            + " beyond it): 2 of 4, median 1.05×.", time.sameState(rounds, MINE).orElseThrow());
        assertTrue(time.sameState(List.of(round(1.0, 1.0), round(1.2, 1.4)), MINE).isEmpty(), "every round alike");
        assertEquals(" Rounds in which both ran in one state (each within 1.5× of its own fastest round at this size, or both"
            + " beyond it): none of 2.", time.sameState(List.of(round(1.0, 3.0), round(3.0, 1.0)), MINE).orElseThrow());
    }

    @Test
    void roundsMissingEitherSideAreLeftOut()
    {
        final ResultSet onlyMine = new ResultSet(List.of(new SizeResult("j", 1, 100, 5, 9.0, 9.0)), List.of());
        final PingPongRatioTarget time = new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3, THEIRS);
        assertEquals(List.of(2.0), time.judge(List.of(onlyMine, round(4.0, 2.0)), MINE).orElseThrow().perRound());
        assertTrue(time.judge(List.of(onlyMine), MINE).isEmpty());
        assertEquals("1 B one-way time of Java ≤ 1.3× C's: Java and C not both measured at this size in any round.",
            time.report(List.of(onlyMine), MINE, 65536));
        assertTrue(new PingPongRatioTarget(2, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3, THEIRS).judge(List.of(round(1, 1)), MINE).isEmpty());
        assertEquals("(median of the ratios of the one round: 2.00)",
            time.judge(List.of(round(4.0, 2.0)), MINE).orElseThrow().rounds());
    }
}
