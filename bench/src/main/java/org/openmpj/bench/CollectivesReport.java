package org.openmpj.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.openmpj.bench.report.CollectiveCharts;
import org.openmpj.bench.report.CollectiveCommands;
import org.openmpj.bench.report.CollectiveCsv;
import org.openmpj.bench.report.CollectiveMarkdown;
import org.openmpj.bench.report.CollectiveReportOptions;
import org.openmpj.bench.report.CollectiveRounds;
import org.openmpj.bench.report.CommandRunner;
import org.openmpj.bench.report.Implementation;
import org.openmpj.bench.report.MachineInfo;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.RunQueueMonitor;

/**
 * Runs the collectives benchmark of OpenMPJ on one device and of native Open MPI over the comparable transport at each
 * job size, the two taking turns, for a few rounds, then writes {@code collectives[-DEVICE].csv}, {@code .md} and a PNG
 * plot per operation (and each run's raw output under {@code raw/}). Started by {@code bench/run-collectives.sh}, which builds what it
 * needs first.
 */
public final class CollectivesReport
{
    private static final int PLOT_WIDTH = 1200;
    private static final int PLOT_HEIGHT = 750;

    private final CollectiveReportOptions options;
    private final CommandRunner runner = new CommandRunner(System.out);
    private final Implementation openmpj;
    private final Implementation openmpi;

    private CollectivesReport(final CollectiveReportOptions options)
    {
        this.options = options;
        this.openmpj = options.device().openmpj();
        this.openmpi = options.device().openmpi();
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        System.setProperty("java.awt.headless", "true");
        if (List.of(args).contains("--help") || List.of(args).contains("-h"))
        {
            System.out.print(CollectiveReportOptions.USAGE);
            return;
        }
        final CollectiveReportOptions options;
        try
        {
            options = CollectiveReportOptions.parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("CollectivesReport: " + ex.getMessage());
            System.err.print(CollectiveReportOptions.USAGE);
            System.exit(2);
            return;
        }
        new CollectivesReport(options).run();
    }

    private void run() throws IOException, InterruptedException
    {
        final Path raw = options.results().resolve("raw");
        Files.createDirectories(raw);
        final String date = RunInfo.now();
        final String loadAverage = MachineInfo.loadAverage();
        final CollectiveCommands commands = new CollectiveCommands(
            options, Path.of(System.getProperty("java.home")), Objects.requireNonNullElse(System.getenv("OPENMPJ_JVM_OPTS"), ""));

        final List<List<CollectiveResult>> rounds = new ArrayList<>();
        final Map<String, List<String>> commandLines = new LinkedHashMap<>();
        final String runQueue;
        try (RunQueueMonitor monitor = new RunQueueMonitor())
        {
            for (int round = 1; round <= options.rounds(); round++)
            {
                final List<CollectiveResult> results = new ArrayList<>();
                for (final int ranks : options.rankCounts())
                {
                    // Swapping the order every round spreads a slow start or a drifting machine over both.
                    final List<Implementation> order = round % 2 == 1 ? List.of(openmpj, openmpi) : List.of(openmpi, openmpj);
                    for (final Implementation implementation : order)
                    {
                        final List<String> command = implementation == openmpj ? commands.openmpj(ranks) : commands.openmpi(ranks);
                        commandLines.putIfAbsent(implementation.id() + ranks, command);
                        results.addAll(runStep(implementation, ranks, command, commands.environment(), raw, round));
                    }
                }
                rounds.add(results);
            }
            runQueue = monitor.summary();
        }

        final RunInfo info = RunInfo.measured(options.home(), date, List.of(List.of(options.mpirun(), "--version")), loadAverage,
            options.device().deviceName(), options.eagerLimitBytes(), runQueue, options.rounds(), options.bench().batchMillis(),
            options.bench().repetitions(),
            commandLines.values().stream().map(command -> String.join(" ", command)).toList(), List.of());
        final Map<Integer, List<String>> openMpiFlags = new LinkedHashMap<>();
        options.rankCounts().forEach(ranks -> openMpiFlags.put(ranks, commands.openMpiPlacement(ranks)));
        write(new CollectiveMarkdown.Setup(openmpj, openmpi, options.rankCounts(), options.cores(), options.cpus(), openMpiFlags,
            options.device(), commands.job().placement()), rounds, info);
    }

    private List<CollectiveResult> runStep(
        final Implementation implementation, final int ranks, final List<String> command, final Map<String, String> environment,
        final Path raw, final int round) throws IOException, InterruptedException
    {
        System.out.println("== round " + round + " of " + options.rounds() + ", " + implementation.label() + " at " + ranks
            + " ranks: " + String.join(" ", command));
        final List<String> output = runner.run(command, environment,
            raw.resolve("collectives" + options.device().fileSuffix() + "-" + implementation.id() + "-np" + ranks + "-round" + round + ".log"));
        final List<CollectiveResult> results = CollectiveLines.parse(output).stream()
            .filter(result -> result.impl().equals(implementation.id()) && result.ranks() == ranks)
            .toList();
        if (results.isEmpty())
        {
            throw new IOException(implementation.label() + " at " + ranks + " ranks printed no result lines for impl="
                + implementation.id() + " ranks=" + ranks);
        }
        return results;
    }

    private void write(final CollectiveMarkdown.Setup setup, final List<List<CollectiveResult>> rounds, final RunInfo info)
        throws IOException
    {
        final List<CollectiveResult> results = CollectiveRounds.combine(rounds);
        final Path csv = options.results().resolve(CollectiveCsv.fileName(options.device()));
        final Path markdown = options.results().resolve("collectives" + options.device().fileSuffix() + ".md");
        Files.writeString(csv, CollectiveCsv.render(results), StandardCharsets.UTF_8);
        final List<Implementation> implementations = List.of(setup.subject(), setup.reference());
        final List<Path> plots = new ArrayList<>();
        for (final CollectiveOperation operation : CollectiveOperation.values())
        {
            final Path png = options.results().resolve(CollectiveCharts.fileName(options.device(), operation));
            (operation.hasMessage()
                ? CollectiveCharts.bandwidth(operation, implementations, options.rankCounts(), results)
                : CollectiveCharts.barrier(implementations, results)).writePng(png, PLOT_WIDTH, PLOT_HEIGHT);
            plots.add(png);
        }
        Files.writeString(markdown, CollectiveMarkdown.render(setup, results, rounds, info), StandardCharsets.UTF_8);
        System.out.println("== wrote " + csv + ", " + markdown + ", " + plots.stream().map(Path::toString).toList());
    }
}
