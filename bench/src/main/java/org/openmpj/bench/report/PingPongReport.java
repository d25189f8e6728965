package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.openmpj.bench.BenchOptions;
import org.openmpj.bench.OptionParser;
import org.openmpj.bench.ResultLines;
import org.openmpj.bench.ResultSet;

/**
 * The ping-pong report of OpenMPJ on one device beside its Java floor and native MPI ({@code ReportRunner pingpong}): what runs
 * on each device is {@link PingPongPlan}'s, every implementation once per round in the plan's order; it writes
 * {@code pingpong[-DEVICE].csv}, {@code .md}, {@code -latency.png} and {@code -bandwidth.png}. Started by
 * {@code bench/run-pingpong.sh} and {@code bench/run-pingpong-tcp.sh}.
 */
public final class PingPongReport extends DeviceReport<Implementation>
{
    /** Timed batches per size in each round: three rounds of five, fifteen per size and implementation, as one run has. */
    public static final int DEFAULT_REPETITIONS_PER_ROUND = 5;

    /** The MPICH build of the native program. */
    static final OptionParser.Option<Path> NATIVE_MPICH = OptionParser.path("--native-mpich", "FILE",
        "bench/native/pingpong.c compiled with MPICH (shm and hybrid only)", "HOME/bench/target/pingpong-mpich");

    /** The report's options and help. */
    public static final OptionParser PARSER = new OptionParser("ReportRunner pingpong", """
        Ping-pong latency and bandwidth of OpenMPJ on one device beside its Java floor and native MPI, the implementations
        taking turns in every round. --device thread: the two-thread Java floor, OpenMPJ with byte[] and with MPI.OBJECT
        messages, Open MPI's default transport, into pingpong.*; tcp: the Java socket floor, the tcp device (two processes),
        Open MPI over TCP, into pingpong-tcp.*; shm: the two-thread floor, the shm device (two processes), Open MPI's and
        MPICH's shared memory, into pingpong-shm.*; hybrid: as shm on the hybrid device, one rank per JVM, into
        pingpong-hybrid.*; ucx-sm, ucx-tcp: raw JUCX (ucx-tcp: ucx_perftest), the ucx device and Open MPI over UCX, all with
        UCX_TLS=sm,self or tcp,self, into pingpong-ucx-sm.* or pingpong-ucx-tcp.*. Targets, each on the median of the
        rounds' ratios: thread 1 B time <= 1.0x Open MPI's, 1 MiB bandwidth >= 1.5x; shm and hybrid 1 B <= 1.2x Open MPI's,
        1 MiB >= 1.0x Open MPI's and >= 1.0x MPICH's, and no size above the eager limit with less bandwidth than the largest
        eager size; ucx-sm 1 B <= 1.3x, 1 MiB >= 0.9x Open MPI over UCX's; ucx-tcp 1 B <= 1.15x, 1 MiB >= 0.9x ucx_perftest's;
        tcp 1 B <= 1.0x, 1 MiB >= 0.9x Open MPI over TCP's. The report names the CPU as lscpu does and the machine's state
        in each round, judged from the floor's 1 B and 1 MiB times.""",
        List.of(ReportOptions.HOME, ReportOptions.RESULTS, ReportOptions.NATIVE.withHelp("bench/native/pingpong.c compiled with Open MPI")
                .withDefault(null, "HOME/bench/target/pingpong"),
            NATIVE_MPICH, ReportOptions.MPIRUN,
            ReportOptions.DEVICE.withHelp("thread, tcp, shm, hybrid, ucx-sm or ucx-tcp; it chooses the floor and the native references"),
            ReportOptions.EAGER_LIMIT, ReportOptions.CPUS, ReportOptions.ROUNDS, BenchOptions.MAX_BYTES,
            BenchOptions.REPETITIONS.withDefault(DEFAULT_REPETITIONS_PER_ROUND).withHelp("timed batches per size in each round"),
            BenchOptions.BATCH_MS));

    private final Path mpichBinary;
    private final BenchOptions bench;
    private final BenchmarkCommands commands;
    private final PingPongPlan plan;

    /**
     * @param run         the device, CPUs, rounds and where things are.
     * @param mpichBinary the native program built with MPICH, run beside Open MPI on the shm and hybrid devices.
     * @param bench       the options passed on to every benchmark program; repetitions are per round.
     * @param javaHome    the JDK the Java programs run on.
     * @param jvmOptions  extra JVM options (from {@code OPENMPJ_JVM_OPTS}), one string; may be empty.
     * @throws IllegalArgumentException when a device of processes has fewer than two CPUs.
     */
    public PingPongReport(final DeviceRun run, final Path mpichBinary, final BenchOptions bench, final Path javaHome, final String jvmOptions)
    {
        super(run, javaHome, jvmOptions, bench.batchMillis(), bench.repetitions());
        if (run.device().startsRankProcesses() && run.cores() < 2)
        {
            throw new IllegalArgumentException("--cpus " + run.cpus() + " names one CPU; the " + run.device().deviceName()
                + " device's two processes need one each");
        }
        this.mpichBinary = mpichBinary;
        this.bench = bench;
        this.commands = new BenchmarkCommands(this);
        this.plan = PingPongPlan.of(this, commands);
    }

    /** @return the report a parsed command line asks for, run on this JVM's JDK with {@code OPENMPJ_JVM_OPTS}. */
    static PingPongReport of(final OptionParser.Values values)
    {
        final DeviceRun run = DeviceRun.of(values, "pingpong");
        final Path mpich = values.get(NATIVE_MPICH);
        return new PingPongReport(run, mpich != null ? mpich : run.home().resolve("bench/target/pingpong-mpich"), BenchOptions.of(values),
            Path.of(System.getProperty("java.home")), Objects.requireNonNullElse(System.getenv("OPENMPJ_JVM_OPTS"), ""));
    }

    /**
     * @param args the command line.
     * @return the report it asks for.
     * @throws IllegalArgumentException naming the option that is unknown, lacks a value or is invalid.
     */
    public static PingPongReport parse(final String[] args)
    {
        return of(PARSER.parse(args));
    }

    /** @return the native program built with MPICH. */
    public Path mpichBinary()
    {
        return mpichBinary;
    }

    /** @return the options passed on to every benchmark program. */
    public BenchOptions bench()
    {
        return bench;
    }

    /** @return this report with its Java programs on another JDK and with other JVM options. */
    public PingPongReport withJava(final Path javaHome, final String jvmOptions)
    {
        return new PingPongReport(run(), mpichBinary, bench, javaHome, jvmOptions);
    }

    /** @return the command lines. */
    public BenchmarkCommands commands()
    {
        return commands;
    }

    /** @return what runs and what it is held against. */
    public PingPongPlan plan()
    {
        return plan;
    }

    @Override
    public List<Step<Implementation>> steps(final int round)
    {
        final List<Step<Implementation>> steps = new ArrayList<>();
        for (final Map.Entry<Implementation, List<String>> step : plan.steps().entrySet())
        {
            final Implementation implementation = step.getKey();
            steps.add(new Step<>(implementation, implementation.label(), run().fileBase("pingpong") + "-" + implementation.id(), step.getValue())
                .withAttempts(plan.repeatable().contains(implementation) ? PingPongPlan.ATTEMPTS : 1));
        }
        return steps;
    }

    @Override
    public List<List<String>> versionCommands()
    {
        return plan.versionCommands();
    }

    @Override
    public void check(final StepRun<Implementation> stepRun) throws IOException
    {
        final Implementation implementation = stepRun.step().job();
        if (ResultLines.parse(stepRun.output()).sizes().stream().noneMatch(result -> result.impl().equals(implementation.id())))
        {
            throw new IOException(implementation.label() + " printed no result lines for impl=" + implementation.id());
        }
    }

    @Override
    public void write(final List<List<StepRun<Implementation>>> stepRounds, final RunInfo info) throws IOException
    {
        final List<ResultSet> rounds = new ArrayList<>();
        for (final List<StepRun<Implementation>> round : stepRounds)
        {
            rounds.add(ResultLines.parse(round.stream().flatMap(stepRun -> stepRun.output().stream()).toList()));
        }
        final List<Implementation> implementations = List.copyOf(plan.steps().keySet());
        final ResultSet results = Rounds.combine(rounds);
        final String name = run().fileBase("pingpong");
        final Path csv = run().results().resolve(name + ".csv");
        final Path markdown = run().results().resolve(name + ".md");
        final Path latency = run().results().resolve(name + "-latency.png");
        final Path bandwidth = run().results().resolve(name + "-bandwidth.png");
        Files.writeString(csv, CsvReport.render(results.sizes()), StandardCharsets.UTF_8);
        Charts.latency(implementations, results, info.device(), info.eagerLimitBytes()).writePng(latency);
        Charts.bandwidth(implementations, results, info.device(), info.eagerLimitBytes()).writePng(bandwidth);
        Files.writeString(markdown, MarkdownReport.render(implementations, plan.comparison(), results, rounds, info,
            latency.getFileName().toString(), bandwidth.getFileName().toString()), StandardCharsets.UTF_8);
        System.out.println("== wrote " + csv + ", " + markdown + ", " + latency + ", " + bandwidth);
    }
}
