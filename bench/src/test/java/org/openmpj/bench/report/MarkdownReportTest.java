package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.AllocationResult;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;

class MarkdownReportTest
{
    private static final List<Implementation> IMPLEMENTATIONS =
        List.of(new Implementation("a", "Alpha"), new Implementation("b", "Beta"));

    @Test
    void sizesAreRowsAndImplementationsSideBySide()
    {
        final ResultSet results = new ResultSet(
            List.of(
                new SizeResult("a", 1, 100, 15, 0.25, 0.2),
                new SizeResult("b", 1, 100, 15, 0.5, 0.4),
                new SizeResult("a", 1024 * 1024, 10, 15, 100.0, 90.0)),
            List.of(new AllocationResult("b", 1, 2000, 48.0)));
        final RunInfo info = new RunInfo("2026-01-01T00:00:00Z", 2, "Some CPU", "25", "mpirun (Open MPI) 4.1.4", "abc123",
            65536, "0.01 0.02 0.03", "quiet", 1, 30, 15, List.of("run a", "run b"));

        final String md = MarkdownReport.render(IMPLEMENTATIONS, results, List.of(results), info, "lat.png", "bw.png");

        assertTrue(md.contains("| size | Alpha median µs | min µs | GB/s | Beta median µs | min µs | GB/s |\n"), md);
        assertTrue(md.contains("| 1 B | 0.250 | 0.200 | 0.0040 | 0.500 | 0.400 | 0.0020 |\n"), md);
        assertTrue(md.contains("| 1 MiB | 100.0 | 90.0 | 10.49 | – | – | – |\n"), md);
        assertTrue(md.contains("| Beta | 1 B | 2000 | 48.00 |\n"), md);
        assertTrue(md.contains("| thread device eager limit | 65536 B (64 KiB) |"), md);
        assertTrue(md.contains("| run queue during the run | quiet |"), md);
        assertTrue(md.contains("| nproc | 2 |") && md.contains("| CPU | Some CPU |") && md.contains("| JDK | 25 |"), md);
        assertTrue(md.contains("![one-way latency](lat.png)") && md.contains("- `run b`"), md);
        assertTrue(md.contains("| round | Alpha 1 B µs | Alpha 1 MiB µs | Beta 1 B µs | Beta 1 MiB µs |\n"), md);
        assertTrue(md.contains("| 1 | 0.250 | 100.0 | 0.500 | – |\n"), md);
    }
}
