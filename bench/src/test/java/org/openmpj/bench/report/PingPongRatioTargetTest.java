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
        final PingPongRatioTarget time = new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3);
        final PingPongRatioTarget.Judgement judged = time.judge(rounds, MINE, THEIRS).orElseThrow();
        assertEquals(List.of(1.0, 3.0, 1.25), judged.perRound());
        assertEquals(1.25, judged.median());
        assertTrue(judged.met());
        assertFalse(new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.2).judge(rounds, MINE, THEIRS).orElseThrow().met());
    }

    @Test
    void bandwidthRatiosAreTheReferencesTimeOverTheSubjects()
    {
        final List<ResultSet> rounds = List.of(round(2.0, 1.0), round(1.0, 1.0));
        final PingPongRatioTarget bandwidth = new PingPongRatioTarget(1, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9);
        final PingPongRatioTarget.Judgement judged = bandwidth.judge(rounds, MINE, THEIRS).orElseThrow();
        assertEquals(List.of(0.5, 1.0), judged.perRound());
        assertEquals(0.75, judged.median());
        assertFalse(judged.met());
        assertEquals("1 B bandwidth of Java ≥ 0.9× C's", bandwidth.describe("Java", "C"));
        assertEquals("1 MiB one-way time of Java ≤ 1.3× C's",
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3).describe("Java", "C"));
    }

    @Test
    void roundsMissingEitherSideAreLeftOut()
    {
        final ResultSet onlyMine = new ResultSet(List.of(new SizeResult("j", 1, 100, 5, 9.0, 9.0)), List.of());
        final PingPongRatioTarget time = new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3);
        assertEquals(List.of(2.0), time.judge(List.of(onlyMine, round(4.0, 2.0)), MINE, THEIRS).orElseThrow().perRound());
        assertTrue(time.judge(List.of(onlyMine), MINE, THEIRS).isEmpty());
        assertTrue(new PingPongRatioTarget(2, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3).judge(List.of(round(1, 1)), MINE, THEIRS).isEmpty());
    }
}
