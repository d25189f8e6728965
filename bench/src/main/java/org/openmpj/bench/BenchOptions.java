package org.openmpj.bench;

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

    private static final int MAX_MAX_BYTES = 1 << 30;
    private static final int MAX_COUNT = 100_000;

    /** Validates the values. */
    public BenchOptions
    {
        requireInRange("--max-bytes", maxBytes, MAX_MAX_BYTES);
        requireInRange("--repetitions", repetitions, MAX_COUNT);
        requireInRange("--batch-ms", batchMillis, MAX_COUNT);
    }

    /** @return the defaults: 16 MiB, 15 repetitions, 30 ms batches. */
    public static BenchOptions defaults()
    {
        return new BenchOptions(DEFAULT_MAX_BYTES, DEFAULT_REPETITIONS, DEFAULT_BATCH_MILLIS);
    }

    /**
     * @param args pairs of option name and value, in any order; absent options keep their defaults.
     * @return the options.
     * @throws IllegalArgumentException naming the option when one is unknown, has no value or is out of range.
     */
    public static BenchOptions parse(final String[] args)
    {
        return parse(args, defaults());
    }

    /**
     * @param args     pairs of option name and value, in any order.
     * @param defaults the values of absent options.
     * @return the options.
     * @throws IllegalArgumentException naming the option when one is unknown, has no value or is out of range.
     */
    public static BenchOptions parse(final String[] args, final BenchOptions defaults)
    {
        int maxBytes = defaults.maxBytes();
        int repetitions = defaults.repetitions();
        int batchMillis = defaults.batchMillis();
        for (final OptionPairs.Option option : OptionPairs.of(args))
        {
            final int value = option.wholeInt(Integer.MIN_VALUE, Integer.MAX_VALUE);
            switch (option.name())
            {
                case "--max-bytes" -> maxBytes = value;
                case "--repetitions" -> repetitions = value;
                case "--batch-ms" -> batchMillis = value;
                default -> throw new IllegalArgumentException(
                    "unknown option " + option.name() + "; expected --max-bytes N, --repetitions N, --batch-ms N");
            }
        }
        return new BenchOptions(maxBytes, repetitions, batchMillis);
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

    private static void requireInRange(final String name, final int value, final int max)
    {
        if (value < 1 || value > max)
        {
            throw new IllegalArgumentException(name + " " + value + " is out of range; expected 1 to " + max);
        }
    }
}
