package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CollectiveLinesTest
{
    @Test
    void formattedLinesParseBack()
    {
        final List<CollectiveResult> results = List.of(
            new CollectiveResult("openmpj-thread", CollectiveOperation.ALLREDUCE, 4, 65536, 120, 5, 250.5, 240.25),
            new CollectiveResult("openmpj-thread", CollectiveOperation.BARRIER, 8, 0, 9000, 5, 3.5, 3.125));
        assertEquals(results, CollectiveLines.parse(results.stream().map(CollectiveLines::format).toList()));
    }

    @Test
    void readsTheNativeProgramsLinesAndSkipsEverythingElse()
    {
        final List<CollectiveResult> parsed = CollectiveLines.parse(List.of(
            "# openmpi collectives at 2 ranks: 5 timed batches of about 30 ms per operation and size",
            "[vm:01234] MCA binding: rank 0 bound to socket 0[core 0[hwt 0]]",
            "result impl=openmpi bytes=1 iterations=11867 repetitions=5 oneway_us_median=0.4164 oneway_us_min=0.3959",
            "collective impl=openmpi op=alltoall ranks=2 bytes=16 iterations=61000 repetitions=5 us_median=0.4912 us_min=0.4800",
            ""));
        assertEquals(List.of(new CollectiveResult("openmpi", CollectiveOperation.ALLTOALL, 2, 16, 61000, 5, 0.4912, 0.48)), parsed);
    }

    @Test
    void aLineWithAnUnknownOperationOrAMissingFieldIsAnError()
    {
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> CollectiveLines.parse(List.of(
            "collective impl=x op=scan ranks=2 bytes=8 iterations=1 repetitions=1 us_median=1 us_min=1")));
        assertTrue(unknown.getMessage().contains("op=scan") && unknown.getMessage().contains("in: collective"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CollectiveLines.parse(List.of(
            "collective impl=x op=bcast bytes=8 iterations=1 repetitions=1 us_median=1 us_min=1")));
        assertThrows(IllegalArgumentException.class, () -> CollectiveLines.parse(List.of(
            "collective impl=x op=bcast ranks=2 bytes=8 iterations=1 repetitions=1 us_median=fast us_min=1")));
    }
}
