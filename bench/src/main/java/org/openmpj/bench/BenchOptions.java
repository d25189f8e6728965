package org.openmpj.bench;

import java.util.List;

/**
 * The command-line options every ping-pong program shares, the native one included:
 * {@code --max-bytes N}, {@code --repetitions N} and {@code --batch-ms N}.
 *
 * @param maxBytes     the largest message; sizes run from 1 B through powers of two up to it.
 * @param repetitions  timed batches per size; the median and minimum are taken over them.
 * @param batchMillis  the length each batch of round trips is calibrated to.
 */
public record BenchOptions(int maxBytes, int repetitions, int batchMillis)
{
    /** 16 MiB. */
    public static final int DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
    /** An odd count, so the median is one measured batch. */
    public static final int DEFAULT_REPETITIONS = 15;
    /** Long enough to hide the clock and the per-batch hand-shake, short enough for 15 of them per size. */
    public static final int DEFAULT_BATCH_MILLIS = 30;

    /** The largest message. */
    public static final OptionParser.Option<Integer> MAX_BYTES = OptionParser.number("--max-bytes",
        "the largest message; sizes run from 1 B through powers of two up to it", DEFAULT_MAX_BYTES);
    /** Timed batches per size. */
    public static final OptionParser.Option<Integer> REPETITIONS = OptionParser.number("--repetitions",
        "timed batches per size; the median and minimum are taken over them", DEFAULT_REPETITIONS);
    /** The batch length. */
    public static final OptionParser.Option<Integer> BATCH_MS = OptionParser.number("--batch-ms",
        "the length in ms each batch is calibrated to", DEFAULT_BATCH_MILLIS);
    /** Every ping-pong program's options. */
    public static final List<OptionParser.Option<?>> OPTIONS = List.of(MAX_BYTES, REPETITIONS, BATCH_MS);

    private static final int MAX_MAX_BYTES = 1 << 30;
    private static final int MAX_COUNT = 100_000;
    private static final OptionParser PARSER = new OptionParser("a ping-pong program", "A ping-pong over message sizes.", OPTIONS);

    /** Validates the values. */
    public BenchOptions
    {
        OptionParser.requireInRange(MAX_BYTES.name(), maxBytes, 1, MAX_MAX_BYTES);
        OptionParser.requireInRange(REPETITIONS.name(), repetitions, 1, MAX_COUNT);
        OptionParser.requireInRange(BATCH_MS.name(), batchMillis, 1, MAX_COUNT);
    }

    /** @return the defaults: 16 MiB, 15 repetitions, 30 ms batches. */
    public static BenchOptions defaults()
    {
        return new BenchOptions(DEFAULT_MAX_BYTES, DEFAULT_REPETITIONS, DEFAULT_BATCH_MILLIS);
    }

    /** @return the options and what each does, for {@code --help}. */
    public static String usage()
    {
        return PARSER.usage();
    }

    /**
     * @param args pairs of option name and value, in any order; absent options keep their defaults.
     * @return the options.
     * @throws IllegalArgumentException naming the option when one is unknown, has no value or is out of range.
     */
    public static BenchOptions parse(final String[] args)
    {
        return of(PARSER.parse(args));
    }

    /** @return the options among {@code values}, parsed with {@link #OPTIONS} (or options of the same names). */
    public static BenchOptions of(final OptionParser.Values values)
    {
        return new BenchOptions(values.get(MAX_BYTES), values.get(REPETITIONS), values.get(BATCH_MS));
    }

    /** @return the options as command-line arguments, for passing on to a benchmark program. */
    public String[] toArgs()
    {
        return new String[]
        {
            "--max-bytes", Integer.toString(maxBytes),
            "--repetitions", Integer.toString(repetitions),
            "--batch-ms", Integer.toString(batchMillis),
        };
    }
}
