package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CollectiveOperationTest
{
    @Test
    void bytesMovedFollowTheDefinitions()
    {
        assertEquals(3_000, CollectiveOperation.BCAST.bytesMoved(4, 1_000), "(n-1)·m");
        assertEquals(4_000, CollectiveOperation.REDUCE.bytesMoved(4, 1_000), "n·m, as Allreduce's contributions");
        assertEquals(4_000, CollectiveOperation.ALLREDUCE.bytesMoved(4, 1_000), "n·m");
        assertEquals(12_000, CollectiveOperation.ALLGATHER.bytesMoved(4, 1_000), "n·(n-1)·m");
        assertEquals(12_000, CollectiveOperation.ALLTOALL.bytesMoved(4, 1_000), "n·(n-1)·m");
        assertEquals(0, CollectiveOperation.BARRIER.bytesMoved(4, 0));
        assertEquals(8L * 7 * (1 << 30), CollectiveOperation.ALLTOALL.bytesMoved(8, 1 << 30), "no int overflow");
    }

    @Test
    void namesMapBothWaysAndOnlyBarrierHasNoMessage()
    {
        for (final CollectiveOperation operation : CollectiveOperation.values())
        {
            assertEquals(operation, CollectiveOperation.fromId(operation.id()));
            assertEquals(operation != CollectiveOperation.BARRIER, operation.hasMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectiveOperation.fromId("Bcast"))
            .getMessage().contains("bcast, reduce, allreduce, allgather, alltoall, barrier"));
        assertFalse(CollectiveOperation.BARRIER.hasMessage());
    }

    @Test
    void reduceCountsWhatFlowsIntoTheSumAtTheRootAsAllreduceCountsItsContributions()
    {
        for (final int ranks : new int[] {2, 3, 8})
        {
            assertEquals(CollectiveOperation.ALLREDUCE.bytesMoved(ranks, 4096), CollectiveOperation.REDUCE.bytesMoved(ranks, 4096));
        }
        assertEquals("n·m: every rank contributes m bytes to the sum at rank 0, as Allreduce's contributions are counted",
            CollectiveOperation.REDUCE.bytesMovedDefinition());
        final CollectiveResult reduce = new CollectiveResult("x", CollectiveOperation.REDUCE, 8, 1 << 20, 1, 1, 1000.0, 1000.0);
        assertEquals(8L << 20, reduce.bytesMoved());
        assertEquals(8.388608, reduce.aggregatedGbsMedian(), 1e-9);
        assertEquals(CollectiveOperation.REDUCE, CollectiveOperation.fromId("reduce"));
    }

    @Test
    void aggregatedBandwidthIsBytesMovedPerCallSecondInDecimalGigabytes()
    {
        final CollectiveResult result = new CollectiveResult("x", CollectiveOperation.ALLGATHER, 2, 500_000, 1, 1, 1000.0, 500.0);
        assertEquals(1_000_000, result.bytesMoved());
        assertEquals(1.0, result.aggregatedGbsMedian(), 1e-12);
        assertEquals(2.0, result.aggregatedGbsMax(), 1e-12);
        assertEquals(0.0, new CollectiveResult("x", CollectiveOperation.BARRIER, 2, 0, 1, 1, 1.0, 1.0).aggregatedGbsMedian());
    }
}
