package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.report.CollectiveTarget.Verdict;

class CollectiveTargetTest
{
    private static final int CORES = 2;

    @Test
    void withARankPerCoreOpenMpjMustMatchFrom64KibibytesUp()
    {
        assertEquals(Verdict.NONE, CollectiveTarget.verdict(CollectiveOperation.BCAST, 2, CORES, 16384, 5.0));
        assertEquals(Verdict.MET, CollectiveTarget.verdict(CollectiveOperation.BCAST, 2, CORES, 65536, 1.0));
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(CollectiveOperation.ALLTOALL, 2, CORES, 65536, 1.01));
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(CollectiveOperation.ALLREDUCE, 2, CORES, 4 << 20, 2.0));
        assertEquals(Verdict.NONE, CollectiveTarget.verdict(CollectiveOperation.BARRIER, 2, CORES, 0, 9.0), "Barrier has no size");
    }

    @Test
    void oversubscribedEveryOperationAndSizeMustStayWithinThreeTimes()
    {
        assertEquals(Verdict.MET, CollectiveTarget.verdict(CollectiveOperation.BCAST, 4, CORES, 16, 3.0));
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(CollectiveOperation.ALLGATHER, 8, CORES, 16, 3.01));
        assertEquals(Verdict.MET, CollectiveTarget.verdict(CollectiveOperation.BARRIER, 8, CORES, 0, 0.5));
        assertEquals(Verdict.MISSED, CollectiveTarget.verdict(CollectiveOperation.BARRIER, 4, CORES, 0, 4.0));
        assertEquals(Verdict.NONE, CollectiveTarget.verdict(CollectiveOperation.BARRIER, 4, CORES, 0, Double.NaN), "a time is missing");
        assertEquals(Verdict.NONE, CollectiveTarget.verdict(CollectiveOperation.BCAST, 4, 4, 16, 3.0), "4 ranks on 4 cores is not oversubscribed");
    }
}
