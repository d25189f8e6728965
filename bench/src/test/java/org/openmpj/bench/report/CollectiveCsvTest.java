package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;

class CollectiveCsvTest
{
    @Test
    void headerThenOneRowPerResultWithBytesMovedAndAggregatedBandwidth()
    {
        final String csv = CollectiveCsv.render(List.of(
            new CollectiveResult("openmpi", CollectiveOperation.ALLTOALL, 2, 500_000, 10, 15, 1000.0, 500.0),
            new CollectiveResult("openmpj-thread", CollectiveOperation.BARRIER, 8, 0, 9000, 15, 3.5, 3.25)));
        assertEquals("""
            impl,op,ranks,bytes,bytes_moved,us_median,us_min,aggregated_gbs_median,aggregated_gbs_max,iterations,repetitions
            openmpi,alltoall,2,500000,1000000,1000.0000,500.0000,1.0000,2.0000,10,15
            openmpj-thread,barrier,8,0,0,3.5000,3.2500,0.0000,0.0000,9000,15
            """, csv);
    }
}
