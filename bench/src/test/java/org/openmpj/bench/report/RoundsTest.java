package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.AllocationResult;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;

class RoundsTest
{
    @Test
    void medianOfTheRoundMediansAndMinimumOfTheirMinimums()
    {
        final ResultSet combined = Rounds.combine(List.of(
            new ResultSet(
                List.of(new SizeResult("a", 1, 100, 5, 0.30, 0.20), new SizeResult("b", 1, 50, 5, 9.0, 8.0)),
                List.of(new AllocationResult("a", 1, 1000, 0.0))),
            new ResultSet(List.of(new SizeResult("a", 1, 90, 5, 0.90, 0.25)), List.of(new AllocationResult("a", 1, 1000, 20.0))),
            new ResultSet(List.of(new SizeResult("a", 1, 110, 5, 0.40, 0.10)), List.of(new AllocationResult("a", 1, 1000, 0.0)))));

        assertEquals(List.of(new SizeResult("a", 1, 90, 15, 0.40, 0.10), new SizeResult("b", 1, 50, 5, 9.0, 8.0)), combined.sizes());
        assertEquals(List.of(new AllocationResult("a", 1, 1000, 20.0)), combined.allocations());
    }
}
