package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;

class DeviceComparisonMarkdownTest
{
    private static CollectiveResult result(final String impl, final CollectiveOperation operation, final int ranks, final int bytes,
        final double us)
    {
        return new CollectiveResult(impl, operation, ranks, bytes, 100, 5, us, us);
    }

    @Test
    void eachDeviceIsAColumnOfRatiosToItsOwnOpenMpi()
    {
        final Map<BenchDevice, List<CollectiveResult>> byDevice = new LinkedHashMap<>();
        byDevice.put(BenchDevice.THREAD, List.of(
            result("openmpj-thread", CollectiveOperation.BCAST, 8, 16, 30.0), result("openmpi", CollectiveOperation.BCAST, 8, 16, 20.0),
            result("openmpj-thread", CollectiveOperation.BARRIER, 8, 0, 50.0), result("openmpi", CollectiveOperation.BARRIER, 8, 0, 100.0),
            result("openmpj-thread", CollectiveOperation.BCAST, 2, 16, 1.0), result("openmpi", CollectiveOperation.BCAST, 2, 16, 1.0)));
        byDevice.put(BenchDevice.SHM, List.of(
            result("openmpj-shm", CollectiveOperation.BCAST, 8, 16, 45.0), result("openmpi", CollectiveOperation.BCAST, 8, 16, 15.0),
            result("openmpj-shm", CollectiveOperation.BCAST, 8, 64, 40.0)));
        byDevice.put(BenchDevice.TCP, List.of(
            result("openmpj-tcp", CollectiveOperation.BCAST, 8, 16, 500.0), result("openmpi", CollectiveOperation.BCAST, 8, 16, 200.0)));

        final String md = DeviceComparisonMarkdown.render(byDevice, List.of(8));

        assertTrue(md.contains("From `collectives.csv`, `collectives-shm.csv`, `collectives-tcp.csv`.\n"), md);
        assertTrue(md.contains("| operation | ranks | size | thread ÷ Open MPI | shm ÷ Open MPI | tcp ÷ Open MPI TCP |\n"
            + "|---|---:|---:|---:|---:|---:|\n"), md);
        assertTrue(md.contains("| Bcast | 8 | 16 B | 1.50 (30.0 / 20.0) | 3.00 (45.0 / 15.0) | 2.50 (500.0 / 200.0) |\n"
            + "| Bcast | 8 | 64 B | – | – | – |\n| Barrier | 8 | – | 0.50 (50.0 / 100.0) | – | – |\n"), md);
        assertFalse(md.contains("| Bcast | 2 |"), "only the job sizes asked for: " + md);
        assertTrue(DeviceComparisonMarkdown.render(byDevice, List.of()).contains("| Bcast | 2 | 16 B | 1.00 (1.000 / 1.000) | – | – |\n"));
    }
}
