package org.openmpj.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.Rounds;
import org.openmpj.bench.report.RunQueueMonitor;
import org.openmpj.bench.report.RunInfo;

/**
 * Runs the Java floor, OpenMPJ's thread device (with byte[] and with MPI.OBJECT messages) and native Open MPI in turns, for a few rounds, then writes
 * {@code pingpong.csv}, {@code pingpong.md}, {@code pingpong-latency.png} and {@code pingpong-bandwidth.png}
 * (and each run's raw output under {@code raw/}). Started by {@code bench/run-pingpong.sh}, which builds
 * what it needs first.
 */
public final class PingPongReport
{
    private static final Implementation FLOOR = new Implementation(ThreadFloor.IMPL, "Java floor");
    private static final Implementation OPENMPJ = new Implementation(PingPong.IMPL, "OpenMPJ thread");
    private static final Implementation OPENMPJ_OBJECTS = new Implementation(ObjectPingPong.IMPL, "OpenMPJ thread, MPI.OBJECT");
    private static final Implementation OPENMPI = new Implementation("openmpi", "Open MPI");
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
        final String date = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        final String loadAverage = MachineInfo.loadAverage();
        final BenchmarkCommands commands = new BenchmarkCommands(
            options, Path.of(System.getProperty("java.home")), Objects.requireNonNullElse(System.getenv("OPENMPJ_JVM_OPTS"), ""));

        final Map<Implementation, List<String>> plan = new LinkedHashMap<>();
        plan.put(FLOOR, commands.floor());
        plan.put(OPENMPJ, commands.openmpj());
        plan.put(OPENMPJ_OBJECTS, commands.openmpjObjects());
        plan.put(OPENMPI, commands.openmpi());
        final List<ResultSet> rounds = new ArrayList<>();
        final String runQueue;
        try (RunQueueMonitor monitor = new RunQueueMonitor())
        {
            for (int round = 1; round <= options.rounds(); round++)
            {
                final List<String> lines = new ArrayList<>();
                for (final Map.Entry<Implementation, List<String>> step : plan.entrySet())
                {
                    lines.addAll(runStep(step.getKey(), step.getValue(), commands.environment(), raw, round));
                }
                rounds.add(ResultLines.parse(lines));
            }
            runQueue = monitor.summary();
        }

        final RunInfo info = new RunInfo(
            date,
            Runtime.getRuntime().availableProcessors(),
            MachineInfo.cpuModel(),
            MachineInfo.jdk(),
            CommandRunner.firstLine(List.of("mpirun", "--version"), "unknown"),
            CommandRunner.firstLine(List.of("git", "-C", options.home().toString(), "describe", "--always", "--dirty"), "unknown")
                + jarsBuilt(),
            options.eagerLimitBytes(),
            "start " + loadAverage + ", end " + MachineInfo.loadAverage(),
            runQueue,
            options.rounds(),
            options.bench().batchMillis(),
            options.bench().repetitions(),
            plan.values().stream().map(command -> String.join(" ", command)).toList());
        write(List.copyOf(plan.keySet()), rounds, info);
    }

    /** The jars may be older than the sources: a report must say which build it measured. */
    private String jarsBuilt()
    {
        final Path coreJar = options.home().resolve("core/target/openmpj-core.jar");
        try
        {
            return ", core jar built " + Files.getLastModifiedTime(coreJar).toInstant().truncatedTo(ChronoUnit.SECONDS);
        }
        catch (final IOException ex)
        {
            return "";
        }
    }

    private List<String> runStep(
        final Implementation implementation, final List<String> command, final Map<String, String> environment,
        final Path raw, final int round) throws IOException, InterruptedException
    {
        System.out.println("== round " + round + " of " + options.rounds() + ", " + implementation.label() + ": "
            + String.join(" ", command));
        final List<String> output = runner.run(command, environment, raw.resolve(implementation.id() + "-round" + round + ".log"));
        if (ResultLines.parse(output).sizes().stream().noneMatch(result -> result.impl().equals(implementation.id())))
        {
            throw new IOException(implementation.label() + " printed no result lines for impl=" + implementation.id());
        }
        return output;
    }

    private void write(final List<Implementation> implementations, final List<ResultSet> rounds, final RunInfo info)
        throws IOException
    {
        final ResultSet results = Rounds.combine(rounds);
        final Path csv = options.results().resolve("pingpong.csv");
        final Path markdown = options.results().resolve("pingpong.md");
        final Path latency = options.results().resolve("pingpong-latency.png");
        final Path bandwidth = options.results().resolve("pingpong-bandwidth.png");
        Files.writeString(csv, CsvReport.render(results.sizes()), StandardCharsets.UTF_8);
        Charts.latency(implementations, results, info.eagerLimitBytes()).writePng(latency, PLOT_WIDTH, PLOT_HEIGHT);
        Charts.bandwidth(implementations, results, info.eagerLimitBytes()).writePng(bandwidth, PLOT_WIDTH, PLOT_HEIGHT);
        Files.writeString(markdown, MarkdownReport.render(implementations, results, rounds, info,
            latency.getFileName().toString(), bandwidth.getFileName().toString()), StandardCharsets.UTF_8);
        System.out.println("== wrote " + csv + ", " + markdown + ", " + latency + ", " + bandwidth);
    }
}
