package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.AllocationResult;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;

class MarkdownReportTest
{
    private static final Implementation ALPHA = new Implementation("a", "Alpha");
    private static final Implementation BETA = new Implementation("b", "Beta");
    private static final Implementation FLOOR = new Implementation("f", "Floor");
    private static final List<Implementation> IMPLEMENTATIONS = List.of(ALPHA, BETA);
    private static final PingPongComparison NO_TARGETS = new PingPongComparison(ALPHA, BETA, FLOOR, List.of(), "Placed so.");

    private static RunInfo info(final String device)
    {
        return new RunInfo("2026-01-01T00:00:00Z", 2, "Some CPU", "25", "mpirun (Open MPI) 4.1.4", "abc123",
            device, 65536, "0.01 0.02 0.03", "quiet", 1, 30, 15, List.of("run a", "run b"), List.of());
    }

    @Test
    void sizesAreRowsAndImplementationsSideBySide()
    {
        final ResultSet results = new ResultSet(
            List.of(
                new SizeResult("a", 1, 100, 15, 0.25, 0.2),
                new SizeResult("b", 1, 100, 15, 0.5, 0.4),
                new SizeResult("a", 1024 * 1024, 10, 15, 100.0, 90.0)),
            List.of(new AllocationResult("b", 1, 2000, 48.0)));
        final String md = MarkdownReport.render(IMPLEMENTATIONS, NO_TARGETS, results, List.of(results), info("thread"), "lat.png", "bw.png");

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
        assertTrue(md.contains("\nPlaced so.\n"), md);
        assertFalse(md.contains("## Targets"), md);
    }

    @Test
    void runsThatFailedAndRanAgainAreListedOnlyWhenThereAreAny()
    {
        final ResultSet results = new ResultSet(List.of(new SizeResult("a", 1, 100, 15, 0.25, 0.2)), List.of());
        final RunInfo quiet = info("ucx");
        final RunInfo repeated = new RunInfo(quiet.date(), quiet.nproc(), quiet.cpuModel(), quiet.jdk(), quiet.mpiLibrary(),
            quiet.openmpjRevision(), quiet.device(), quiet.eagerLimitBytes(), quiet.loadAverage(), quiet.runQueue(), quiet.rounds(),
            quiet.batchMillis(), quiet.repetitions(), quiet.commands(), List.of("round 2, Floor, attempt 1: Endpoint timeout"));

        final String without = MarkdownReport.render(IMPLEMENTATIONS, NO_TARGETS, results, List.of(results), quiet, "l", "b");
        final String with = MarkdownReport.render(IMPLEMENTATIONS, NO_TARGETS, results, List.of(results), repeated, "l", "b");

        assertFalse(without.contains("failed and were run again"), without);
        assertTrue(with.contains("\n## Runs that failed and were run again\n\n- round 2, Floor, attempt 1: Endpoint timeout\n"), with);
    }

    @Test
    void openMpjsMediansStandBesideTheOthersWithRatios()
    {
        final ResultSet results = new ResultSet(
            List.of(
                new SizeResult("a", 1, 100, 15, 5.0, 4.5),
                new SizeResult("b", 1, 100, 15, 4.0, 3.9),
                new SizeResult("f", 1, 100, 15, 5.0, 4.8),
                new SizeResult("a", 1024 * 1024, 10, 15, 250.0, 240.0),
                new SizeResult("b", 1024 * 1024, 10, 15, 125.0, 120.0),
                new SizeResult("a", 4 * 1024 * 1024, 10, 15, 1000.0, 990.0)),
            List.of());
        final PingPongComparison comparison = new PingPongComparison(ALPHA, BETA, FLOOR, List.of(
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.0, BETA),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9, BETA),
            new PingPongRatioTarget(2, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.0, BETA)), "");

        final String md = MarkdownReport.render(List.of(ALPHA, BETA, FLOOR), comparison, results, List.of(results), info("tcp"), "l", "b");

        assertTrue(md.contains("| tcp device eager limit | 65536 B (64 KiB) |"), md);
        assertTrue(md.contains("- 1 B one-way time of Alpha ≤ 1× Beta's: 1.25×, **missed** (median of the ratios of the one round: 1.25).\n"),
            md);
        assertTrue(md.contains("- 1 MiB bandwidth of Alpha ≥ 0.9× Beta's: 0.50×, **missed** (median of the ratios of the one round: 0.50).\n"),
            md);
        assertTrue(md.contains("- 2 B one-way time of Alpha ≤ 1× Beta's: Alpha and Beta not both measured at this size in any round.\n"), md);
        assertTrue(md.contains("| size | Alpha µs | Beta µs | Floor µs | Alpha GB/s | ÷ Beta | ÷ Floor |\n"), md);
        assertTrue(md.contains("| 1 B | 5.000 | 4.000 | 5.000 | 0.0002 | 1.25 | 1.00 |\n"), md);
        assertTrue(md.contains("| 1 MiB | 250.0 | 125.0 | – | 4.19 | 2.00 | – |\n"), md);
        assertTrue(md.contains("| 4 MiB | 1000.0 | – | – | 4.19 | – | – |\n"), md);
        assertTrue(md.contains("| machine state | round 1 only: Floor 1 B 5.000 µs; no other round to compare it with |\n"), md);
    }

    @Test
    void theMachineStateComesFromTheFloorsSmallAndLargeMessagesInEveryRound()
    {
        final List<ResultSet> rounds = List.of(
            new ResultSet(List.of(new SizeResult("f", 1, 100, 5, 0.05, 0.05), new SizeResult("f", 1024 * 1024, 10, 5, 23.0, 23.0),
                new SizeResult("f", 4 * 1024 * 1024, 10, 5, 200.0, 200.0)), List.of()),
            new ResultSet(List.of(new SizeResult("f", 1, 100, 5, 0.05, 0.05), new SizeResult("f", 1024 * 1024, 10, 5, 50.0, 50.0)),
                List.of()),
            new ResultSet(List.of(new SizeResult("a", 1, 100, 5, 0.4, 0.4)), List.of()));

        assertEquals("rounds 1, 2 of 3: Floor 1 B 0.050 µs, Floor 1 MiB 23.0-50.0 µs; round 2: Floor 1 MiB took 2.17× the fastest round's time: "
            + "slow state in that round", MarkdownReport.machineState(FLOOR, rounds));
        assertEquals("not judged: Beta not measured in any round", MarkdownReport.machineState(BETA, rounds));
    }

    @Test
    void furtherNativeMpisGetColumnsAndRatioTargetsAreJudgedOnThePerRoundRatios()
    {
        final Implementation gamma = new Implementation("g", "Gamma");
        final ResultSet first = new ResultSet(List.of(
            new SizeResult("a", 1, 100, 5, 1.0, 1.0), new SizeResult("b", 1, 100, 5, 1.0, 1.0), new SizeResult("g", 1, 100, 5, 2.0, 2.0),
            new SizeResult("f", 1, 100, 5, 0.5, 0.5)), List.of());
        final ResultSet second = new ResultSet(List.of(
            new SizeResult("a", 1, 100, 5, 1.5, 1.5), new SizeResult("b", 1, 100, 5, 1.0, 1.0)), List.of());
        final ResultSet combined = Rounds.combine(List.of(first, second));
        final PingPongComparison comparison = new PingPongComparison(ALPHA, BETA, List.of(gamma), FLOOR, List.of(
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3, BETA),
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.0, gamma),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9, BETA),
            new BeyondEagerTarget(1.0)), "");

        final String md = MarkdownReport.render(List.of(FLOOR, ALPHA, BETA, gamma), comparison, combined, List.of(first, second),
            info("shm"), "l", "b");

        assertTrue(md.contains("## Alpha beside Beta, Gamma and the floor\n"), md);
        assertTrue(md.contains("| size | Alpha µs | Beta µs | Gamma µs | Floor µs | Alpha GB/s | ÷ Beta | ÷ Gamma | ÷ Floor |\n"
            + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"), md);
        assertTrue(md.contains("| 1 B | 1.250 | 1.000 | 2.000 | 0.500 | 0.0008 | 1.25 | 0.63 | 2.50 |\n"), md);
        assertTrue(md.contains("- 1 B one-way time of Alpha ≤ 1.3× Beta's: 1.25×, met (median of the ratios of the rounds: 1.00, 1.50).\n"), md);
        assertTrue(md.contains("- 1 B one-way time of Alpha ≤ 1× Gamma's: 0.50×, met (median of the ratios of the one round: 0.50).\n"), md);
        assertTrue(md.contains("- 1 MiB bandwidth of Alpha ≥ 0.9× Beta's: Alpha and Beta not both measured at this size in any round.\n"), md);
        assertTrue(md.contains("- bandwidth of Alpha at every size above its eager limit (64 KiB) ≥ 1× its bandwidth at 1 B, the largest "
            + "eager size: no round measured Alpha both at 1 B and above its eager limit.\n"), md);
        assertTrue(md.contains("| machine state | round 1 of 2 only: Floor 1 B 0.500 µs; no other round to compare it with |"), md);
    }
}
