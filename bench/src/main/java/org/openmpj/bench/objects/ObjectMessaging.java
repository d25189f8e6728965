package org.openmpj.bench.objects;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import mpi.MPI;
import org.openmpj.bench.BenchOptions;
import org.openmpj.bench.OptionParser;
import org.openmpj.bench.ThreadAllocation;
import org.openmpj.objects.ObjectCodec;

/**
 * Object graphs as {@code MPI.OBJECT} messages between ranks 0 and 1, two ways: a ping-pong, in which rank 1 sends back
 * each graph it receives, so that every one-way trip is one serialization, one transfer and one deserialization; and a
 * stream from rank 0 to rank 1, whose time per message is the slower side's. Rank 0 prints a result line per graph
 * and way: time per message (median and fastest of the timed batches), the serialized size, and the heap bytes rank 0
 * allocates per message. The encoding is the job's ({@code -Dopenmpj.objects.encoding=compact|java}).
 *
 * <pre>
 * bin/mpjrun -np 2 -cp bench/target/openmpj-bench.jar org.openmpj.bench.objects.ObjectMessaging [--shapes small,tree,items]
 *     [--warm-up-s N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class ObjectMessaging
{
    /** A graph to send back. */
    private static final int PING = 5;
    /** A graph of a stream: kept, not sent back. */
    private static final int STREAM = 6;
    /** The end of a batch of a stream, answered at once. */
    private static final int SYNC = 7;
    /** The end of the run. */
    private static final int STOP = 8;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private ObjectMessaging()
    {
    }

    public static void main(final String[] args)
    {
        final String[] programArgs = MPI.Init(args);
        if (MPI.COMM_WORLD.Size() != 2)
        {
            throw new IllegalStateException("ObjectMessaging runs on 2 ranks (mpjrun -np 2), not " + MPI.COMM_WORLD.Size());
        }
        final Options options = Options.parse(programArgs);
        final Object[] message = new Object[1];
        if (MPI.COMM_WORLD.Rank() == 0)
        {
            for (final ObjectGraphs.Shape shape : options.shapes())
            {
                lead(shape, options, message);
            }
            message[0] = null;
            MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 1, STOP);
        }
        else
        {
            follow(message);
        }
        MPI.Finalize();
    }

    /** Rank 1: sends back each graph of a ping-pong, keeps each of a stream, answers each end of a batch, until told to stop. */
    private static void follow(final Object[] message)
    {
        while (true)
        {
            final int tag = MPI.COMM_WORLD.Probe(0, MPI.ANY_TAG).tag;
            MPI.COMM_WORLD.Recv(message, 0, 1, MPI.OBJECT, 0, tag);
            if (tag == STOP)
            {
                return;
            }
            if (tag == PING || tag == SYNC)
            {
                MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 0, tag);
            }
        }
    }

    private static void lead(final ObjectGraphs.Shape shape, final Options options, final Object[] message)
    {
        final Object graph = shape.build();
        // A round trip is two messages, one each way.
        print(shape, "pingpong", measure(count -> roundTrips(graph, message, count), 2, options), graph);
        print(shape, "stream", measure(count -> streamed(graph, message, count), 1, options), graph);
    }

    /** One batch of {@code count} units of a measurement; returns its nanoseconds. */
    private interface Batch
    {
        long run(int count);
    }

    /**
     * The times of a measurement's batches, calibrated to the batch length after the warm-up.
     *
     * @param iterations    units per timed batch.
     * @param perMessageUs  each timed batch's time per message, ascending.
     * @param allocatedBytes heap bytes rank 0 allocated per message, over one more batch.
     */
    private record Timing(int iterations, double[] perMessageUs, double allocatedBytes)
    {
    }

    private static Timing measure(final Batch batch, final int messagesPerUnit, final Options options)
    {
        final long batchNanos = options.batchMillis() * NANOS_PER_MILLI;
        final long warmUpEnd = System.nanoTime() + options.warmUpSeconds() * 1000 * NANOS_PER_MILLI;
        int iterations = 1;
        long elapsed;
        do
        {
            elapsed = batch.run(iterations);
            if (elapsed < batchNanos / 2)
            {
                iterations *= 2;
            }
        }
        while (System.nanoTime() < warmUpEnd);
        iterations = (int)Math.max(1, (double)iterations * batchNanos / Math.max(1, elapsed));
        final double[] perMessageUs = new double[options.repetitions()];
        for (int i = 0; i < perMessageUs.length; i++)
        {
            perMessageUs[i] = batch.run(iterations) / 1e3 / ((double)messagesPerUnit * iterations);
        }
        Arrays.sort(perMessageUs);
        final long allocatedBefore = ThreadAllocation.currentThreadBytes();
        batch.run(iterations);
        final long allocated = ThreadAllocation.currentThreadBytes() - allocatedBefore;
        return new Timing(iterations, perMessageUs, allocated / ((double)messagesPerUnit * iterations));
    }

    /**
     * A stream of the graph from rank 0 to rank 1, one blocking send after another, so that rank 0 serializes the next
     * while rank 1 deserializes the last: time per message is the slower of the two sides. The batch ends with an
     * answered empty message, so that its time covers every graph's arrival.
     */
    private static long streamed(final Object graph, final Object[] message, final int count)
    {
        final long start = System.nanoTime();
        for (int i = 0; i < count; i++)
        {
            message[0] = graph;
            MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 1, STREAM);
        }
        message[0] = null;
        MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 1, SYNC);
        MPI.COMM_WORLD.Recv(message, 0, 1, MPI.OBJECT, 1, SYNC);
        return System.nanoTime() - start;
    }

    private static void print(final ObjectGraphs.Shape shape, final String mode, final Timing timing, final Object graph)
    {
        final int serializedBytes = ObjectCodec.serialize(new Object[] {graph}, 0, 1).length;
        final double[] times = timing.perMessageUs();
        System.out.printf(Locale.ROOT, "objects encoding=%s shape=%s mode=%s message_bytes=%d iterations=%d oneway_us=%.4f min_us=%.4f"
            + " alloc_bytes=%.1f%n", System.getProperty(ObjectCodec.ENCODING_PROP_NAME, ObjectCodec.ENCODING_DEFAULT),
            shape.name().toLowerCase(Locale.ROOT), mode, serializedBytes, timing.iterations(), times[times.length / 2], times[0],
            timing.allocatedBytes());
        System.out.flush();
    }

    private static long roundTrips(final Object graph, final Object[] message, final int iterations)
    {
        final long start = System.nanoTime();
        for (int i = 0; i < iterations; i++)
        {
            message[0] = graph;
            MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 1, PING);
            MPI.COMM_WORLD.Recv(message, 0, 1, MPI.OBJECT, 1, PING);
        }
        return System.nanoTime() - start;
    }

    /** The program's options, read by the bench's one option parser. */
    private record Options(List<ObjectGraphs.Shape> shapes, int warmUpSeconds, int repetitions, int batchMillis)
    {
        private static final OptionParser.Option<List<ObjectGraphs.Shape>> SHAPES = OptionParser.list("--shapes", "S,S,...",
            "the graphs: small, tree, items", List.of(ObjectGraphs.Shape.values()), ObjectGraphs.Shape::named);
        private static final OptionParser.Option<Integer> WARM_UP = OptionParser.whole("--warm-up-s",
            "seconds of round trips per graph before any is timed", 3, 0, 600);
        private static final OptionParser.Option<Integer> REPETITIONS = BenchOptions.REPETITIONS.withDefault(5);
        private static final OptionParser PARSER = new OptionParser("ObjectMessaging", "Ping-pong of object graphs as MPI.OBJECT.",
            List.of(SHAPES, WARM_UP, REPETITIONS, BenchOptions.BATCH_MS));

        static Options parse(final String[] args)
        {
            final OptionParser.Values values = PARSER.parse(args);
            return new Options(values.get(SHAPES), values.get(WARM_UP), values.get(REPETITIONS), values.get(BenchOptions.BATCH_MS));
        }
    }
}
