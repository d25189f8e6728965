package org.openmpj.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * The schedule of the collectives benchmark, the same for every implementation and run by every rank: warm-up
 * passes over all operations and sizes for a few seconds and until no rank's JIT compiles much any more (so the
 * small and the large message paths run compiled before anything is timed, and to estimate each batch length), then
 * per operation and size warm-up batches
 * until one lasts about the batch length, and the timed batches. Each batch's time is the slowest rank's
 * ({@link CollectiveBatches}), so all ranks take the same decisions. Prints {@link CollectiveLines} as it goes.
 */
public final class CollectivesBenchmark
{
    /**
     * The warm-up passes over all operations and sizes last at least this long on the slowest rank's clock. The
     * ping-pong needed seconds before the JIT had compiled its loops with both cores busy.
     */
    public static final long MIN_WARM_UP_NANOS = 2_000_000_000L;
    /**
     * The warm-up passes are at least this many. With 8 ranks on 2 cores one pass outlasts the minimum time, yet the
     * JIT had not compiled every path by then: the first size timed of an operation ran several times slower than
     * the next (Alltoall 217 us at 64 B, 38 us at 256 B, whichever size came first).
     */
    public static final int MIN_WARM_UP_PASSES = 3;
    /**
     * Warm-up passes go on while a rank's JIT spent more than this share of the pass compiling, up to
     * {@link #MAX_WARM_UP_NANOS}. With 8 JVMs on 2 cores the compilers still ran after the passes above: a compiler
     * thread holds its core for whole time slices (4 ms here) while the ranks that wait yield to it, so 8 KiB Bcasts at 8
     * shm ranks took 30-180 µs a call in one batch in three, 5 s into a job, and 2.4-3 µs a call once the JIT was
     * done (7 s).
     */
    public static final double QUIET_COMPILE_SHARE = 0.02;
    /** The warm-up passes stop after this long even while a JIT still compiles. */
    public static final long MAX_WARM_UP_NANOS = 60_000_000_000L;
    /**
     * Calls of the one long batch per operation, at the smallest size, that ends the warm-up. Short warm-up batches
     * never reached the JIT's thresholds for a long loop, so it compiled the batch loop of each operation while the
     * first size was being timed: at 8 ranks that size's slowest batches took 5-6 times its fastest.
     */
    public static final int LONG_WARM_UP_CALLS = 20_000;

    private static final long NANOS_PER_MILLI = 1_000_000L;
    /** A calibration batch must last this long before its rate is trusted. */
    private static final long CALIBRATION_MIN_NANOS = 5 * NANOS_PER_MILLI;
    private static final int MAX_ITERATIONS = 100_000_000;
    private static final double ACCEPT_LOW = 2.0 / 3.0;
    private static final double ACCEPT_HIGH = 5.0 / 3.0;
    private static final int MAX_WARM_UP_BATCHES = 5;

    private final String impl;
    private final CollectiveOptions options;
    private final CollectiveBatches batches;
    private final PrintStream out;
    private final LongSupplier nanoClock;
    private final LongSupplier compileNanos;
    private final long batchNanos;

    /**
     * @param impl    the implementation's short name, printed on every line.
     * @param options sizes, repetitions and batch length.
     * @param batches runs the operations.
     * @param out     where the result lines go: rank 0's standard output, a discarding stream on the other ranks.
     */
    public CollectivesBenchmark(final String impl, final CollectiveOptions options, final CollectiveBatches batches, final PrintStream out)
    {
        this(impl, options, batches, out, System::nanoTime, CollectivesBenchmark::jitCompileNanos);
    }

    /**
     * As the public constructor, with the clock that times the warm-up passes and the time this rank's JIT has spent
     * compiling so far.
     */
    CollectivesBenchmark(
        final String impl, final CollectiveOptions options, final CollectiveBatches batches, final PrintStream out,
        final LongSupplier nanoClock, final LongSupplier compileNanos)
    {
        this.impl = impl;
        this.options = options;
        this.batches = batches;
        this.out = out;
        this.nanoClock = nanoClock;
        this.compileNanos = compileNanos;
        this.batchNanos = options.batchMillis() * NANOS_PER_MILLI;
    }

    /** Runs the whole schedule. */
    public void run()
    {
        out.printf("# %s collectives at %d ranks: %d timed batches of about %d ms per operation and size%n",
            impl, batches.ranks(), options.repetitions(), options.batchMillis());
        out.flush();
        final CollectiveOperation[] operations = CollectiveOperation.values();
        final int[] sizes = options.sizes();
        final int[][] estimates = new int[operations.length][sizes.length];
        final long start = nanoClock.getAsLong();
        int passes = 0;
        long warmed = 0;
        long compiling;
        boolean warm;
        do
        {
            passes++;
            final long passStart = nanoClock.getAsLong();
            final long compiledBefore = compileNanos.getAsLong();
            for (final CollectiveOperation operation : operations)
            {
                for (int s = 0; s < sizesOf(operation, sizes); s++)
                {
                    estimates[operation.ordinal()][s] = calibrate(operation, bytesOf(operation, sizes, s));
                }
            }
            final long passNanos = batches.slowest(nanoClock.getAsLong() - passStart);
            compiling = batches.slowest(compileNanos.getAsLong() - compiledBefore);
            warmed = batches.slowest(nanoClock.getAsLong() - start);
            final boolean jitQuiet = compiling <= QUIET_COMPILE_SHARE * passNanos || warmed >= MAX_WARM_UP_NANOS;
            warm = warmed >= MIN_WARM_UP_NANOS && passes >= MIN_WARM_UP_PASSES && jitQuiet;
        }
        while (!warm);
        out.printf("# warm-up: %d passes in %.1f s; the busiest JIT compiled for %.0f ms in the last%n", passes, warmed / 1e9,
            compiling / 1e6);
        for (final CollectiveOperation operation : operations)
        {
            batches.timeBatch(operation, bytesOf(operation, sizes, 0), LONG_WARM_UP_CALLS);
        }
        for (final CollectiveOperation operation : operations)
        {
            for (int s = 0; s < sizesOf(operation, sizes); s++)
            {
                out.println(CollectiveLines.format(measure(operation, bytesOf(operation, sizes, s), estimates[operation.ordinal()][s])));
                out.flush();
            }
        }
    }

    /** @return the time this JVM's JIT compilers have spent compiling, summed over them; 0 where that is not known. */
    private static long jitCompileNanos()
    {
        final var compilation = ManagementFactory.getCompilationMXBean();
        return compilation != null && compilation.isCompilationTimeMonitoringSupported()
            ? compilation.getTotalCompilationTime() * NANOS_PER_MILLI : 0;
    }

    /** @return how many sizes the operation runs at: all, or the single size 0 of Barrier. */
    private static int sizesOf(final CollectiveOperation operation, final int[] sizes)
    {
        return operation.hasMessage() ? sizes.length : 1;
    }

    private static int bytesOf(final CollectiveOperation operation, final int[] sizes, final int index)
    {
        return operation.hasMessage() ? sizes[index] : 0;
    }

    private CollectiveResult measure(final CollectiveOperation operation, final int bytes, final int estimate)
    {
        final int iterations = settle(operation, bytes, estimate);
        final double[] perCallUs = new double[options.repetitions()];
        for (int i = 0; i < perCallUs.length; i++)
        {
            perCallUs[i] = batches.timeBatch(operation, bytes, iterations) / 1e3 / iterations;
        }
        return new CollectiveResult(impl, operation, batches.ranks(), bytes, iterations, perCallUs.length,
            Samples.median(perCallUs), Samples.min(perCallUs));
    }

    /**
     * Runs warm-up batches from the estimate, rescaling, until one lands within {@link #ACCEPT_LOW} to
     * {@link #ACCEPT_HIGH} of the batch length. A stall (a rank descheduled, a JIT compile) only lengthens a
     * batch, so a single estimate can be far too low; the next batch corrects it.
     *
     * @return the calls per batch.
     */
    private int settle(final CollectiveOperation operation, final int bytes, final int estimate)
    {
        int iterations = estimate;
        for (int attempt = 0; attempt < MAX_WARM_UP_BATCHES; attempt++)
        {
            final long elapsed = batches.timeBatch(operation, bytes, iterations);
            if (elapsed >= ACCEPT_LOW * batchNanos && elapsed <= ACCEPT_HIGH * batchNanos)
            {
                break;
            }
            iterations = scale(iterations, elapsed);
        }
        return iterations;
    }

    /**
     * Doubles a batch, from one call, until it lasts {@link #CALIBRATION_MIN_NANOS}.
     *
     * @return the calls that batch would have had to last the batch length.
     */
    private int calibrate(final CollectiveOperation operation, final int bytes)
    {
        int iterations = 1;
        long elapsed = batches.timeBatch(operation, bytes, iterations);
        while (elapsed < CALIBRATION_MIN_NANOS && iterations < MAX_ITERATIONS)
        {
            iterations *= 2;
            elapsed = batches.timeBatch(operation, bytes, iterations);
        }
        return scale(iterations, elapsed);
    }

    private int scale(final int iterations, final long elapsedNanos)
    {
        final double scaled = (double)iterations * batchNanos / Math.max(1, elapsedNanos);
        return (int)Math.max(1, Math.min(MAX_ITERATIONS, scaled));
    }
}
