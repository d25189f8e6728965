package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.openmpj.bench.BenchOptions;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/**
 * The options of {@code PingPongReport}.
 *
 * @param home            the OpenMPJ checkout: where {@code bin/mpjrun} and the jars are.
 * @param results         where the report is written.
 * @param nativeBinary    the compiled {@code bench/native/pingpong.c}.
 * @param eagerLimitBytes the thread device's eager limit for the run.
 * @param cpus            the CPU list the JVMs are pinned to, in {@code taskset -c} syntax.
 * @param rounds          how many times each benchmark runs, the implementations taking turns.
 * @param bench           the options passed on to every benchmark program; repetitions are per round.
 */
public record ReportOptions(
    Path home, Path results, Path nativeBinary, long eagerLimitBytes, String cpus, int rounds, BenchOptions bench)
{
    /** Three rounds of five timed batches: fifteen batches per size and implementation, as a single run has. */
    public static final int DEFAULT_ROUNDS = 3;
    /** Timed batches per size in each round. */
    public static final int DEFAULT_REPETITIONS_PER_ROUND = 5;

    private static final int MAX_ROUNDS = 100;

    /** The usage text. */
    public static final String USAGE = """
        Usage: PingPongReport [--home DIR] [--results DIR] [--native FILE] [--eager-limit BYTES] [--cpus LIST]
                              [--rounds N] [--max-bytes N] [--repetitions N] [--batch-ms N]
          --home         the OpenMPJ checkout; default the current directory.
          --results      where to write the report; default HOME/bench/results.
          --native       the compiled bench/native/pingpong.c; default HOME/bench/target/pingpong.
          --eager-limit  the thread device's eager limit in bytes; default %d.
          --cpus         the cores the JVMs run on (taskset -c); default 0,1.
          --rounds       how often each benchmark runs, the implementations taking turns; default %d.
          --max-bytes, --repetitions, --batch-ms: passed to every benchmark; defaults 16 MiB, %d per round, 30 ms.
        """.formatted(ThreadDeviceProvider.EAGER_LIMIT_DEFAULT, DEFAULT_ROUNDS, DEFAULT_REPETITIONS_PER_ROUND);

    /**
     * @param args the command line.
     * @return the options.
     * @throws IllegalArgumentException naming the option that is unknown, lacks a value or is invalid.
     */
    public static ReportOptions parse(final String[] args)
    {
        Path home = Path.of("").toAbsolutePath();
        Path results = null;
        Path nativeBinary = null;
        long eagerLimit = ThreadDeviceProvider.EAGER_LIMIT_DEFAULT;
        String cpus = "0,1";
        int rounds = DEFAULT_ROUNDS;
        final List<String> benchArgs = new ArrayList<>();
        for (int i = 0; i < args.length; i += 2)
        {
            final String name = args[i];
            if (i + 1 >= args.length)
            {
                throw new IllegalArgumentException(name + " needs a value");
            }
            final String value = args[i + 1];
            switch (name)
            {
                case "--home" -> home = Path.of(value).toAbsolutePath();
                case "--results" -> results = Path.of(value).toAbsolutePath();
                case "--native" -> nativeBinary = Path.of(value).toAbsolutePath();
                case "--eager-limit" -> eagerLimit = parseEagerLimit(value);
                case "--cpus" -> cpus = value;
                case "--rounds" -> rounds = parseRounds(value);
                default ->
                {
                    benchArgs.add(name);
                    benchArgs.add(value);
                }
            }
        }
        return new ReportOptions(
            home,
            results != null ? results : home.resolve("bench/results"),
            nativeBinary != null ? nativeBinary : home.resolve("bench/target/pingpong"),
            eagerLimit,
            cpus,
            rounds,
            BenchOptions.parse(benchArgs.toArray(String[]::new), new BenchOptions(
                BenchOptions.DEFAULT_MAX_BYTES, DEFAULT_REPETITIONS_PER_ROUND, BenchOptions.DEFAULT_BATCH_MILLIS)));
    }

    private static int parseRounds(final String text)
    {
        try
        {
            final int value = Integer.parseInt(text.trim());
            if (value >= 1 && value <= MAX_ROUNDS)
            {
                return value;
            }
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--rounds " + text + " is not a whole number", ex);
        }
        throw new IllegalArgumentException("--rounds " + text + " is out of range; expected 1 to " + MAX_ROUNDS);
    }

    private static long parseEagerLimit(final String text)
    {
        try
        {
            final long value = Long.parseLong(text.trim());
            if (value >= 0)
            {
                return value;
            }
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--eager-limit " + text + " is not a byte count", ex);
        }
        throw new IllegalArgumentException("--eager-limit " + text + " is negative");
    }
}
