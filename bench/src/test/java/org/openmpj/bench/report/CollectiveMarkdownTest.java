package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;

class CollectiveMarkdownTest
{
    private static final Implementation MINE = new Implementation("j", "Java");
    private static final Implementation THEIRS = new Implementation("c", "C");
    private static final CollectiveMarkdown.Setup SETUP = new CollectiveMarkdown.Setup(MINE, THEIRS, List.of(2, 4), 2, "0,1",
        Map.of(2, List.of("--bind-to", "core"), 4, List.of("--oversubscribe", "--mca", "mpi_yield_when_idle", "1")),
        BenchDevice.THREAD, "`bin/mpjrun -dev thread`");
    private static final RunInfo INFO = new RunInfo("2026-01-01T00:00:00Z", 2, "Some CPU", "25", "mpirun (Open MPI) 4.1.4", "abc123",
        "thread", 4096, "0.01 0.02 0.03", "quiet", 1, 30, 5, List.of("run j", "run c"), List.of());

    private static CollectiveResult result(
        final Implementation implementation, final CollectiveOperation operation, final int ranks, final int bytes, final double us)
    {
        return new CollectiveResult(implementation.id(), operation, ranks, bytes, 100, 5, us, us * 0.9);
    }

    @Test
    void tablesPutTheImplementationsSideBySideWithTheRatioAndTheTarget()
    {
        final List<CollectiveResult> results = List.of(
            result(MINE, CollectiveOperation.BCAST, 2, 16384, 2.0),
            result(THEIRS, CollectiveOperation.BCAST, 2, 16384, 1.0),
            result(MINE, CollectiveOperation.BCAST, 2, 65536, 8.0),
            result(THEIRS, CollectiveOperation.BCAST, 2, 65536, 10.0),
            result(MINE, CollectiveOperation.BCAST, 2, 262144, 50.0),
            result(THEIRS, CollectiveOperation.BCAST, 2, 262144, 40.0),
            result(MINE, CollectiveOperation.REDUCE, 2, 16, 1.0),
            result(THEIRS, CollectiveOperation.REDUCE, 2, 16, 2.0),
            result(MINE, CollectiveOperation.ALLTOALL, 4, 16, 12.0),
            result(THEIRS, CollectiveOperation.ALLTOALL, 4, 16, 3.0),
            result(MINE, CollectiveOperation.BARRIER, 2, 0, 0.5),
            result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 0.25),
            result(MINE, CollectiveOperation.BARRIER, 4, 0, 20.0),
            result(THEIRS, CollectiveOperation.BARRIER, 4, 0, 10.0));

        final String md = CollectiveMarkdown.render(SETUP, results, List.of(results), INFO);

        assertTrue(md.startsWith("# Collectives: Java vs C at 2 and 4 ranks\n"), md);
        assertTrue(md.contains("| Alltoall | n·(n-1)·m: "), md);
        assertTrue(md.contains("| Reduce | n·m: every rank contributes m bytes to the sum at rank 0"), md);
        assertTrue(md.contains("- 4 ranks: `--oversubscribe --mca mpi_yield_when_idle 1`"), md);
        assertTrue(md.contains("### Bcast, 2 ranks\n\n| size | Java µs | C µs | Java GB/s | C GB/s | Java / C time | target |\n"), md);
        assertTrue(md.contains("| 16 KiB | 2.000 | 1.000 | 8.19 | 16.38 | 2.00 | **missed** (≤ 1×) |\n"), md);
        assertTrue(md.contains("| 64 KiB | 8.000 | 10.0 | 8.19 | 6.55 | 0.80 | met (≤ 1×) |\n"), md);
        assertTrue(md.contains("| 256 KiB | 50.0 | 40.0 | 5.24 | 6.55 | 1.25 | **missed** (≤ 1×) |\n"), md);
        assertTrue(md.contains("### Reduce, 2 ranks\n\n"), md);
        assertTrue(md.contains("| 16 B | 1.000 | 2.000 | 0.0320 | 0.0160 | 0.50 | met (≤ 1×) |\n"), md);
        assertTrue(md.contains("| 16 B | 12.0 | 3.000 | 0.0160 | 0.0640 | 4.00 | **missed** (≤ 2×) |\n"), md);
        assertTrue(md.contains("- 2 ranks: Java ≤ 1× C's time in every cell: every operation, Barrier and Reduce included, at every "
            + "size (one rank per core or fewer): **missed**, 2 of 5 cells within it.\n"), md);
        assertTrue(md.contains("- 4 ranks: Java ≤ 2× C's time in every cell: every operation, Barrier and Reduce included, at every "
            + "size (oversubscribed: 4 ranks on 2 cores): **missed**, 1 of 2 cells within it.\n"), md);
        assertTrue(md.contains("| ranks | operation | target | sizes met | worst cell | worst cell's ratio per round |\n"
            + "|---:|---|---:|---|---|---|\n"
            + "| 2 | Bcast | ≤ 1× | **missed**: 1 of 3 | 2.00× at 16 KiB | 2.00 |\n"
            + "| 2 | Reduce | ≤ 1× | met: 1 of 1 | 0.50× at 16 B | 0.50 |\n"
            + "| 2 | Barrier | ≤ 1× | **missed**: 0 of 1 | 2.00× | 2.00 |\n"
            + "| 4 | Alltoall | ≤ 2× | **missed**: 0 of 1 | 4.00× at 16 B | 4.00 |\n"
            + "| 4 | Barrier | ≤ 2× | met: 1 of 1 | 2.00× | 2.00 |\n\n"), md);
        assertTrue(md.contains("| 2 | 0.500 | 0.250 | 2.00 | **missed** (≤ 1×) |\n| 4 | 20.0 | 10.0 | 2.00 | met (≤ 2×) |\n"), md);
        assertTrue(md.contains("| Bcast | 2 | 64 KiB | Java | 8.000 |\n| Bcast | 2 | 64 KiB | C | 10.0 |\n"), md);
        assertTrue(md.contains("| Alltoall | 4 | 16 B | Java | 12.0 |\n"), md);
        assertTrue(md.contains("![Allgather](collectives-allgather.png)") && md.contains("![Reduce](collectives-reduce.png)")
            && md.contains("![Barrier](collectives-barrier.png)"), md);
        assertTrue(md.contains("| run queue during the run | quiet |") && md.contains("- `run c`"), md);
        assertTrue(md.contains("| machine state | round 1 only: C 2-rank Barrier 0.250 µs; no other round to compare it with |\n"), md);
        assertFalse(md.contains("## Allgather"), "no section for what was not measured");
        assertFalse(md.contains("| 2 | Allgather |") || md.contains("| 4 | Allgather |"), "no target row for what was not measured");
        assertTrue(md.contains("Java: the thread device, ranks as threads of one JVM;"), md);
    }

    @Test
    void aProcessDeviceSaysHowItsRanksStartedAndNamesItsPlots()
    {
        final CollectiveMarkdown.Setup tcp = new CollectiveMarkdown.Setup(MINE, THEIRS, List.of(8), 2, "0,1",
            Map.of(8, List.of("--mca", "btl", "tcp,self", "--oversubscribe")), BenchDevice.TCP, "`mpiexec.hydra`, unbound");
        final List<CollectiveResult> results = List.of(result(MINE, CollectiveOperation.BARRIER, 8, 0, 300.0),
            result(THEIRS, CollectiveOperation.BARRIER, 8, 0, 200.0));

        final String md = CollectiveMarkdown.render(tcp, results, List.of(results), INFO);

        assertTrue(md.contains("Java: the tcp device, ranks as processes started by `mpiexec.hydra`, unbound;"), md);
        assertTrue(md.contains("- 8 ranks: `--mca btl tcp,self --oversubscribe`"), md);
        assertTrue(md.contains("![Barrier](collectives-tcp-barrier.png)"), md);
        assertTrue(md.contains("| 8 | 300.0 | 200.0 | 1.50 | met (≤ 2×) |"), md);
        assertTrue(md.contains(": met, 1 of 1 cells within it.\n"), md);
    }

    @Test
    void cellsAreJudgedAgainOnTheRoundsInWhichBothRanInOneState()
    {
        // Bcast: Java slow (3× its fastest) in rounds 2 and 3, C fast throughout; only round 1 compares alike, at 1.0.
        // Reduce: each side slow where the other was fast, in every round. Barrier: alike in every round.
        final List<List<CollectiveResult>> rounds = List.of(
            List.of(result(MINE, CollectiveOperation.BCAST, 2, 8, 1.0), result(THEIRS, CollectiveOperation.BCAST, 2, 8, 1.0),
                result(MINE, CollectiveOperation.REDUCE, 2, 8, 1.0), result(THEIRS, CollectiveOperation.REDUCE, 2, 8, 3.0),
                result(MINE, CollectiveOperation.BARRIER, 2, 0, 1.0), result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 2.0)),
            List.of(result(MINE, CollectiveOperation.BCAST, 2, 8, 3.0), result(THEIRS, CollectiveOperation.BCAST, 2, 8, 1.0),
                result(MINE, CollectiveOperation.REDUCE, 2, 8, 3.0), result(THEIRS, CollectiveOperation.REDUCE, 2, 8, 1.0),
                result(MINE, CollectiveOperation.BARRIER, 2, 0, 1.0), result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 2.0)),
            List.of(result(MINE, CollectiveOperation.BCAST, 2, 8, 3.0), result(THEIRS, CollectiveOperation.BCAST, 2, 8, 1.2),
                result(MINE, CollectiveOperation.REDUCE, 2, 8, 1.0), result(THEIRS, CollectiveOperation.REDUCE, 2, 8, 3.0),
                result(MINE, CollectiveOperation.BARRIER, 2, 0, 1.0), result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 2.0)));
        final CollectiveMarkdown.Setup two = new CollectiveMarkdown.Setup(MINE, THEIRS, List.of(2), 2, "0,1",
            Map.of(2, List.of("--bind-to", "core")), BenchDevice.THREAD, "`bin/mpjrun -dev thread`");

        final String md = CollectiveMarkdown.render(two, CollectiveRounds.combine(rounds), rounds, INFO);

        assertTrue(md.contains("size (one rank per core or fewer): **missed**, 2 of 3 cells within it. On the rounds in which both ran a"
            + " cell in one state (each within 1.5× of its own fastest round there, or both beyond it): 2 of 2 cells within it, 1 without"
            + " such a round.\n"), md);
    }

    @Test
    void theRatioIsTheMedianOfTheRoundsRatiosNotTheRatioOfTheMedians()
    {
        // Round 2 is slow for both; the ratio of the combined medians (2.0 / 1.0) would hide that every round has 3x or more.
        final List<List<CollectiveResult>> rounds = List.of(
            List.of(result(MINE, CollectiveOperation.BARRIER, 2, 0, 3.0), result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 1.0)),
            List.of(result(MINE, CollectiveOperation.BARRIER, 2, 0, 30.0), result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 10.0)),
            List.of(result(MINE, CollectiveOperation.BARRIER, 2, 0, 2.0), result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 0.5)));
        final List<CollectiveResult> combined = CollectiveRounds.combine(rounds);

        final String md = CollectiveMarkdown.render(SETUP, combined, rounds, INFO);

        assertTrue(md.contains("| 2 | 3.000 | 1.000 | 3.00 | **missed** (≤ 1×) |\n"), md);
        assertTrue(md.contains("| 2 | Barrier | ≤ 1× | **missed**: 0 of 1 | 3.00× | 3.00, 3.00, 4.00 |\n"), md);
        assertTrue(md.contains("| machine state | rounds 1-3: C 2-rank Barrier 0.500-10.0 µs; round 1: C 2-rank Barrier took 2.00× the "
            + "fastest round's time; round 2: C 2-rank Barrier took 20.00× the fastest round's time: slow state in those rounds |\n"), md);
    }

    @Test
    void theMachineStateAlsoWatchesOpenMpisSmallestAllreduceAtTheSmallestJobSize()
    {
        final List<List<CollectiveResult>> rounds = List.of(
            List.of(result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 1.0), result(THEIRS, CollectiveOperation.ALLREDUCE, 2, 8, 2.0),
                result(THEIRS, CollectiveOperation.ALLREDUCE, 2, 32, 9.0), result(THEIRS, CollectiveOperation.BARRIER, 4, 0, 50.0)),
            List.of(result(THEIRS, CollectiveOperation.BARRIER, 2, 0, 1.1), result(THEIRS, CollectiveOperation.ALLREDUCE, 2, 8, 2.2),
                result(THEIRS, CollectiveOperation.ALLREDUCE, 2, 32, 9.0), result(THEIRS, CollectiveOperation.BARRIER, 4, 0, 5.0)));

        assertEquals("rounds 1-2: C 2-rank Barrier 1.000-1.100 µs, C 2-rank Allreduce 8 B 2.000-2.200 µs; steady, every round within "
            + "1.5× of the fastest", CollectiveMarkdown.machineState(SETUP, rounds));
    }
}
