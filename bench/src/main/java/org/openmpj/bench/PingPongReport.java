package org.openmpj.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.openmpj.bench.report.BenchmarkCommands;
import org.openmpj.bench.report.Charts;
import org.openmpj.bench.report.CommandRunner;
import org.openmpj.bench.report.CsvReport;
import org.openmpj.bench.report.Implementation;
import org.openmpj.bench.report.MachineInfo;
import org.openmpj.bench.report.MarkdownReport;
import org.openmpj.bench.report.PingPongComparison;
import org.openmpj.bench.report.PingPongPlan;
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.Rounds;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.RunQueueMonitor;

/**
 * Runs OpenMPJ's ping-pong on one device beside its Java floor and native MPI, in turns, for a few rounds, then
 * writes {@code pingpong[-DEVICE].csv}, {@code .md}, {@code -latency.png} and {@code -bandwidth.png} (and each run's
 * raw output under {@code raw/}). What runs on each device is {@link PingPongPlan}'s. Started by
 * {@code bench/run-pingpong.sh} and {@code bench/run-pingpong-tcp.sh}, which build what it needs first.
 */
public final class PingPongReport
{
    private static final int PLOT_WIDTH = 1200;
    private static final int PLOT_HEIGHT = 750;

    private final ReportOptions options;
    private final CommandRunner runner = new CommandRunner(System.out);

    private PingPongReport(final ReportOptions options)
    {
        this.options = options;
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        System.setProperty("java.awt.headless", "true");
        if (List.of(args).contains("--help") || List.of(args).contains("-h"))
        {
            System.out.print(ReportOptions.USAGE);
            return;
        }
        final ReportOptions options;
        try
        {
            options = ReportOptions.parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("PingPongReport: " + ex.getMessage());
            System.err.print(ReportOptions.USAGE);
            System.exit(2);
            return;
        }
        new PingPongReport(options).run();
    }

    private void run() throws IOException, InterruptedException
    {
        final Path raw = options.results().resolve("raw");
        Files.createDirectories(raw);
        final String date = RunInfo.now();
        final String loadAverage = MachineInfo.loadAverage();
        final BenchmarkCommands commands = new BenchmarkCommands(
            options, Path.of(System.getProperty("java.home")), Objects.requireNonNullElse(System.getenv("OPENMPJ_JVM_OPTS"), ""));
        final PingPongPlan plan = PingPongPlan.of(options, commands);
        final List<ResultSet> rounds = new ArrayList<>();
        final String runQueue;
        try (RunQueueMonitor monitor = new RunQueueMonitor())
        {
            for (int round = 1; round <= options.rounds(); round++)
            {
                final List<String> lines = new ArrayList<>();
                for (final Map.Entry<Implementation, List<String>> step : plan.steps().entrySet())
                {
                    lines.addAll(runStep(step.getKey(), step.getValue(), commands.environment(), raw, round));
                }
                rounds.add(ResultLines.parse(lines));
            }
            runQueue = monitor.summary();
        }

        final RunInfo info = RunInfo.measured(options.home(), date, plan.versionCommands(), loadAverage, options.device().deviceName(),
            options.eagerLimitBytes(), runQueue, options.rounds(), options.bench().batchMillis(), options.bench().repetitions(),
            plan.steps().values().stream().map(command -> String.join(" ", command)).toList());
        write(List.copyOf(plan.steps().keySet()), plan.comparison(), rounds, info);
    }

    private List<String> runStep(
        final Implementation implementation, final List<String> command, final Map<String, String> environment,
        final Path raw, final int round) throws IOException, InterruptedException
    {
        System.out.println("== round " + round + " of " + options.rounds() + ", " + implementation.label() + ": "
            + String.join(" ", command));
        final List<String> output = runner.run(command, environment,
            raw.resolve("pingpong" + options.device().fileSuffix() + "-" + implementation.id() + "-round" + round + ".log"));
        if (ResultLines.parse(output).sizes().stream().noneMatch(result -> result.impl().equals(implementation.id())))
        {
            throw new IOException(implementation.label() + " printed no result lines for impl=" + implementation.id());
        }
        return output;
    }

    private void write(
        final List<Implementation> implementations, final PingPongComparison comparison, final List<ResultSet> rounds, final RunInfo info)
        throws IOException
    {
        final ResultSet results = Rounds.combine(rounds);
        final String name = "pingpong" + options.device().fileSuffix();
        final Path csv = options.results().resolve(name + ".csv");
        final Path markdown = options.results().resolve(name + ".md");
        final Path latency = options.results().resolve(name + "-latency.png");
        final Path bandwidth = options.results().resolve(name + "-bandwidth.png");
        Files.writeString(csv, CsvReport.render(results.sizes()), StandardCharsets.UTF_8);
        Charts.latency(implementations, results, info.device(), info.eagerLimitBytes()).writePng(latency, PLOT_WIDTH, PLOT_HEIGHT);
        Charts.bandwidth(implementations, results, info.device(), info.eagerLimitBytes()).writePng(bandwidth, PLOT_WIDTH, PLOT_HEIGHT);
        Files.writeString(markdown, MarkdownReport.render(implementations, comparison, results, rounds, info,
            latency.getFileName().toString(), bandwidth.getFileName().toString()), StandardCharsets.UTF_8);
        System.out.println("== wrote " + csv + ", " + markdown + ", " + latency + ", " + bandwidth);
    }
}
