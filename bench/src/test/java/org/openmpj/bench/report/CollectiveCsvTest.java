package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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

    @Test
    void whatRenderWroteParsesBackThroughTheResultLineParser()
    {
        final List<CollectiveResult> results = List.of(
            new CollectiveResult("openmpj-shm", CollectiveOperation.ALLGATHER, 8, 1024, 400, 5, 12.5, 11.25),
            new CollectiveResult("openmpi", CollectiveOperation.BARRIER, 8, 0, 9000, 5, 3.5, 3.25));
        final List<String> lines = new ArrayList<>(CollectiveCsv.render(results).lines().toList());
        lines.add("");
        assertEquals(results, CollectiveCsv.parse(lines));
        assertEquals("collectives.csv", CollectiveCsv.fileName(BenchDevice.THREAD));
        assertEquals("collectives-shm.csv", CollectiveCsv.fileName(BenchDevice.SHM));
    }

    @Test
    void rejectsWhatIsNotACollectivesCsv()
    {
        final IllegalArgumentException noHeader = assertThrows(IllegalArgumentException.class,
            () -> CollectiveCsv.parse(List.of("openmpi,barrier,2,0,0,1.0,1.0,0,0,10,5")));
        assertTrue(noHeader.getMessage().contains("header"), noHeader.getMessage());
        final IllegalArgumentException shortRow = assertThrows(IllegalArgumentException.class,
            () -> CollectiveCsv.parse(List.of(CollectiveCsv.HEADER, "openmpi,barrier,2")));
        assertTrue(shortRow.getMessage().startsWith("line 2 has 3 cells, the header 11"), shortRow.getMessage());
        final IllegalArgumentException badNumber = assertThrows(IllegalArgumentException.class,
            () -> CollectiveCsv.parse(List.of(CollectiveCsv.HEADER, "openmpi,barrier,two,0,0,1.0,1.0,0,0,10,5")));
        assertTrue(badNumber.getMessage().contains("ranks=two"), badNumber.getMessage());
        assertTrue(CollectiveCsv.parse(List.of(CollectiveCsv.HEADER)).isEmpty());
    }
}
