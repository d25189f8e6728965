package org.openmpj.bench.overlap;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import mpi.MPI;
import mpi.Request;
import org.openmpj.bench.BenchOptions;
import org.openmpj.bench.OptionParser;

/**
 * How much of an {@code Iallreduce}'s time computation hides. Each repetition times, on every rank, {@code Iallreduce} +
 * {@code Wait} (the operation alone), computation alone, calibrated to last as long as the operation, and both: start
 * the operation, compute, then wait; the three take turns call by call through the repetition's batch. The time hidden is
 * {@code (operation + computation - both) / operation}: 100% when the operation completed entirely behind the
 * computation, 0% when it only started there and all its work waited for {@code Wait}. The computation makes no call
 * into MPI, so without a progress thread ({@code -Dopenmpj.progress=thread}) the operation moves only while it is
 * started and waited for. Per repetition the slowest rank's times count; rank 0 prints one result line with the
 * medians over the repetitions. Where the time that is not hidden goes, the line tells too: how long the computation took
 * with the operation in flight, how much of that the computing thread was off its core, and how long {@code Wait} took
 * after it.
 *
 * <pre>
 * bin/mpjrun -np 2 [-Dopenmpj.progress=thread] -cp bench/target/openmpj-bench.jar org.openmpj.bench.overlap.IallreduceOverlap
 *     [--bytes N] [--warm-up-s N] [--repetitions N] [--batch N]
 * </pre>
 */
public final class IallreduceOverlap
{
    /** The doubles of the computation's working set: 64 KiB, which stays in a core's cache. */
    private static final int WORK_DOUBLES = 8192;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** How long the computation's calibration runs. */
    private static final long CALIBRATION_NANOS = 200_000_000L;
    /** The times of one repetition: operation, computation, both, computation within both, its time off core, wait. */
    private static final int TIMES = 6;
    /** Keeps the computation's result alive, so the JIT cannot drop it. */
    private static volatile double sink;

    private final double[] send;
    private final double[] receive;
    private final double[] work = new double[WORK_DOUBLES];
    private final int batch;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    private IallreduceOverlap(final int bytes, final int batch)
    {
        this.send = new double[bytes / Double.BYTES];
        this.receive = new double[send.length];
        this.batch = batch;
        Arrays.fill(send, MPI.COMM_WORLD.Rank() + 1);
        Arrays.setAll(work, i -> 1.0 + i * 1e-9);
    }

    public static void main(final String[] args)
    {
        final String[] programArgs = MPI.Init(args);
        final Options options = Options.parse(programArgs);
        final IallreduceOverlap overlap = new IallreduceOverlap(options.bytes(), options.batch());
        overlap.warmUp(options.warmUpSeconds());
        final double sweepsPerNano = overlap.calibrate();
        final double[] times = new double[TIMES * options.repetitions()];
        for (int i = 0; i < options.repetitions(); i++)
        {
            overlap.measure(sweepsPerNano, times, TIMES * i);
        }
        final double[] slowest = new double[times.length];
        MPI.COMM_WORLD.Allreduce(times, 0, slowest, 0, times.length, MPI.DOUBLE, MPI.MAX);
        if (MPI.COMM_WORLD.Rank() == 0)
        {
            overlap.check();
            print(options, slowest);
        }
        MPI.Finalize();
    }

    /** Runs the operation and the computation for {@code seconds}, so the JIT has compiled both before any timing. */
    private void warmUp(final int seconds)
    {
        final long end = System.nanoTime() + seconds * NANOS_PER_SECOND;
        boolean more = true;
        while (more)
        {
            Request request = MPI.COMM_WORLD.Iallreduce(send, 0, receive, 0, send.length, MPI.DOUBLE, MPI.SUM);
            compute(1000);
            request.Wait();
            request = MPI.COMM_WORLD.Iallreduce(send, 0, receive, 0, send.length, MPI.DOUBLE, MPI.SUM);
            request.Wait();
            // Every rank stops after the same iteration: rank 0's clock decides.
            final int[] go = {System.nanoTime() < end ? 1 : 0};
            MPI.COMM_WORLD.Bcast(go, 0, 1, MPI.INT, 0);
            more = go[0] == 1;
        }
    }

    /** @return sweeps of the computation per nanosecond on this rank, all ranks agreeing on the slowest's. */
    private double calibrate()
    {
        long sweeps = 16;
        long elapsed;
        do
        {
            sweeps *= 2;
            final long start = System.nanoTime();
            compute(sweeps);
            elapsed = System.nanoTime() - start;
        }
        while (elapsed < CALIBRATION_NANOS);
        final double[] rate = {(double)sweeps / elapsed};
        final double[] slowest = new double[1];
        MPI.COMM_WORLD.Allreduce(rate, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MIN);
        return slowest[0];
    }

    /**
     * Times one repetition into {@code times[at..at+5]}: the operation alone, the computation alone, both, and within
     * both the computation, the part of it the computing thread spent off its core (wall time less the thread's processor
     * time), and the wait after it, in µs per call.
     * The three take turns within the batch, call by call, so that the machine's changes of speed, which come every few
     * seconds here, fall on all three alike.
     */
    private void measure(final double sweepsPerNano, final double[] times, final int at)
    {
        MPI.COMM_WORLD.Barrier();
        final long started = System.nanoTime();
        for (int i = 0; i < batch; i++)
        {
            MPI.COMM_WORLD.Iallreduce(send, 0, receive, 0, send.length, MPI.DOUBLE, MPI.SUM).Wait();
        }
        final double[] operationNanos = {(double)(System.nanoTime() - started) / batch};
        final double[] longest = new double[1];
        // The computation lasts as long as the slowest rank's operation, the same on every rank.
        MPI.COMM_WORLD.Allreduce(operationNanos, 0, longest, 0, 1, MPI.DOUBLE, MPI.MAX);
        final long sweeps = Math.max(1, Math.round(longest[0] * sweepsPerNano));

        MPI.COMM_WORLD.Barrier();
        long operation = 0;
        long computation = 0;
        long both = 0;
        long computationWithin = 0;
        long offCore = 0;
        long waiting = 0;
        for (int i = 0; i < batch; i++)
        {
            final long t0 = System.nanoTime();
            MPI.COMM_WORLD.Iallreduce(send, 0, receive, 0, send.length, MPI.DOUBLE, MPI.SUM).Wait();
            final long t1 = System.nanoTime();
            compute(sweeps);
            final long t2 = System.nanoTime();
            final Request request = MPI.COMM_WORLD.Iallreduce(send, 0, receive, 0, send.length, MPI.DOUBLE, MPI.SUM);
            final long cpu0 = threads.getCurrentThreadCpuTime();
            final long t3 = System.nanoTime();
            compute(sweeps);
            final long t4 = System.nanoTime();
            final long cpu1 = threads.getCurrentThreadCpuTime();
            request.Wait();
            final long t5 = System.nanoTime();
            operation += t1 - t0;
            computation += t2 - t1;
            both += t5 - t2;
            computationWithin += t4 - t3;
            offCore += Math.max(0, (t4 - t3) - (cpu1 - cpu0));
            waiting += t5 - t4;
        }
        times[at] = operation / 1e3 / batch;
        times[at + 1] = computation / 1e3 / batch;
        times[at + 2] = both / 1e3 / batch;
        times[at + 3] = computationWithin / 1e3 / batch;
        times[at + 4] = offCore / 1e3 / batch;
        times[at + 5] = waiting / 1e3 / batch;
    }

    /** Some floating-point work over a cached array, {@code sweeps} passes over a 64th of it; makes no call into MPI. */
    private void compute(final long sweeps)
    {
        double acc = 0;
        final int stride = WORK_DOUBLES / 64;
        for (long s = 0; s < sweeps; s++)
        {
            final int base = (int)(s % 64) * stride;
            for (int i = base; i < base + stride; i++)
            {
                work[i] = work[i] * 0.999_999 + 1e-7;
                acc += work[i];
            }
        }
        sink = acc;
    }

    /** Fails the run when the last result is wrong: every element is the sum of the ranks' values, 1 + 2 + ... + size. */
    private void check()
    {
        final int size = MPI.COMM_WORLD.Size();
        final double expected = size * (size + 1) / 2.0;
        for (final double value : receive)
        {
            if (value != expected)
            {
                throw new IllegalStateException("Iallreduce gave " + value + ", expected " + expected);
            }
        }
    }

    private static void print(final Options options, final double[] slowest)
    {
        final int repetitions = options.repetitions();
        final double[] operation = new double[repetitions];
        final double[] compute = new double[repetitions];
        final double[] both = new double[repetitions];
        final double[] hidden = new double[repetitions];
        final double[] computeWithin = new double[repetitions];
        final double[] offCore = new double[repetitions];
        final double[] waiting = new double[repetitions];
        for (int i = 0; i < repetitions; i++)
        {
            operation[i] = slowest[TIMES * i];
            compute[i] = slowest[TIMES * i + 1];
            both[i] = slowest[TIMES * i + 2];
            computeWithin[i] = slowest[TIMES * i + 3];
            offCore[i] = slowest[TIMES * i + 4];
            waiting[i] = slowest[TIMES * i + 5];
            hidden[i] = 100 * Math.clamp((operation[i] + compute[i] - both[i]) / operation[i], 0.0, 1.0);
        }
        System.out.printf(Locale.ROOT, "overlap progress=%s ranks=%d bytes=%d repetitions=%d batch=%d operation_us=%.1f compute_us=%.1f"
            + " both_us=%.1f hidden_pct=%.1f hidden_min_pct=%.1f hidden_max_pct=%.1f compute_within_us=%.1f off_core_us=%.1f wait_us=%.1f%n",
            System.getProperty("openmpj.progress", "none"), MPI.COMM_WORLD.Size(), options.bytes(), repetitions, options.batch(),
            median(operation), median(compute), median(both), median(hidden), Arrays.stream(hidden).min().orElseThrow(),
            Arrays.stream(hidden).max().orElseThrow(), median(computeWithin), median(offCore), median(waiting));
        System.out.flush();
    }

    private static double median(final double[] values)
    {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** The program's options. */
    private record Options(int bytes, int warmUpSeconds, int repetitions, int batch)
    {
        private static final OptionParser.Option<Integer> BYTES = OptionParser.whole("--bytes",
            "the size of the reduced vector of doubles, a multiple of 8", 4 << 20, 8, 1 << 30);
        private static final OptionParser.Option<Integer> WARM_UP = OptionParser.whole("--warm-up-s",
            "seconds of operations and computation before any is timed", 3, 0, 600);
        private static final OptionParser.Option<Integer> REPETITIONS = BenchOptions.REPETITIONS.withDefault(11);
        private static final OptionParser.Option<Integer> BATCH = OptionParser.whole("--batch",
            "operations per timed batch", 10, 1, 100_000);
        private static final OptionParser PARSER = new OptionParser("IallreduceOverlap",
            "The time of an Iallreduce that computation started after it hides.", List.of(BYTES, WARM_UP, REPETITIONS, BATCH));

        static Options parse(final String[] args)
        {
            final OptionParser.Values values = PARSER.parse(args);
            final Options options = new Options(values.get(BYTES), values.get(WARM_UP), values.get(REPETITIONS), values.get(BATCH));
            if (options.bytes % Double.BYTES != 0)
            {
                throw new IllegalArgumentException("--bytes " + options.bytes + " is not a multiple of 8");
            }
            return options;
        }
    }
}
