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
        final List<String> repeatedRuns = new ArrayList<>();
        final String runQueue;
        try (RunQueueMonitor monitor = new RunQueueMonitor())
        {
            for (int round = 1; round <= options.rounds(); round++)
            {
                final List<String> lines = new ArrayList<>();
                for (final Map.Entry<Implementation, List<String>> step : plan.steps().entrySet())
                {
                    final int attempts = plan.repeatable().contains(step.getKey()) ? PingPongPlan.ATTEMPTS : 1;
                    lines.addAll(runStep(step.getKey(), step.getValue(), commands.environment(), raw, round, attempts, repeatedRuns));
                }
                rounds.add(ResultLines.parse(lines));
            }
            runQueue = monitor.summary();
        }

        final RunInfo info = RunInfo.measured(options.home(), date, plan.versionCommands(), loadAverage, options.device().deviceName(),
            options.eagerLimitBytes(), runQueue, options.rounds(), options.bench().batchMillis(), options.bench().repetitions(),
            plan.steps().values().stream().map(command -> String.join(" ", command)).toList(), repeatedRuns);
        write(List.copyOf(plan.steps().keySet()), plan.comparison(), rounds, info);
    }

    /**
     * Runs one implementation's turn; a failed run is run again while {@code attempts} last, each failure noted in
     * {@code repeatedRuns}.
     */
    private List<String> runStep(
        final Implementation implementation, final List<String> command, final Map<String, String> environment,
        final Path raw, final int round, final int attempts, final List<String> repeatedRuns) throws IOException, InterruptedException
    {
        System.out.println("== round " + round + " of " + options.rounds() + ", " + implementation.label() + ": "
            + String.join(" ", command));
        final String log = "pingpong" + options.device().fileSuffix() + "-" + implementation.id() + "-round" + round;
        List<String> output = null;
        for (int attempt = 1; output == null; attempt++)
        {
            final Path file = raw.resolve(log + (attempt == 1 ? "" : "-attempt" + attempt) + ".log");
            try
            {
                output = runner.run(command, environment, file);
            }
            catch (final IOException ex)
            {
                if (attempt == attempts)
                {
                    throw ex;
                }
                final String why = ex.getMessage().lines().filter(line -> line.contains("ERROR") || line.contains("Exception"))
                    .findFirst().orElse(ex.getMessage().lines().findFirst().orElse("")).strip();
                repeatedRuns.add("round " + round + ", " + implementation.label() + ", attempt " + attempt + ": " + why + " (log `raw/"
                    + file.getFileName() + "`)");
                System.out.println("== " + implementation.label() + " failed; running it again: " + why);
            }
        }
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
