package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The runner over a report of shell commands: rounds, logs, repeated runs, kept failures, the time limit. */
class ReportRunnerTest
{
    /** A report whose steps are shell scripts; it keeps what the runner hands it. */
    private static final class ShellReport extends AbstractReport<String>
    {
        private final List<Step<String>> steps;
        private final List<String> opened = new ArrayList<>();
        private List<List<StepRun<String>>> written;
        private RunInfo info;

        ShellReport(final Path results, final int rounds, final List<Step<String>> steps)
        {
            super(results, results, rounds);
            this.steps = steps;
        }

        @Override
        public Undo open()
        {
            opened.add("open");
            return () -> opened.add("closed");
        }

        @Override
        public List<Step<String>> steps(final int round)
        {
            return round % 2 == 1 ? steps : steps.reversed();
        }

        @Override
        public Map<String, String> environment()
        {
            return Map.of("GREETING", "hello");
        }

        @Override
        public List<List<String>> versionCommands()
        {
            return List.of();
        }

        @Override
        public RunInfo.Setting setting()
        {
            return new RunInfo.Setting("thread", -1, 0, 1);
        }

        @Override
        public void write(final List<List<StepRun<String>>> rounds, final RunInfo runInfo)
        {
            this.written = rounds;
            this.info = runInfo;
        }
    }

    private static Step<String> shell(final String name, final String script)
    {
        return new Step<>(name, name, "shell-" + name, List.of("sh", "-c", script));
    }

    private static ReportRunner quietRunner()
    {
        return new ReportRunner(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void runsEveryRoundInTheReportsOrderAndHandsItTheOutput(@TempDir final Path dir) throws Exception
    {
        final ShellReport report = new ShellReport(dir, 2, List.of(shell("a", "echo a $GREETING"), shell("b", "echo b")));

        quietRunner().run(report);

        assertEquals(List.of("open", "closed"), report.opened);
        assertEquals(2, report.written.size());
        assertEquals(List.of("a", "b"), report.written.get(0).stream().map(run -> run.step().job()).toList());
        assertEquals(List.of("b", "a"), report.written.get(1).stream().map(run -> run.step().job()).toList());
        assertEquals(List.of("a hello"), report.written.get(0).get(0).output());
        assertEquals(List.of("a hello"), Files.readAllLines(dir.resolve("raw/shell-a-round1.log")));
        assertTrue(Files.exists(dir.resolve("raw/shell-a-round2.log")));
        assertEquals(List.of("sh -c echo a $GREETING", "sh -c echo b"), report.info.commands(), "each command once, in first-run order");
        assertEquals(2, report.info.rounds());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFailedStepRunsAgainWhileItsAttemptsLastAndEachFailureIsNoted(@TempDir final Path dir) throws Exception
    {
        final Path marker = dir.resolve("tried");
        final ShellReport report = new ShellReport(dir, 1, List.of(
            shell("flaky", "if [ -e " + marker + " ]; then echo fine; else touch " + marker + "; echo ER''ROR first try; exit 3; fi")
                .withAttempts(3)));

        quietRunner().run(report);

        assertEquals(List.of("fine"), report.written.getFirst().getFirst().output());
        assertEquals(List.of("round 1, flaky, attempt 1: ERROR first try (log `raw/shell-flaky-round1.log`)"), report.info.repeatedRuns());
        assertTrue(Files.exists(dir.resolve("raw/shell-flaky-round1-attempt2.log")));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFailureEndsTheReportUnlessTheStepKeepsIt(@TempDir final Path dir) throws Exception
    {
        final ShellReport ending = new ShellReport(dir, 1, List.of(shell("bad", "echo oops; exit 4")));
        final IOException failure = assertThrows(IOException.class, () -> quietRunner().run(ending));
        assertTrue(failure.getMessage().contains("exited with 4; its last lines:\noops"), failure.getMessage());
        assertEquals(List.of("open", "closed"), ending.opened, "the preparations are undone after a failure too");

        final Step<String> kept = new Step<>("kept", "kept", "shell-kept", List.of("sh", "-c", "echo half; exit 4"), 1, true, 0);
        final ShellReport keeping = new ShellReport(dir, 1, List.of(kept, shell("next", "echo next")));
        quietRunner().run(keeping);
        final StepRun<String> run = keeping.written.getFirst().getFirst();
        assertEquals("exited with 4", run.failure());
        assertEquals(List.of("half"), run.output());
        assertEquals("next", keeping.written.getFirst().get(1).step().job(), "the report went on");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aStepPastItsTimeLimitIsEndedAndKeptAsFailed(@TempDir final Path dir) throws Exception
    {
        final Step<String> slow = new Step<>("slow", "slow", "shell-slow", List.of("sh", "-c", "echo started; sleep 120"), 1, true, 1);
        final ShellReport report = new ShellReport(dir, 1, List.of(slow));

        quietRunner().run(report);

        final StepRun<String> run = report.written.getFirst().getFirst();
        assertEquals("ended after the 1 s time limit", run.failure());
        assertEquals("started", run.output().getFirst(), "what it printed before is kept");
    }

    @Test
    void theKindsAreNamedAndABadOneIsRejected()
    {
        assertEquals(ReportRunner.Kind.NAS, ReportRunner.Kind.of("nas"));
        assertTrue(ReportRunner.Kind.of("cache").parser().usage().contains("--unthrottled"));
        assertEquals(ReportRunner.Kind.OBJECTS, ReportRunner.Kind.of("objects"));
        assertEquals("latency is not a report; expected pingpong, collectives, cache, nas, objects, overlap, executor",
            assertThrows(IllegalArgumentException.class, () -> ReportRunner.Kind.of("latency")).getMessage());
    }
}
