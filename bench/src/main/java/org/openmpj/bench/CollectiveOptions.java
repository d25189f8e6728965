package org.openmpj.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The command-line options both collectives programs share, the native one included:
 * {@code --min-bytes N}, {@code --max-bytes N}, {@code --step N}, {@code --repetitions N} and {@code --batch-ms N}.
 *
 * @param minBytes     the smallest per-rank message; a multiple of 8, so Reduce and Allreduce sum whole doubles.
 * @param maxBytes     the largest per-rank message, a multiple of 8 as well; sizes run from {@code minBytes} times powers of
 *                     {@code step} up to it, and end with it where the progression steps over it.
 * @param step         the factor between consecutive sizes.
 * @param repetitions  timed batches per operation and size; the median and minimum are taken over them.
 * @param batchMillis  the length each batch of calls is calibrated to.
 */
public record CollectiveOptions(int minBytes, int maxBytes, int step, int repetitions, int batchMillis)
{
    /** Two doubles: the smallest Allreduce that is more than one element. */
    public static final int DEFAULT_MIN_BYTES = 16;
    /** 4 MiB. */
    public static final int DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
    /** Sizes 16 B, 64 B, ..., 4 MiB: ten sizes, 64 KiB among them. */
    public static final int DEFAULT_STEP = 4;
    /** An odd count, so the median is one measured batch. */
    public static final int DEFAULT_REPETITIONS = 15;
    /** As the ping-pong's: long enough to hide the clock and the batch's opening barrier. */
    public static final int DEFAULT_BATCH_MILLIS = 30;

    /** The smallest per-rank message. */
    public static final OptionParser.Option<Integer> MIN_BYTES = OptionParser.number("--min-bytes",
        "the smallest per-rank message, a multiple of 8 (Reduce and Allreduce sum doubles)", DEFAULT_MIN_BYTES);
    /** The largest per-rank message. */
    public static final OptionParser.Option<Integer> MAX_BYTES = BenchOptions.MAX_BYTES.withDefault(DEFAULT_MAX_BYTES)
        .withHelp("the largest per-rank message, a multiple of 8; always measured, after the last --step size below it");
    /** The factor between sizes. */
    public static final OptionParser.Option<Integer> STEP = OptionParser.number("--step", "the factor between consecutive sizes", DEFAULT_STEP);
    /** Timed batches per operation and size. */
    public static final OptionParser.Option<Integer> REPETITIONS = BenchOptions.REPETITIONS.withHelp(
        "timed batches per operation and size; the median and minimum are taken over them");
    /** Both collectives programs' options. */
    public static final List<OptionParser.Option<?>> OPTIONS = List.of(MIN_BYTES, MAX_BYTES, STEP, REPETITIONS, BenchOptions.BATCH_MS);

    /** Reduce and Allreduce work on doubles. */
    private static final int DOUBLE_BYTES = Double.BYTES;
    private static final int MAX_MAX_BYTES = 1 << 30;
    private static final int MAX_STEP = 1024;
    private static final int MAX_COUNT = 100_000;
    private static final OptionParser PARSER = new OptionParser("a collectives program",
        "Bcast, Reduce, Allreduce, Allgather, Alltoall and Barrier over per-rank message sizes.", OPTIONS);

    /** Validates the values. */
    public CollectiveOptions
    {
        OptionParser.requireInRange(MIN_BYTES.name(), minBytes, DOUBLE_BYTES, MAX_MAX_BYTES);
        requireWholeDoubles(MIN_BYTES.name(), minBytes);
        OptionParser.requireInRange(MAX_BYTES.name(), maxBytes, minBytes, MAX_MAX_BYTES);
        requireWholeDoubles(MAX_BYTES.name(), maxBytes);
        OptionParser.requireInRange(STEP.name(), step, 2, MAX_STEP);
        OptionParser.requireInRange(REPETITIONS.name(), repetitions, 1, MAX_COUNT);
        OptionParser.requireInRange(BenchOptions.BATCH_MS.name(), batchMillis, 1, MAX_COUNT);
    }

    /** @return the defaults: 16 B to 4 MiB by factors of 4, 15 repetitions, 30 ms batches. */
    public static CollectiveOptions defaults()
    {
        return new CollectiveOptions(DEFAULT_MIN_BYTES, DEFAULT_MAX_BYTES, DEFAULT_STEP, DEFAULT_REPETITIONS, DEFAULT_BATCH_MILLIS);
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
    public static CollectiveOptions parse(final String[] args)
    {
        return of(PARSER.parse(args));
    }

    /** @return the options among {@code values}, parsed with {@link #OPTIONS} (or options of the same names). */
    public static CollectiveOptions of(final OptionParser.Values values)
    {
        return new CollectiveOptions(values.get(MIN_BYTES), values.get(MAX_BYTES), values.get(STEP), values.get(REPETITIONS),
            values.get(BenchOptions.BATCH_MS));
    }

    /** @return the options as command-line arguments, for passing on to a benchmark program. */
    public String[] toArgs()
    {
        return new String[]
        {
            "--min-bytes", Integer.toString(minBytes),
            "--max-bytes", Integer.toString(maxBytes),
            "--step", Integer.toString(step),
            "--repetitions", Integer.toString(repetitions),
            "--batch-ms", Integer.toString(batchMillis),
        };
    }

    /** @return these options with a different largest size. */
    public CollectiveOptions withMaxBytes(final int newMaxBytes)
    {
        return new CollectiveOptions(minBytes, newMaxBytes, step, repetitions, batchMillis);
    }

    /**
     * @return the per-rank message sizes: {@code minBytes}, {@code minBytes * step}, ... up to {@code maxBytes}, and
     *         {@code maxBytes} itself when the progression steps over it, e.g. 8 B by 4 to 1 MiB ends 128 KiB, 512 KiB, 1 MiB.
     */
    public int[] sizes()
    {
        final List<Integer> sizes = new ArrayList<>();
        for (long bytes = minBytes; bytes <= maxBytes; bytes *= step)
        {
            sizes.add((int)bytes);
        }
        if (sizes.getLast() != maxBytes)
        {
            sizes.add(maxBytes);
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * @param option the option's name, for the message.
     * @param bytes  its value.
     * @throws IllegalArgumentException when {@code bytes} is not a whole number of doubles.
     */
    public static void requireWholeDoubles(final String option, final long bytes)
    {
        if (bytes % DOUBLE_BYTES != 0)
        {
            throw new IllegalArgumentException(option + " " + bytes + " is not a multiple of 8 (Reduce and Allreduce sum doubles)");
        }
    }
}
