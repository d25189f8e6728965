package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;
import org.openmpj.bench.plot.LineChartTest;

class CollectiveChartsTest
{
    private static final List<Implementation> IMPLEMENTATIONS = List.of(new Implementation("j", "Java"), new Implementation("c", "C"));
    /** The palette's second colour: the one of the second job size. */
    private static final int RED = 0xd62728;

    @Test
    void bandwidthLinesAreColouredByJobSize()
    {
        final List<CollectiveResult> results = List.of(
            new CollectiveResult("j", CollectiveOperation.ALLREDUCE, 4, 16, 1, 1, 1.0, 1.0),
            new CollectiveResult("j", CollectiveOperation.ALLREDUCE, 4, 1 << 20, 1, 1, 100.0, 100.0),
            new CollectiveResult("c", CollectiveOperation.ALLREDUCE, 4, 16, 1, 1, 2.0, 2.0),
            new CollectiveResult("c", CollectiveOperation.BCAST, 4, 1 << 20, 1, 1, 2.0, 2.0));

        final BufferedImage image = CollectiveCharts.bandwidth(CollectiveOperation.ALLREDUCE, IMPLEMENTATIONS, List.of(2, 4), results)
            .render(800, 500);

        assertTrue(LineChartTest.count(image, RED) > 50, "the 4-rank lines take the second job size's colour");
        assertEquals(0, LineChartTest.count(image, 0x1f77b4), "no 2-rank results, so nothing in the first colour");
        assertEquals("collectives-alltoall.png", CollectiveCharts.fileName(BenchDevice.THREAD, CollectiveOperation.ALLTOALL));
        assertEquals("collectives-tcp-bcast.png", CollectiveCharts.fileName(BenchDevice.TCP, CollectiveOperation.BCAST));
    }

    @Test
    void barrierLatencyIsDrawnAgainstRanks()
    {
        final List<CollectiveResult> results = List.of(
            new CollectiveResult("j", CollectiveOperation.BARRIER, 2, 0, 1, 1, 0.5, 0.5),
            new CollectiveResult("j", CollectiveOperation.BARRIER, 8, 0, 1, 1, 20.0, 20.0),
            new CollectiveResult("c", CollectiveOperation.BARRIER, 2, 0, 1, 1, 0.3, 0.3));

        final BufferedImage image = CollectiveCharts.barrier(IMPLEMENTATIONS, results).render(800, 500);

        assertTrue(LineChartTest.count(image, 0x1f77b4) > 50, "the first implementation's line");
    }
}
