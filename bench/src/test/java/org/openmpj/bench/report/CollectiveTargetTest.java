package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.report.CollectiveTarget.Verdict;

class CollectiveTargetTest
{
    private static final int CORES = 2;

    @Test
    void withARankPerCoreOpenMpjMustMatchOpenMpiInEveryCell()
    {
        assertEquals(1.0, CollectiveTarget.limit(2, CORES));
        assertEquals(Verdict.MET, CollectiveTarget.verdict(2, CORES, 1.0));
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(2, CORES, 1.01));
        assertEquals(Verdict.MET, CollectiveTarget.verdict(1, CORES, 0.5), "fewer ranks than cores");
        assertEquals(Verdict.MET, CollectiveTarget.verdict(4, 4, 1.0), "4 ranks on 4 cores is not oversubscribed");
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(4, 4, 1.5));
    }

    @Test
    void oversubscribedEveryCellMustStayWithinTwice()
    {
        assertEquals(2.0, CollectiveTarget.limit(8, CORES));
        assertEquals(2.0, CollectiveTarget.limit(4, CORES));
        assertEquals(Verdict.MET, CollectiveTarget.verdict(8, CORES, 2.0));
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(8, CORES, 2.01));
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(4, CORES, 3.0));
        assertEquals(Verdict.NONE, CollectiveTarget.verdict(4, CORES, Double.NaN), "a time is missing");
    }

    @Test
    void describesTheLimitAndWhyItApplies()
    {
        assertEquals("Java ≤ 1× C's time in every cell: every operation, Barrier and Reduce included, at every size "
            + "(one rank per core or fewer)", CollectiveTarget.describe(2, CORES, "Java", "C"));
        assertEquals("Java ≤ 2× C's time in every cell: every operation, Barrier and Reduce included, at every size "
            + "(oversubscribed: 8 ranks on 2 cores)", CollectiveTarget.describe(8, CORES, "Java", "C"));
    }
}
