package org.openmpj.bench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.openmpj.bench.OptionParser;
import org.openmpj.bench.cache.CacheReport;
import org.openmpj.bench.nas.NasReport;
import org.openmpj.bench.objects.ObjectsReport;
import org.openmpj.bench.executor.ExecutorReport;
import org.openmpj.bench.overlap.OverlapReport;

/**
 * Runs every report of the bench: {@code ReportRunner KIND [options]}, KIND one of {@link Kind}. A report says what runs in
 * each round and how to tabulate it ({@link Report}); the runner does the rest alike for all: it runs the rounds, each
 * program in its turn (every program warms its own JIT up before it times anything), saves every run's output under
 * {@code raw/}, runs a failed step again where the report allows it and notes why, keeps a failure where the report wants
 * failures shown, watches the run queue, and hands the rounds and the run's facts ({@link RunInfo}) to the report, which
 * writes its CSV, Markdown and PNG files. Started by the {@code bench/run-*.sh} scripts, which build what it needs first.
 */
public final class ReportRunner
{
    private final PrintStream out;
    private final CommandRunner runner;

    /** The reports, by the name the command line gives. */
    public enum Kind
    {
        /** Ping-pong on one device beside its Java floor and native MPI. */
        PINGPONG("pingpong", PingPongReport.PARSER, PingPongReport::of),
        /** Collectives on one device against Open MPI at several job sizes. */
        COLLECTIVES("collectives", CollectivesReport.PARSER, CollectivesReport::of),
        /** MPJ-Cache on an emulated cluster against direct reads of a throttled shared store. */
        CACHE("cache", CacheReport.PARSER, CacheReport::of),
        /** The NAS kernels on every device at several rank counts, beside a serial run. */
        NAS("nas", NasReport.PARSER, NasReport::of),
        /** MPI.OBJECT messages of object graphs in OpenMPJ's encoding against Java serialization. */
        OBJECTS("objects", ObjectsReport.PARSER, ObjectsReport::of),
        /** The share of a non-blocking collective's time computation hides, without and with a progress thread. */
        OVERLAP("overlap", OverlapReport.PARSER, OverlapReport::of),
        /** The round trip of an empty task on a task pool against a ping-pong, and tasks per second from one root. */
        EXECUTOR("executor", ExecutorReport.PARSER, ExecutorReport::of);

        private final String name;
        private final OptionParser parser;
        private final Function<OptionParser.Values, Report<?>> create;

        Kind(final String name, final OptionParser parser, final Function<OptionParser.Values, Report<?>> create)
        {
            this.name = name;
            this.parser = parser;
            this.create = create;
        }

        /**
         * @return the kind of that name.
         * @throws IllegalArgumentException naming the value and the choices.
         */
        public static Kind of(final String name)
        {
            return Arrays.stream(values()).filter(kind -> kind.name.equals(name)).findFirst().orElseThrow(
                () -> new IllegalArgumentException(name + " is not a report; expected " + String.join(", ", names())));
        }

        /** @return the kind's options and its help. */
        public OptionParser parser()
        {
            return parser;
        }

        /**
         * @return the report the command line asks for.
         * @throws IllegalArgumentException naming the option that is unknown, lacks a value or is invalid.
         */
        public Report<?> parse(final String[] args)
        {
            return create.apply(parser.parse(args));
        }

        private static List<String> names()
        {
            return Arrays.stream(values()).map(kind -> kind.name).toList();
        }
    }

    /** @param out where progress lines and every program's output are echoed. */
    public ReportRunner(final PrintStream out)
    {
        this.out = out;
        this.runner = new CommandRunner(out);
    }

    /**
     * {@code ReportRunner KIND [options]}; {@code ReportRunner KIND --help} lists the options. Exits with 2 on a bad command line.
     */
    public static void main(final String[] args) throws IOException, InterruptedException
    {
        System.setProperty("java.awt.headless", "true");
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h"))
        {
            System.out.println("Usage: ReportRunner " + String.join("|", Kind.names()) + " [--help] [options]");
            return;
        }
        final String[] options = Arrays.copyOfRange(args, 1, args.length);
        final Report<?> report;
        try
        {
            final Kind kind = Kind.of(args[0]);
            if (OptionParser.wantsHelp(options))
            {
                System.out.print(kind.parser().usage());
                return;
            }
            report = kind.parse(options);
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("ReportRunner " + args[0] + ": " + ex.getMessage());
            System.exit(2);
            return;
        }
        new ReportRunner(System.out).run(report);
    }

    /**
     * Runs the report's rounds and has it write itself.
     *
     * @throws IOException when a run fails that the report does not keep, or the report cannot be written.
     */
    public <J> void run(final Report<J> report) throws IOException, InterruptedException
    {
        final Path raw = report.results().resolve("raw");
        Files.createDirectories(raw);
        final String date = RunInfo.now();
        final String loadAverage = MachineInfo.loadAverage();
        final List<List<StepRun<J>>> rounds = new ArrayList<>();
        final Set<String> commands = new LinkedHashSet<>();
        final List<String> repeatedRuns = new ArrayList<>();
        final String runQueue;
        final Report.Undo preparations = report.open();
        // Stopped (Ctrl-C, kill), the runner still ends the program it runs and undoes what it prepared: namespace hosts, a server.
        final Thread undoWhenStopped = Thread.ofPlatform().unstarted(() ->
        {
            runner.stopRunning();
            undo(preparations);
        });
        Runtime.getRuntime().addShutdownHook(undoWhenStopped);
        boolean stopped = false;
        try (RunQueueMonitor monitor = new RunQueueMonitor())
        {
            for (int round = 1; round <= report.rounds(); round++)
            {
                final List<StepRun<J>> runs = new ArrayList<>();
                for (final Step<J> step : report.steps(round))
                {
                    commands.add(String.join(" ", step.command()));
                    final StepRun<J> run = runStep(report, step, raw, round, repeatedRuns);
                    if (run.succeeded())
                    {
                        report.check(run);
                    }
                    runs.add(run);
                }
                rounds.add(runs);
            }
            runQueue = monitor.summary();
        }
        finally
        {
            stopped = !withdraw(undoWhenStopped);
            if (!stopped)
            {
                preparations.close();
            }
        }
        if (stopped)
        {
            System.err.println("stopped: no report written; the raw output so far is in " + raw);
            return;
        }
        final RunInfo info = RunInfo.measured(report.home(), date, report.versionCommands(), loadAverage, report.setting(), runQueue,
            report.rounds(), List.copyOf(commands), repeatedRuns);
        report.write(rounds, info);
    }

    /** @return false when the JVM is already shutting down (the runner was stopped) and {@code hook} is running. */
    private static boolean withdraw(final Thread hook)
    {
        try
        {
            Runtime.getRuntime().removeShutdownHook(hook);
            return true;
        }
        catch (final IllegalStateException shuttingDown)
        {
            return false;
        }
    }

    private void undo(final Report.Undo preparations)
    {
        try
        {
            preparations.close();
        }
        catch (final IOException ex)
        {
            out.println("== undoing the report's preparations failed: " + ex.getMessage());
        }
    }

    /**
     * Runs one step's turn; a failed run is run again while its attempts last, each failure noted in {@code repeatedRuns}.
     *
     * @return the run, failed only when the step keeps its failures.
     * @throws IOException when the last attempt fails and the step does not keep its failure.
     */
    private <J> StepRun<J> runStep(final Report<J> report, final Step<J> step, final Path raw, final int round,
        final List<String> repeatedRuns) throws IOException, InterruptedException
    {
        out.println("== round " + round + " of " + report.rounds() + ", " + step.label() + ": " + String.join(" ", step.command()));
        for (int attempt = 1; ; attempt++)
        {
            final Path file = raw.resolve(step.log() + "-round" + round + (attempt == 1 ? "" : "-attempt" + attempt) + ".log");
            CommandRunner.Outcome outcome;
            String failure;
            try
            {
                outcome = runner.run(step.command(), report.environment(), file, step.timeoutSeconds());
                failure = outcome.succeeded() ? "" : outcome.failure(step.command(), step.timeoutSeconds());
            }
            catch (final IOException ex)
            {
                if (!step.keepsFailure())
                {
                    throw ex;
                }
                outcome = null;
                failure = String.join(" ", step.command()) + " did not start: " + ex.getMessage();
            }
            if (failure.isEmpty())
            {
                return new StepRun<>(step, round, outcome.lines(), "", file);
            }
            if (attempt < step.attempts())
            {
                final String why = failure.lines().filter(line -> line.contains("ERROR") || line.contains("Exception"))
                    .findFirst().orElse(failure.lines().findFirst().orElse("")).strip();
                repeatedRuns.add("round " + round + ", " + step.label() + ", attempt " + attempt + ": " + why + " (log `raw/"
                    + file.getFileName() + "`)");
                out.println("== " + step.label() + " failed; running it again: " + why);
                continue;
            }
            if (!step.keepsFailure())
            {
                throw new IOException(failure);
            }
            out.println("== " + step.label() + " failed; kept as a failure: " + failure.lines().findFirst().orElse(""));
            return new StepRun<>(step, round, outcome == null ? List.of() : outcome.lines(),
                outcome == null ? failure : outcome.ending(step.timeoutSeconds()), file);
        }
    }
}
