package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.openmpj.bench.BenchOptions;
import org.openmpj.bench.CollectiveLines;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveOptions;
import org.openmpj.bench.CollectiveResult;
import org.openmpj.bench.OptionParser;

/**
 * The collectives report ({@code ReportRunner collectives}): OpenMPJ's collectives benchmark on one device and native Open MPI
 * over the comparable transport at each job size, the two taking turns and swapping order every round; it writes
 * {@code collectives[-DEVICE].csv}, {@code .md} and a PNG plot per operation. Started by {@code bench/run-collectives.sh}.
 */
public final class CollectivesReport extends DeviceReport<CollectivesReport.Job>
{
    /** Timed batches per size in each round. */
    public static final int DEFAULT_REPETITIONS_PER_ROUND = 5;
    /** The job sizes: one rank per core, and two and four per core on two cores. */
    public static final List<Integer> DEFAULT_RANK_COUNTS = List.of(2, 4, 8);
    /** Jobs this large have their sizes capped. */
    public static final int DEFAULT_LARGE_JOB_RANKS = 8;
    /**
     * 1 MiB: an 8-rank Alltoall of 4 MiB blocks moves 235 MB per call on two cores and needs 512 MiB of
     * buffers in one JVM; capped, the whole default run stays within about a quarter of an hour.
     */
    public static final int DEFAULT_LARGE_JOB_MAX_BYTES = 1024 * 1024;

    private static final int MAX_RANKS = 1024;
    private static final OptionParser.Option<List<Integer>> RANKS = OptionParser.wholeList("--ranks", "the job sizes",
        DEFAULT_RANK_COUNTS, 1, MAX_RANKS);
    private static final OptionParser.Option<Integer> LARGE_JOB_RANKS = OptionParser.whole("--large-job-ranks",
        "jobs of at least this many ranks stop at --large-job-max-bytes", DEFAULT_LARGE_JOB_RANKS, 1, MAX_RANKS);
    private static final OptionParser.Option<Integer> LARGE_JOB_MAX_BYTES = OptionParser.whole("--large-job-max-bytes",
        "the largest size of those jobs, a multiple of 8; always measured, as --max-bytes is", DEFAULT_LARGE_JOB_MAX_BYTES, 1,
        Integer.MAX_VALUE);

    /** The report's options and help. */
    public static final OptionParser PARSER = new OptionParser("ReportRunner collectives", """
        Bcast, Reduce (doubles, SUM, to rank 0), Allreduce, Allgather and Alltoall aggregated bandwidth over message sizes and
        Barrier latency, OpenMPJ on one device beside the same operations in C on Open MPI, at each job size, taking turns
        and swapping order every round. Sizes run from --min-bytes by factors of --step and end with --max-bytes (or
        --large-job-max-bytes) even where the factors step over it. --device thread: ranks as threads against Open MPI's
        default transport, into collectives.*; tcp: a process per rank against Open MPI over TCP, into collectives-tcp.*;
        shm: a process per rank against Open MPI's default transport (shared memory), into collectives-shm.*; hybrid
        likewise, into collectives-hybrid.*. Targets, in every cell (every operation, Barrier and Reduce included, at every
        size), on OpenMPJ's time per call over Open MPI's, the median of the rounds' ratios: at most 1 with one rank per
        core or fewer (2 ranks on 2 cores), at most 2 oversubscribed (4 and 8 ranks on 2 cores). The report names the CPU
        as lscpu does and the machine's state in each round, judged from Open MPI's Barrier and smallest Allreduce at the
        smallest job size.""",
        List.of(ReportOptions.HOME, ReportOptions.RESULTS, ReportOptions.NATIVE.withHelp("bench/native/collectives.c compiled with Open MPI")
                .withDefault(null, "HOME/bench/target/collectives"),
            ReportOptions.MPIRUN, ReportOptions.DEVICE.withHelp("thread, tcp, shm or hybrid"), ReportOptions.EAGER_LIMIT,
            ReportOptions.CPUS.withHelp("the cores every run is pinned to (taskset -c)"), ReportOptions.ROUNDS, RANKS, LARGE_JOB_RANKS,
            LARGE_JOB_MAX_BYTES, CollectiveOptions.MIN_BYTES, CollectiveOptions.MAX_BYTES, CollectiveOptions.STEP,
            CollectiveOptions.REPETITIONS.withDefault(DEFAULT_REPETITIONS_PER_ROUND).withHelp("timed batches per operation and size in each round"),
            BenchOptions.BATCH_MS));

    private final List<Integer> rankCounts;
    private final int largeJobRanks;
    private final int largeJobMaxBytes;
    private final CollectiveOptions bench;
    private final CollectiveCommands commands;
    private final Implementation openmpj;
    private final Implementation openmpi;

    /**
     * One run: an implementation at a job size.
     *
     * @param implementation OpenMPJ or Open MPI.
     * @param ranks          the job size.
     */
    public record Job(Implementation implementation, int ranks)
    {
    }

    /**
     * @param run              the device, CPUs, rounds and where things are.
     * @param rankCounts       the job sizes, ascending.
     * @param largeJobRanks    from this many ranks on, sizes stop at {@code largeJobMaxBytes}.
     * @param largeJobMaxBytes the largest size of jobs of {@code largeJobRanks} ranks or more, a multiple of 8.
     * @param bench            the options passed on to every benchmark program; repetitions are per round.
     * @param javaHome         the JDK the Java benchmark runs on.
     * @param jvmOptions       extra JVM options (from {@code OPENMPJ_JVM_OPTS}), one string; may be empty.
     */
    public CollectivesReport(final DeviceRun run, final List<Integer> rankCounts, final int largeJobRanks, final int largeJobMaxBytes,
        final CollectiveOptions bench, final Path javaHome, final String jvmOptions)
    {
        super(run, javaHome, jvmOptions, bench.batchMillis(), bench.repetitions());
        if (rankCounts.isEmpty())
        {
            throw new IllegalArgumentException("--ranks needs at least one job size");
        }
        CollectiveOptions.requireWholeDoubles(LARGE_JOB_MAX_BYTES.name(), largeJobMaxBytes);
        this.rankCounts = List.copyOf(rankCounts);
        this.largeJobRanks = largeJobRanks;
        this.largeJobMaxBytes = largeJobMaxBytes;
        this.bench = bench;
        this.commands = new CollectiveCommands(this);
        this.openmpj = run.device().openmpj();
        this.openmpi = run.device().openmpi();
    }

    /** @return the report a parsed command line asks for, run on this JVM's JDK with {@code OPENMPJ_JVM_OPTS}. */
    static CollectivesReport of(final OptionParser.Values values)
    {
        return new CollectivesReport(DeviceRun.of(values, "collectives"), values.get(RANKS), values.get(LARGE_JOB_RANKS),
            values.get(LARGE_JOB_MAX_BYTES), CollectiveOptions.of(values), Path.of(System.getProperty("java.home")),
            Objects.requireNonNullElse(System.getenv("OPENMPJ_JVM_OPTS"), ""));
    }

    /**
     * @param args the command line.
     * @return the report it asks for.
     * @throws IllegalArgumentException naming the option that is unknown, lacks a value or is invalid.
     */
    public static CollectivesReport parse(final String[] args)
    {
        return of(PARSER.parse(args));
    }

    /** @return the job sizes, ascending. */
    public List<Integer> rankCounts()
    {
        return rankCounts;
    }

    /** @return the options passed on to every benchmark program. */
    public CollectiveOptions bench()
    {
        return bench;
    }

    /** @return this report with its Java programs on another JDK and with other JVM options. */
    public CollectivesReport withJava(final Path javaHome, final String jvmOptions)
    {
        return new CollectivesReport(run(), rankCounts, largeJobRanks, largeJobMaxBytes, bench, javaHome, jvmOptions);
    }

    /** @return the command lines. */
    public CollectiveCommands commands()
    {
        return commands;
    }

    /**
     * @param ranks a job size.
     * @return the benchmark options for a job of that size: the sizes stop at, and include, the large jobs' largest size
     *         from {@code --large-job-ranks} ranks on (never below the smallest size).
     */
    public CollectiveOptions benchFor(final int ranks)
    {
        if (ranks < largeJobRanks || bench.maxBytes() <= largeJobMaxBytes)
        {
            return bench;
        }
        return bench.withMaxBytes(Math.max(bench.minBytes(), largeJobMaxBytes));
    }

    @Override
    public List<Step<Job>> steps(final int round)
    {
        final List<Step<Job>> steps = new ArrayList<>();
        for (final int ranks : rankCounts)
        {
            // Swapping the order every round spreads a slow start or a drifting machine over both.
            for (final Implementation implementation : round % 2 == 1 ? List.of(openmpj, openmpi) : List.of(openmpi, openmpj))
            {
                steps.add(new Step<>(new Job(implementation, ranks), implementation.label() + " at " + ranks + " ranks",
                    run().fileBase("collectives") + "-" + implementation.id() + "-np" + ranks,
                    implementation == openmpj ? commands.openmpj(ranks) : commands.openmpi(ranks)));
            }
        }
        return steps;
    }

    @Override
    public List<List<String>> versionCommands()
    {
        return List.of(List.of(run().mpirun(), "--version"));
    }

    @Override
    public void check(final StepRun<Job> stepRun) throws IOException
    {
        final Job job = stepRun.step().job();
        if (results(stepRun).isEmpty())
        {
            throw new IOException(job.implementation().label() + " at " + job.ranks() + " ranks printed no result lines for impl="
                + job.implementation().id() + " ranks=" + job.ranks());
        }
    }

    @Override
    public void write(final List<List<StepRun<Job>>> stepRounds, final RunInfo info) throws IOException
    {
        final List<List<CollectiveResult>> rounds = new ArrayList<>();
        for (final List<StepRun<Job>> round : stepRounds)
        {
            rounds.add(round.stream().flatMap(stepRun -> results(stepRun).stream()).toList());
        }
        final Map<Integer, List<String>> openMpiFlags = new LinkedHashMap<>();
        rankCounts.forEach(ranks -> openMpiFlags.put(ranks, commands.openMpiPlacement(ranks)));
        final CollectiveMarkdown.Setup setup = new CollectiveMarkdown.Setup(openmpj, openmpi, rankCounts, run().cores(), run().cpus(), openMpiFlags,
            run().device(), commands.job().placement());
        final List<CollectiveResult> results = CollectiveRounds.combine(rounds);
        final Path csv = run().results().resolve(CollectiveCsv.fileName(run().device()));
        final Path markdown = run().results().resolve(run().fileBase("collectives") + ".md");
        Files.writeString(csv, CollectiveCsv.render(results), StandardCharsets.UTF_8);
        final List<Implementation> implementations = List.of(openmpj, openmpi);
        final List<Path> plots = new ArrayList<>();
        for (final CollectiveOperation operation : CollectiveOperation.values())
        {
            final Path png = run().results().resolve(CollectiveCharts.fileName(run().device(), operation));
            (operation.hasMessage()
                ? CollectiveCharts.bandwidth(operation, implementations, rankCounts, results)
                : CollectiveCharts.barrier(implementations, results)).writePng(png);
            plots.add(png);
        }
        Files.writeString(markdown, CollectiveMarkdown.render(setup, results, rounds, info), StandardCharsets.UTF_8);
        System.out.println("== wrote " + csv + ", " + markdown + ", " + plots.stream().map(Path::toString).toList());
    }

    /** @return the results a run printed for its own implementation and job size. */
    private static List<CollectiveResult> results(final StepRun<Job> stepRun)
    {
        final Job job = stepRun.step().job();
        return CollectiveLines.parse(stepRun.output()).stream()
            .filter(result -> result.impl().equals(job.implementation().id()) && result.ranks() == job.ranks())
            .toList();
    }
}
