package org.openmpj.bench.executor;

import java.io.Serial;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.openmpj.bench.BenchOptions;
import org.openmpj.bench.OptionParser;
import org.openmpj.bench.Samples;
import org.openmpj.executor.MpiExecutor;
import org.openmpj.executor.Task;
import org.openmpj.objects.ObjectCodec;
import org.openmpj.objects.ReceivedClasses;
import org.openmpj.objects.SentClasses;

/**
 * What a task pool ({@link MpiExecutor}) costs. Each repetition times, in turn: the pool's two messages without the pool (rank
 * 0 serializes an empty task, sends its bytes without blocking and receives bytes from any rank with any tag; rank 1 receives
 * them, runs the task and sends back its value, each way objects on an ordered stream that names a class once), the floor
 * under a task's round trip; a window of
 * one-byte ping-pongs between ranks 0 and 1; then, on a pool of the whole job, a batch of empty tasks submitted at once and
 * all waited for (tasks per second from one root) and the round trip of one empty task (submit, then wait for its future);
 * and, the pool closed, a second ping-pong window. The round trip is set against the mean of the two ping-pong windows that
 * enclose it, so that a drift of the machine's speed between them weighs on both sides alike. Rank 0 prints one result
 * line with the medians over the repetitions and the median of the per-repetition ratios.
 *
 * <pre>
 * bin/mpjrun -np 9 [-dev shm] -cp bench/target/openmpj-bench.jar org.openmpj.bench.executor.TaskThroughput
 *     [--warm-up-s N] [--repetitions N] [--round-trips N] [--tasks N]
 * </pre>
 */
public final class TaskThroughput
{
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final Options options;
    private final byte[] ball = new byte[1];
    private final Object[] tasksIn = new Object[MpiExecutor.TASKS_PER_WORKER_DEFAULT];
    private final Object[] answer = new Object[1];
    private final byte[] inbox = new byte[16 * 1024];
    private final ObjectCodec codec = new ObjectCodec(TaskThroughput.class.getClassLoader());
    private final SentClasses toWorker = new SentClasses();
    private final ReceivedClasses fromWorker = new ReceivedClasses();
    private final SentClasses toRoot = new SentClasses();
    private final ReceivedClasses fromRoot = new ReceivedClasses();

    private TaskThroughput(final Options options)
    {
        this.options = options;
    }

    /** An empty task: it returns nothing and travels as a record, in the compact encoding. */
    public record EmptyTask() implements Task<Object>
    {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public Object call()
        {
            return null;
        }
    }

    public static void main(final String[] args) throws Exception
    {
        final String[] programArgs = MPI.Init(args);
        final Options options = Options.parse(programArgs);
        if (MPI.COMM_WORLD.Size() < 2)
        {
            throw new IllegalArgumentException("TaskThroughput needs 2 ranks or more (a root and a worker); it has "
                + MPI.COMM_WORLD.Size());
        }
        final TaskThroughput benchmark = new TaskThroughput(options);
        final long warmUpEnd = System.nanoTime() + options.warmUpSeconds() * NANOS_PER_SECOND;
        boolean warming = true;
        while (warming)
        {
            benchmark.repetition();
            final int[] go = {System.nanoTime() < warmUpEnd ? 1 : 0};
            MPI.COMM_WORLD.Bcast(go, 0, 1, MPI.INT, 0);
            warming = go[0] == 1;
        }
        final double[][] times = new double[options.repetitions()][];
        for (int i = 0; i < times.length; i++)
        {
            times[i] = benchmark.repetition();
        }
        if (MPI.COMM_WORLD.Rank() == 0)
        {
            print(options, times);
        }
        MPI.Finalize();
    }

    /**
     * @return on rank 0 the ping-pong round trip (the mean of the windows before and after the pool), the task round trip in
     *     µs, the tasks per second and the messages' round trip; elsewhere zeros.
     */
    private double[] repetition() throws Exception
    {
        final int rank = MPI.COMM_WORLD.Rank();
        MPI.COMM_WORLD.Barrier();
        long start = System.nanoTime();
        poolMessagesWithoutPool(rank);
        final double messagesUs = (System.nanoTime() - start) / 1e3 / options.roundTrips();
        final double pingPongBeforeUs = pingPongs(rank);
        final double[] result = new double[4];
        try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
        {
            if (pool.isRoot())
            {
                final EmptyTask task = new EmptyTask();
                // The batch goes first: the pool is then in use, as a program's is, when its round trips are timed.
                final CompletableFuture<?>[] futures = new CompletableFuture<?>[options.tasks()];
                start = System.nanoTime();
                for (int i = 0; i < futures.length; i++)
                {
                    futures[i] = pool.submit(task);
                }
                CompletableFuture.allOf(futures).get();
                result[2] = futures.length * 1e9 / (System.nanoTime() - start);
                start = System.nanoTime();
                for (int i = 0; i < options.roundTrips(); i++)
                {
                    pool.submit(task).get();
                }
                result[1] = (System.nanoTime() - start) / 1e3 / options.roundTrips();
                result[3] = messagesUs;
            }
        }
        final double pingPongAfterUs = pingPongs(rank);
        result[0] = rank == 0 ? (pingPongBeforeUs + pingPongAfterUs) / 2 : 0;
        return result;
    }

    /** @return on rank 0 the mean round trip of a window of one-byte ping-pongs with rank 1, in µs. */
    private double pingPongs(final int rank) throws Exception
    {
        MPI.COMM_WORLD.Barrier();
        final long start = System.nanoTime();
        for (int i = 0; i < options.roundTrips(); i++)
        {
            if (rank == 0)
            {
                MPI.COMM_WORLD.Send(ball, 0, 1, MPI.BYTE, 1, 0);
                MPI.COMM_WORLD.Recv(ball, 0, 1, MPI.BYTE, 1, 0);
            }
            else if (rank == 1)
            {
                MPI.COMM_WORLD.Recv(ball, 0, 1, MPI.BYTE, 0, 0);
                MPI.COMM_WORLD.Send(ball, 0, 1, MPI.BYTE, 0, 0);
            }
        }
        return (System.nanoTime() - start) / 1e3 / options.roundTrips();
    }

    /**
     * The messages of one empty task's round trip, as the pool sends them, between ranks 0 and 1 alone: objects serialized on
     * an ordered stream each way (a class named once), sent as bytes and received into a buffer kept for them.
     */
    private void poolMessagesWithoutPool(final int rank) throws Exception
    {
        final EmptyTask task = new EmptyTask();
        final Object[] out = new Object[1];
        for (int i = 0; i < options.roundTrips(); i++)
        {
            if (rank == 0)
            {
                out[0] = task;
                final ObjectCodec.Encoded encoded = ObjectCodec.serializeInThreadBuffer(out, 0, 1, toWorker);
                final Request sent = MPI.COMM_WORLD.Isend(encoded.bytes(), 0, encoded.length(), MPI.BYTE, 1, 1);
                if (sent.Test() == null)
                {
                    ObjectCodec.handOver(encoded);
                    sent.Wait();
                }
                final Status status = MPI.COMM_WORLD.Recv(inbox, 0, inbox.length, MPI.BYTE, MPI.ANY_SOURCE, MPI.ANY_TAG);
                codec.deserialize(inbox, 0, status.Get_count(MPI.BYTE), status.source, answer, 0, 1, fromWorker);
            }
            else if (rank == 1)
            {
                final Status status = MPI.COMM_WORLD.Recv(inbox, 0, inbox.length, MPI.BYTE, 0, MPI.ANY_TAG);
                final int tasks = codec.deserialize(inbox, 0, status.Get_count(MPI.BYTE), 0, tasksIn, 0, tasksIn.length, fromRoot);
                for (int k = 0; k < tasks; k++)
                {
                    out[0] = ((EmptyTask)tasksIn[k]).call();
                    tasksIn[k] = null;
                    final ObjectCodec.Encoded encoded = ObjectCodec.serializeInThreadBuffer(out, 0, 1, toRoot);
                    MPI.COMM_WORLD.Send(encoded.bytes(), 0, encoded.length(), MPI.BYTE, 0, 2);
                }
            }
        }
    }

    private static void print(final Options options, final double[][] times)
    {
        final double[] pingPong = new double[times.length];
        final double[] task = new double[times.length];
        final double[] rate = new double[times.length];
        final double[] ratio = new double[times.length];
        final double[] messages = new double[times.length];
        for (int i = 0; i < times.length; i++)
        {
            messages[i] = times[i][3];
            pingPong[i] = times[i][0];
            task[i] = times[i][1];
            rate[i] = times[i][2];
            ratio[i] = task[i] / pingPong[i];
        }
        System.out.printf(Locale.ROOT, "executor ranks=%d workers=%d repetitions=%d round_trips=%d tasks=%d pingpong_rtt_us=%.2f"
            + " messages_rtt_us=%.2f task_rtt_us=%.2f rtt_ratio=%.2f rtt_ratio_min=%.2f rtt_ratio_max=%.2f tasks_per_s=%.0f tasks_per_s_min=%.0f"
            + " tasks_per_s_max=%.0f%n", MPI.COMM_WORLD.Size(), MPI.COMM_WORLD.Size() - 1, times.length, options.roundTrips(),
            options.tasks(), Samples.median(pingPong), Samples.median(messages), Samples.median(task), Samples.median(ratio),
            Arrays.stream(ratio).min().orElseThrow(), Arrays.stream(ratio).max().orElseThrow(), Samples.median(rate),
            Arrays.stream(rate).min().orElseThrow(), Arrays.stream(rate).max().orElseThrow());
        System.out.flush();
    }

    /** The program's options. */
    private record Options(int warmUpSeconds, int repetitions, int roundTrips, int tasks)
    {
        private static final OptionParser.Option<Integer> WARM_UP = OptionParser.whole("--warm-up-s",
            "seconds of repetitions before any is timed", 6, 0, 600);
        private static final OptionParser.Option<Integer> REPETITIONS = BenchOptions.REPETITIONS.withDefault(11);
        private static final OptionParser.Option<Integer> ROUND_TRIPS = OptionParser.whole("--round-trips",
            "ping-pongs and single-task round trips per window", 5000, 1, 10_000_000);
        private static final OptionParser.Option<Integer> TASKS = OptionParser.whole("--tasks",
            "empty tasks submitted at once per repetition, for the tasks per second", 20_000, 1, 10_000_000);
        private static final OptionParser PARSER = new OptionParser("TaskThroughput",
            "The round trip of an empty task against a ping-pong, and empty tasks per second from one root.",
            List.of(WARM_UP, REPETITIONS, ROUND_TRIPS, TASKS));

        static Options parse(final String[] args)
        {
            final OptionParser.Values values = PARSER.parse(args);
            return new Options(values.get(WARM_UP), values.get(REPETITIONS), values.get(ROUND_TRIPS), values.get(TASKS));
        }
    }
}
