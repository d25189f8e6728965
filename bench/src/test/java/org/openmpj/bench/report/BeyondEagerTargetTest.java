package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;

class BeyondEagerTargetTest
{
    private static final Implementation MINE = new Implementation("j", "Java");
    private static final int KIB = 1024;
    private static final BeyondEagerTarget NO_SLOWER = new BeyondEagerTarget(1.0);

    /** One round of the subject's median one-way times at 32, 64, 128 and 256 KiB. */
    private static ResultSet round(final double at32, final double at64, final double at128, final double at256)
    {
        return new ResultSet(List.of(
            new SizeResult("j", 32 * KIB, 100, 5, at32, at32), new SizeResult("j", 64 * KIB, 100, 5, at64, at64),
            new SizeResult("j", 128 * KIB, 100, 5, at128, at128), new SizeResult("j", 256 * KIB, 100, 5, at256, at256),
            new SizeResult("other", 128 * KIB, 100, 5, 1.0, 1.0)), List.of());
    }

    @Test
    void everySizeAboveTheEagerLimitIsHeldToTheLargestEagerSizesBandwidthRoundByRound()
    {
        // 128 KiB against 64 KiB per round: 0.80, 1.11, 0.91 (median 0.91, missed); 256 KiB: 1.33, 1.33, 1.00 (met).
        final List<ResultSet> rounds = List.of(round(6, 10, 25, 30), round(6, 10, 18, 30), round(6, 10, 22, 40));

        final BeyondEagerTarget.Outcome outcome = NO_SLOWER.judge(rounds, MINE, 64 * KIB).orElseThrow();

        assertEquals(64 * KIB, outcome.eagerBytes());
        assertEquals(List.of(128 * KIB, 256 * KIB), outcome.sizes().stream().map(BeyondEagerTarget.SizeJudgement::bytes).toList());
        assertFalse(outcome.met());
        final PingPongTarget.Judgement lowest = outcome.lowest().orElseThrow().judgement();
        assertEquals(128 * KIB, outcome.lowest().orElseThrow().bytes());
        assertEquals(0.909, lowest.median(), 1e-3);
        assertFalse(lowest.met());
        assertTrue(outcome.sizes().get(1).judgement().met());
        assertEquals("bandwidth of Java at every size above its eager limit (64 KiB) ≥ 1× its bandwidth at 64 KiB, the largest eager size: "
            + "**missed** at 1 of 2 sizes; the lowest, 0.91× at 128 KiB (median of the ratios of the rounds: 0.80, 1.11, 0.91).",
            NO_SLOWER.report(rounds, MINE, 64 * KIB));
    }

    @Test
    void theLargestSizeMeasuredWithinALimitThatIsNoPowerOfTwoIsTheEagerSize()
    {
        // Against 32 KiB: 64 KiB 1.11, 128 KiB 1.00, 256 KiB 1.33.
        final List<ResultSet> rounds = List.of(round(5, 9, 20, 30));

        final String line = NO_SLOWER.report(rounds, MINE, 50_000);

        assertEquals("bandwidth of Java at every size above its eager limit (50000 B) ≥ 1× its bandwidth at 32 KiB, the largest eager size: "
            + "met at all 3 sizes; the lowest, 1.00× at 128 KiB (median of the ratios of the one round: 1.00).", line);
    }

    @Test
    void saysWhatWasNotMeasured()
    {
        final List<ResultSet> rounds = List.of(round(5, 10, 20, 40));

        assertTrue(NO_SLOWER.judge(rounds, MINE, 16 * KIB).isEmpty());
        assertEquals("bandwidth of Java at every size above its eager limit (16 KiB) ≥ 1× its bandwidth at 16 KiB, the largest eager size: "
            + "Java not measured at or below its eager limit in any round.", NO_SLOWER.report(rounds, MINE, 16 * KIB));
        assertEquals("bandwidth of Java at every size above its eager limit (1 MiB) ≥ 1× its bandwidth at 256 KiB, the largest eager size: "
            + "no round measured Java both at 256 KiB and above its eager limit.", NO_SLOWER.report(rounds, MINE, 1024 * KIB));
        assertEquals("bandwidth of Java above its eager limit: the run states no eager limit.", NO_SLOWER.report(rounds, MINE, -1));
    }
}
