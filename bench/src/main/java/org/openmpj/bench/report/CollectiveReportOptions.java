package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.openmpj.bench.CollectiveOptions;
import org.openmpj.bench.OptionPairs;

/**
 * The options of {@code CollectivesReport}.
 *
 * @param home               the OpenMPJ checkout: where {@code bin/mpjrun} and the jars are.
 * @param results            where the report is written.
 * @param nativeBinary       the compiled {@code bench/native/collectives.c}.
 * @param mpirun             Open MPI's launcher.
 * @param device             the OpenMPJ device measured; it chooses Open MPI's transport too.
 * @param eagerLimitBytes    the device's eager limit for the run.
 * @param cpus               the CPU list every run is pinned to, in {@code taskset -c} syntax.
 * @param rounds             how many times each benchmark runs, the implementations taking turns.
 * @param rankCounts         the job sizes, ascending.
 * @param largeJobRanks      from this many ranks on, sizes stop at {@code largeJobMaxBytes}.
 * @param largeJobMaxBytes   the largest size of jobs of {@code largeJobRanks} ranks or more.
 * @param bench              the options passed on to every benchmark program; repetitions are per round.
 */
public record CollectiveReportOptions(
    Path home, Path results, Path nativeBinary, String mpirun, BenchDevice device, long eagerLimitBytes, String cpus, int rounds,
    List<Integer> rankCounts, int largeJobRanks, int largeJobMaxBytes, CollectiveOptions bench)
{
    /** Three rounds of five timed batches: fifteen batches per size and implementation, as a single run has. */
    public static final int DEFAULT_ROUNDS = SharedReportOptions.DEFAULT_ROUNDS;
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

    /** The usage text. */
    public static final String USAGE = """
        Usage: CollectivesReport [--home DIR] [--results DIR] [--native FILE] [--mpirun FILE] [--device thread|tcp|shm|hybrid]
                                 [--eager-limit BYTES] [--cpus LIST] [--rounds N] [--ranks N,N,...] [--large-job-ranks N]
                                 [--large-job-max-bytes N] [--min-bytes N] [--max-bytes N] [--step N] [--repetitions N]
                                 [--batch-ms N]
          --home                the OpenMPJ checkout; default the current directory.
          --results             where to write the report; default HOME/bench/results.
          --native              bench/native/collectives.c compiled with Open MPI; default HOME/bench/target/collectives.
          --mpirun              Open MPI's launcher (mpirun.openmpi where MPICH owns mpirun); default mpirun.
          --device              thread: OpenMPJ's thread device against Open MPI's default transport, written to
                                collectives.*; tcp: the tcp device (a process per rank) against Open MPI over TCP,
                                written to collectives-tcp.*; shm: the shm device (a process per rank) against Open
                                MPI's default transport (shared memory), written to collectives-shm.*. Default thread.
          --eager-limit         the device's eager limit in bytes; default the device's (thread %d, tcp %d, shm %d).
          --cpus                the cores every run is pinned to (taskset -c); default 0,1.
          --rounds              how often each benchmark runs, the implementations taking turns; default %d.
          --ranks               the job sizes; default 2,4,8.
          --large-job-ranks, --large-job-max-bytes: jobs of at least this many ranks stop at this size; default %d, %d.
          --min-bytes, --max-bytes, --step, --repetitions, --batch-ms: passed to every benchmark;
                                defaults 16 B, 4 MiB, 4, %d per round, 30 ms.
        """.formatted(BenchDevice.THREAD.eagerLimitDefault(), BenchDevice.TCP.eagerLimitDefault(), BenchDevice.SHM.eagerLimitDefault(),
            DEFAULT_ROUNDS, DEFAULT_LARGE_JOB_RANKS, DEFAULT_LARGE_JOB_MAX_BYTES, DEFAULT_REPETITIONS_PER_ROUND);

    /** Copies the rank counts and checks them. */
    public CollectiveReportOptions
    {
        rankCounts = List.copyOf(rankCounts);
        if (rankCounts.isEmpty())
        {
            throw new IllegalArgumentException("--ranks needs at least one job size");
        }
    }

    /**
     * @param args the command line.
     * @return the options.
     * @throws IllegalArgumentException naming the option that is unknown, lacks a value or is invalid.
     */
    public static CollectiveReportOptions parse(final String[] args)
    {
        final SharedReportOptions shared = new SharedReportOptions();
        List<Integer> rankCounts = DEFAULT_RANK_COUNTS;
        int largeJobRanks = DEFAULT_LARGE_JOB_RANKS;
        int largeJobMaxBytes = DEFAULT_LARGE_JOB_MAX_BYTES;
        for (final OptionPairs.Option option : OptionPairs.of(args))
        {
            if (shared.take(option))
            {
                continue;
            }
            switch (option.name())
            {
                case "--ranks" -> rankCounts = parseRankCounts(option.value());
                case "--large-job-ranks" -> largeJobRanks = option.wholeInt(1, MAX_RANKS);
                case "--large-job-max-bytes" -> largeJobMaxBytes = option.wholeInt(1, Integer.MAX_VALUE);
                default -> shared.passOn(option);
            }
        }
        CpuList.count(shared.cpus);
        return new CollectiveReportOptions(
            shared.home,
            shared.results(),
            shared.nativeBinary("collectives"),
            shared.mpirun,
            shared.device,
            shared.eagerLimit(),
            shared.cpus,
            shared.rounds,
            rankCounts,
            largeJobRanks,
            largeJobMaxBytes,
            CollectiveOptions.parse(shared.benchArgs.toArray(String[]::new), new CollectiveOptions(
                CollectiveOptions.DEFAULT_MIN_BYTES, CollectiveOptions.DEFAULT_MAX_BYTES, CollectiveOptions.DEFAULT_STEP,
                DEFAULT_REPETITIONS_PER_ROUND, CollectiveOptions.DEFAULT_BATCH_MILLIS)));
    }

    /**
     * @param ranks a job size.
     * @return the benchmark options for a job of that size: the sizes stop at {@link #largeJobMaxBytes} from
     *         {@link #largeJobRanks} ranks on (never below the smallest size).
     */
    public CollectiveOptions benchFor(final int ranks)
    {
        if (ranks < largeJobRanks || bench.maxBytes() <= largeJobMaxBytes)
        {
            return bench;
        }
        return bench.withMaxBytes(Math.max(bench.minBytes(), largeJobMaxBytes));
    }

    /** @return how many cores {@link #cpus} names. */
    public int cores()
    {
        return CpuList.count(cpus);
    }

    /** @return the job sizes of a comma-separated {@code --ranks} list, ascending, each once. */
    static List<Integer> parseRankCounts(final String text)
    {
        final List<Integer> counts = Arrays.stream(text.split(","))
            .map(word -> new OptionPairs.Option("--ranks", word).wholeInt(1, MAX_RANKS))
            .sorted()
            .distinct()
            .toList();
        if (counts.isEmpty())
        {
            throw new IllegalArgumentException("--ranks " + text + " names no job size");
        }
        return counts;
    }
}
