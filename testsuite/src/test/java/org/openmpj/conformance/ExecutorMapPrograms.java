package org.openmpj.conformance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import mpi.MPI;

import org.openmpj.Executors;
import org.openmpj.executor.MpiExecutor;
import org.openmpj.executor.PoolProgress;
import org.openmpj.executor.RemoteTaskException;
import org.openmpj.testing.Check;

/**
 * Task pools beyond single tasks: map over streams with back-pressure, in order and as completed; progress; large
 * primitive results; a program run by {@link Executors}. Any number of ranks.
 */
final class ExecutorMapPrograms
{
    private ExecutorMapPrograms()
    {
    }

    /**
     * map keeps the inputs' order and takes inputs only as results are consumed (an endless stream works); mapUnordered
     * gives every result once; a failing input surfaces where its result would have come.
     */
    public static final class MapWithBackPressure
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0, 2))
            {
                if (pool.isRoot())
                {
                    final AtomicInteger taken = new AtomicInteger();
                    final Stream<Integer> endless = Stream.iterate(0, i -> i + 1).peek(i -> taken.incrementAndGet());
                    try (Stream<Long> squares = pool.map(endless, i -> (long)i * i))
                    {
                        final List<Long> first = squares.limit(100).toList();
                        for (int i = 0; i < first.size(); i++)
                        {
                            Check.equal((long)i * i, (long)first.get(i), "square " + i);
                        }
                    }
                    final int window = 2 * 2 * Math.max(1, pool.workers());
                    Check.that(taken.get() <= 100 + window, "map took " + taken.get() + " inputs for 100 results; window " + window);

                    final long[] unordered = pool.mapUnordered(IntStream.range(0, 500).boxed(), i -> (long)i * 3)
                        .mapToLong(Long::longValue).sorted().toArray();
                    Check.equal(LongStreamOf.multiplesOf3(500), unordered, "mapUnordered's results, sorted");

                    try
                    {
                        pool.map(IntStream.range(0, 20).boxed(), ExecutorMapPrograms::failOnSeven).toList();
                        throw new AssertionError("a map with a failing input completed");
                    }
                    catch (final RemoteTaskException expected)
                    {
                        Check.that(expected.getCause().getMessage().contains("input 7"), expected.getMessage());
                    }
                }
            }
            MPI.Finalize();
        }
    }

    private static int failOnSeven(final int input)
    {
        if (input == 7)
        {
            throw new IllegalArgumentException("input 7 refused");
        }
        return input;
    }

    private static byte[] sevens()
    {
        final byte[] bytes = new byte[100_000];
        Arrays.fill(bytes, (byte)7);
        return bytes;
    }

    private static boolean[] lastFlagSet()
    {
        final boolean[] flags = new boolean[50_000];
        flags[flags.length - 1] = true;
        return flags;
    }

    /** Multiples of 3, for comparing. */
    private static final class LongStreamOf
    {
        static long[] multiplesOf3(final int count)
        {
            final long[] values = new long[count];
            Arrays.setAll(values, i -> 3L * i);
            return values;
        }
    }

    /** Progress: a listener told at every completion sees counts grow to the end; the final figures add up per rank. */
    public static final class ProgressIsTold
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final List<PoolProgress> told = new ArrayList<>();
                    pool.onProgress(told::add, Duration.ZERO);
                    final List<java.util.concurrent.CompletableFuture<Integer>> futures = new ArrayList<>();
                    for (int i = 0; i < 200; i++)
                    {
                        final int input = i;
                        futures.add(pool.submit(() -> input));
                    }
                    futures.add(pool.submit(() -> { throw new IllegalStateException("one failure"); }));
                    for (final java.util.concurrent.CompletableFuture<Integer> future : futures)
                    {
                        future.handle((value, thrown) -> value).get(30, TimeUnit.SECONDS);
                    }
                    pool.shutdown();
                    Check.that(pool.awaitTermination(30, TimeUnit.SECONDS), "terminated");
                    final PoolProgress last = pool.progress();
                    Check.equal(201L, last.submitted(), "submitted");
                    Check.equal(201L, last.done(), "done");
                    Check.equal(1L, last.failed(), "failed");
                    Check.equal(201L, Arrays.stream(last.donePerRank()).sum(), "done per rank " + Arrays.toString(last.donePerRank()));
                    Check.that(MPI.COMM_WORLD.Size() == 1 || last.donePerRank()[0] == 0, "the root ran no task");
                    Check.that(told.size() >= 201, "told " + told.size() + " times for 201 tasks and the end");
                    for (int i = 1; i < told.size(); i++)
                    {
                        Check.that(told.get(i).done() >= told.get(i - 1).done(), "progress went back at " + i);
                    }
                    Check.equal(last.done(), told.get(told.size() - 1).done(), "the last told");
                }
            }
            MPI.Finalize();
        }
    }

    /** Large primitive arrays come back whole, of every primitive type, as do small ones. */
    public static final class LargeArraysComeBack
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final double[] doubles = pool.submit(() -> IntStream.range(0, 1 << 20).asDoubleStream().toArray()).get();
                    Check.equal(1 << 20, doubles.length, "doubles' length");
                    Check.that(doubles[12345] == 12345 && doubles[(1 << 20) - 1] == (1 << 20) - 1, "doubles' values");
                    final byte[] bytes = pool.submit(ExecutorMapPrograms::sevens).get();
                    Check.that(bytes.length == 100_000 && bytes[99_999] == 7, "bytes");
                    final long[] longs = pool.submit(() -> new long[] {1, 2, 3}).get();
                    Check.equal(new long[] {1, 2, 3}, longs, "a small array");
                    final boolean[] flags = pool.submit(ExecutorMapPrograms::lastFlagSet).get();
                    Check.that(flags.length == 50_000 && flags[49_999] && !flags[0], "booleans");
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Large tasks and large results at once: while the root hands a worker a large assignment, that worker hands back a
     * large result; neither may wait for the other. Half the results are large objects (longer than a pool's receive
     * buffer, so announced first), half large primitive arrays.
     */
    public static final class LargeBothWays
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0, 4))
            {
                if (pool.isRoot())
                {
                    final List<java.util.concurrent.CompletableFuture<Object>> futures = new ArrayList<>();
                    for (int i = 0; i < 24; i++)
                    {
                        final double[] payload = new double[128 * 1024];
                        Arrays.fill(payload, i);
                        final int n = i;
                        futures.add(pool.submit(() -> n % 2 == 0 ? payload.clone() : List.of(n, String.valueOf(n).repeat(payload.length))));
                    }
                    for (int i = 0; i < futures.size(); i++)
                    {
                        final Object back = futures.get(i).get(60, TimeUnit.SECONDS);
                        if (i % 2 == 0)
                        {
                            final double[] doubles = (double[])back;
                            Check.that(doubles.length == 128 * 1024 && doubles[0] == i && doubles[doubles.length - 1] == i, "result " + i);
                        }
                        else
                        {
                            Check.equal(List.of(i, String.valueOf(i).repeat(128 * 1024)), back, "result " + i);
                        }
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /** A program run as the root of a pool made of the whole job, by org.openmpj.Executors. */
    public static final class RunByExecutors
    {
        public static void main(final String[] args) throws Exception
        {
            final MpiExecutor pool = Executors.pool();
            Check.equal(Arrays.asList("a", "b"), Arrays.asList(args), "arguments after the class name");
            Check.equal(MPI.COMM_WORLD.Size() - 1, pool.workers(), "workers");
            Check.equal(42, (long)pool.submit(() -> 6 * 7).get(30, TimeUnit.SECONDS), "a task's result");
        }
    }

    /** Starts {@link RunByExecutors} through org.openmpj.Executors, as {@code mpjrun … org.openmpj.Executors -- Class a b} would. */
    public static final class ExecutorsStarts
    {
        public static void main(final String[] args) throws Throwable
        {
            final String[] all = Arrays.copyOf(args, args.length + 4);
            all[args.length] = "--";
            all[args.length + 1] = RunByExecutors.class.getName();
            all[args.length + 2] = "a";
            all[args.length + 3] = "b";
            Executors.main(all);
        }
    }
}
