package org.openmpj.bench;

import java.io.PrintStream;

/**
 * The leader's schedule, the same for every implementation: warm-up passes over all sizes for a few seconds
 * (so the JIT has compiled the small and the large message paths before anything is timed), then per size a calibration
 * of the batch length with warm-up batches and the timed batches; last, the allocation per message at a
 * small and a large size. Prints {@link ResultLines} as it goes.
 */
public final class PingPongBenchmark
{
    /** The small size whose allocation per message is measured. */
    public static final int SMALL_ALLOCATION_BYTES = 1;
    /** The large size whose allocation per message is measured (or the largest size, if smaller). */
    public static final int LARGE_ALLOCATION_BYTES = 1024 * 1024;

    private static final long NANOS_PER_MILLI = 1_000_000L;
    /** A calibration batch must last this long before its rate is trusted. */
    private static final long CALIBRATION_MIN_NANOS = 5 * NANOS_PER_MILLI;
    private static final int MAX_ITERATIONS = 100_000_000;
    private static final double ACCEPT_LOW = 2.0 / 3.0;
    private static final double ACCEPT_HIGH = 5.0 / 3.0;
    private static final int MAX_WARM_UP_BATCHES = 5;
    /**
     * The warm-up passes over all sizes last at least this long. Both cores are busy with the two spinning
     * ranks, so the JIT compiler threads get little time: with 30 ms of warm-up a JVM was still running
     * partly interpreted code in the timed batches (0.64 µs one-way at 1 B instead of 0.185 µs).
     */
    private static final long MIN_WARM_UP_NANOS = 3_000 * NANOS_PER_MILLI;

    private final String impl;
    private final BenchOptions options;
    private final PingPongLink link;
    private final PrintStream out;
    private final long batchNanos;

    /**
     * @param impl    the implementation's short name, printed on every line.
     * @param options sizes, repetitions and batch length.
     * @param link    the leading side of the pair to measure.
     * @param out     where the result lines go.
     */
    public PingPongBenchmark(final String impl, final BenchOptions options, final PingPongLink link, final PrintStream out)
    {
        this.impl = impl;
        this.options = options;
        this.link = link;
        this.out = out;
        this.batchNanos = options.batchMillis() * NANOS_PER_MILLI;
    }

    /** Runs the whole schedule, then stops the peer. */
    public void run()
    {
        out.printf("# %s ping-pong: %d timed batches of about %d ms per size%n",
            impl, options.repetitions(), options.batchMillis());
        final int[] sizes = MessageSizes.upTo(options.maxBytes());
        final long warmUpStart = System.nanoTime();
        do
        {
            for (final int bytes : sizes)
            {
                warmUp(bytes);
            }
        }
        while (System.nanoTime() - warmUpStart < MIN_WARM_UP_NANOS);
        for (final int bytes : sizes)
        {
            out.println(ResultLines.format(measure(bytes)));
            out.flush();
        }
        out.println(ResultLines.format(measureAllocation(SMALL_ALLOCATION_BYTES)));
        out.println(ResultLines.format(measureAllocation(Math.min(LARGE_ALLOCATION_BYTES, options.maxBytes()))));
        out.flush();
        link.stop();
    }

    private SizeResult measure(final int bytes)
    {
        final int iterations = warmUp(bytes);
        final double[] onewayUs = new double[options.repetitions()];
        for (int i = 0; i < onewayUs.length; i++)
        {
            onewayUs[i] = link.roundTrips(bytes, iterations) / 1e3 / (2.0 * iterations);
        }
        return new SizeResult(impl, bytes, iterations, onewayUs.length, Samples.median(onewayUs), Samples.min(onewayUs));
    }

    private AllocationResult measureAllocation(final int bytes)
    {
        final int iterations = warmUp(bytes);
        link.allocatedBytes(bytes, iterations);
        final long allocated = link.allocatedBytes(bytes, iterations);
        final long messages = 2L * iterations;
        return new AllocationResult(impl, bytes, messages, (double)allocated / messages);
    }

    /**
     * Finds the round trips that fill one batch: doubles a batch until it lasts {@link #CALIBRATION_MIN_NANOS},
     * scales it to the batch length, then runs warm-up batches, rescaling, until one lands within
     * {@link #ACCEPT_LOW} to {@link #ACCEPT_HIGH} of the batch length. A stall (the peer descheduled, a JIT
     * compile) only lengthens a batch, so a single estimate can be far too low; the next batch corrects it.
     *
     * @return the round trips per batch.
     */
    private int warmUp(final int bytes)
    {
        int iterations = 1;
        long elapsed = link.roundTrips(bytes, iterations);
        while (elapsed < CALIBRATION_MIN_NANOS && iterations < MAX_ITERATIONS)
        {
            iterations *= 2;
            elapsed = link.roundTrips(bytes, iterations);
        }
        iterations = scale(iterations, elapsed);
        for (int attempt = 0; attempt < MAX_WARM_UP_BATCHES; attempt++)
        {
            elapsed = link.roundTrips(bytes, iterations);
            if (elapsed >= ACCEPT_LOW * batchNanos && elapsed <= ACCEPT_HIGH * batchNanos)
            {
                break;
            }
            iterations = scale(iterations, elapsed);
        }
        return iterations;
    }

    private int scale(final int iterations, final long elapsedNanos)
    {
        final double scaled = (double)iterations * batchNanos / Math.max(1, elapsedNanos);
        return (int)Math.max(1, Math.min(MAX_ITERATIONS, scaled));
    }
}
