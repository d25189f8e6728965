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

import org.openmpj.bench.report.BenchDevice;
import org.openmpj.bench.report.BenchmarkCommands;
import org.openmpj.bench.report.Charts;
import org.openmpj.bench.report.CommandRunner;
import org.openmpj.bench.report.CsvReport;
import org.openmpj.bench.report.Implementation;
import org.openmpj.bench.report.MachineInfo;
import org.openmpj.bench.report.MarkdownReport;
import org.openmpj.bench.report.PingPongComparison;
import org.openmpj.bench.report.PingPongTarget;
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.Rounds;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.RunQueueMonitor;

/**
 * Runs OpenMPJ's ping-pong on one device beside its Java floor and native Open MPI, in turns, for a few rounds, then
 * writes {@code pingpong[-DEVICE].csv}, {@code .md}, {@code -latency.png} and {@code -bandwidth.png} (and each run's
 * raw output under {@code raw/}). On the thread device: the two-thread floor, OpenMPJ with byte[] and with
 * MPI.OBJECT messages, Open MPI's shared memory. On the tcp device: the socket floor (two JVMs), OpenMPJ's two rank
 * processes, Open MPI over TCP. Started by {@code bench/run-pingpong.sh} and {@code bench/run-pingpong-tcp.sh},
 * which build what it needs first.
 */
public final class PingPongReport
{
    private static final Implementation OPENMPI = new Implementation("openmpi", "Open MPI");
    private static final Implementation OPENMPI_TCP = new Implementation("openmpi", "Open MPI TCP");
    private static final Implementation FLOOR = new Implementation(ThreadFloor.IMPL, "Java floor");
    private static final Implementation SOCKET_FLOOR = new Implementation(SocketFloor.IMPL, "Java socket floor");
    private static final Implementation OPENMPJ_OBJECTS = new Implementation(ObjectPingPong.IMPL, "OpenMPJ thread, MPI.OBJECT");
    /** Sizes are powers of two, so the 1 MB target is judged at 1 MiB, which is harder by 5%. */
    private static final List<PingPongTarget> TCP_TARGETS = List.of(
        new PingPongTarget(1, PingPongTarget.Kind.ONE_WAY_AT_MOST_US, 6, ""),
        new PingPongTarget(1024 * 1024, PingPongTarget.Kind.BANDWIDTH_AT_LEAST_GBS, 6,
            "1,048,576 B, standing for the 1 MB target; 1 GB = 10^9 B"));
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
        final String date = RunInfo.now();
        final String loadAverage = MachineInfo.loadAverage();
        final BenchmarkCommands commands = new BenchmarkCommands(
            options, Path.of(System.getProperty("java.home")), Objects.requireNonNullElse(System.getenv("OPENMPJ_JVM_OPTS"), ""));
        final BenchDevice device = options.device();
        final Implementation openmpj = new Implementation(JobDevice.impl(device.deviceName()), "OpenMPJ " + device.deviceName());

        final Map<Implementation, List<String>> plan = new LinkedHashMap<>();
        final PingPongComparison comparison;
        if (device == BenchDevice.TCP)
        {
            plan.put(SOCKET_FLOOR, commands.socketFloor());
            plan.put(openmpj, commands.openmpj());
            plan.put(OPENMPI_TCP, commands.openmpi());
            comparison = new PingPongComparison(openmpj, OPENMPI_TCP, SOCKET_FLOOR, TCP_TARGETS,
                "Each implementation is two processes, each pinned to a CPU of its own: the Java socket floor with `taskset`, "
                + "connecting to 127.0.0.1; " + openmpj.label() + " with " + commands.job().placement()
                + ", and Open MPI with `mpirun --bind-to core`, both connecting to this host's first non-loopback address, "
                + "which the kernel also carries over its loopback device.");
        }
        else
        {
            plan.put(FLOOR, commands.floor());
            plan.put(openmpj, commands.openmpj());
            plan.put(OPENMPJ_OBJECTS, commands.openmpjObjects());
            plan.put(OPENMPI, commands.openmpi());
            comparison = new PingPongComparison(openmpj, OPENMPI, FLOOR, List.of(),
                "The Java floor and " + openmpj.label() + " are two threads of one JVM pinned to CPUs " + options.cpus()
                + " with `taskset`; Open MPI is two processes, each bound to a core of its own with `mpirun --bind-to core`.");
        }
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

        final RunInfo info = RunInfo.measured(options.home(), date, loadAverage, device.deviceName(), options.eagerLimitBytes(),
            runQueue, options.rounds(), options.bench().batchMillis(), options.bench().repetitions(),
            plan.values().stream().map(command -> String.join(" ", command)).toList());
        write(List.copyOf(plan.keySet()), comparison, rounds, info);
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
