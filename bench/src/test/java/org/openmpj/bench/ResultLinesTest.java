package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ResultLinesTest
{
    @Test
    void formattedLinesParseBack()
    {
        final SizeResult size = new SizeResult("openmpj-thread", 4096, 1234, 15, 0.5, 0.25);
        final AllocationResult allocation = new AllocationResult("openmpj-thread", 1, 2468, 32.0);
        final ResultSet parsed = ResultLines.parse(List.of(ResultLines.format(size), ResultLines.format(allocation)));
        assertEquals(List.of(size), parsed.sizes());
        assertEquals(List.of(allocation), parsed.allocations());
    }

    @Test
    void readsTheNativeProgramsLineAndSkipsEverythingElse()
    {
        final ResultSet parsed = ResultLines.parse(List.of(
            "# native MPI ping-pong",
            "[vm:01234] MCA binding: rank 0 bound to socket 0[core 0[hwt 0]]",
            "result impl=openmpi bytes=1 iterations=11867 repetitions=5 oneway_us_median=0.4164 oneway_us_min=0.3959",
            ""));
        assertEquals(List.of(new SizeResult("openmpi", 1, 11867, 5, 0.4164, 0.3959)), parsed.sizes());
        assertEquals(List.of(), parsed.allocations());
    }

    @Test
    void aResultLineMissingAFieldIsAnError()
    {
        assertThrows(IllegalArgumentException.class,
            () -> ResultLines.parse(List.of("result impl=x bytes=1 iterations=1 repetitions=1 oneway_us_median=1")));
        assertThrows(IllegalArgumentException.class,
            () -> ResultLines.parse(List.of("alloc impl=x bytes=one messages=2 bytes_per_message=0")));
    }

    @Test
    void bandwidthIsBytesPerOneWaySecondInDecimalGigabytes()
    {
        final SizeResult result = new SizeResult("x", 1_000_000, 1, 1, 1000.0, 500.0);
        assertEquals(1.0, result.bandwidthGbsMedian(), 1e-12);
        assertEquals(2.0, result.bandwidthGbsMax(), 1e-12);
    }
}
