package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;

class CollectiveRoundsTest
{
    private static final CollectiveOperation BCAST = CollectiveOperation.BCAST;

    @Test
    void medianOfTheRoundMediansPerImplementationOperationJobAndMessageSize()
    {
        final List<CollectiveResult> combined = CollectiveRounds.combine(List.of(
            List.of(new CollectiveResult("a", BCAST, 2, 16, 100, 5, 0.30, 0.20), new CollectiveResult("a", BCAST, 4, 16, 50, 5, 9.0, 8.0)),
            List.of(new CollectiveResult("a", BCAST, 2, 16, 90, 5, 0.90, 0.25)),
            List.of(new CollectiveResult("a", BCAST, 2, 16, 110, 5, 0.40, 0.10),
                new CollectiveResult("a", CollectiveOperation.ALLREDUCE, 2, 16, 7, 5, 1.0, 1.0))));

        assertEquals(List.of(
            new CollectiveResult("a", BCAST, 2, 16, 90, 15, 0.40, 0.10),
            new CollectiveResult("a", BCAST, 4, 16, 50, 5, 9.0, 8.0),
            new CollectiveResult("a", CollectiveOperation.ALLREDUCE, 2, 16, 7, 5, 1.0, 1.0)), combined);
    }
}
