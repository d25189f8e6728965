package org.openmpj.bench.objects;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import mpi.MPI;
import org.openmpj.bench.BenchOptions;
import org.openmpj.bench.OptionParser;
import org.openmpj.objects.ObjectCodec;

/**
 * Ping-pong of object graphs as {@code MPI.OBJECT} messages between ranks 0 and 1: rank 1 sends back each graph it
 * receives, so every one-way trip is one serialization, one transfer and one deserialization. Rank 0 prints a result
 * line per graph shape: one-way time (median and fastest of the timed batches), the serialized size, and the heap
 * bytes rank 0 allocates per message. The encoding is the job's ({@code -Dopenmpj.objects.encoding=compact|java}).
 *
 * <pre>
 * bin/mpjrun -np 2 -cp bench/target/openmpj-bench.jar org.openmpj.bench.objects.ObjectMessaging [--shapes small,tree,items]
 *     [--warm-up-s N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class ObjectMessaging
{
    private static final int TAG = 5;
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
            MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 1, TAG);
        }
        else
        {
            do
            {
                MPI.COMM_WORLD.Recv(message, 0, 1, MPI.OBJECT, 0, TAG);
                if (message[0] != null)
                {
                    MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 0, TAG);
                }
            }
            while (message[0] != null);
        }
        MPI.Finalize();
    }

    private static void lead(final ObjectGraphs.Shape shape, final Options options, final Object[] message)
    {
        final Object graph = shape.build();
        final long warmUpEnd = System.nanoTime() + options.warmUpSeconds() * 1000 * NANOS_PER_MILLI;
        int iterations = 1;
        long elapsed;
        do
        {
            elapsed = roundTrips(graph, message, iterations);
            if (elapsed < options.batchMillis() * NANOS_PER_MILLI / 2)
            {
                iterations *= 2;
            }
        }
        while (System.nanoTime() < warmUpEnd);
        iterations = (int)Math.max(1, (double)iterations * options.batchMillis() * NANOS_PER_MILLI / Math.max(1, elapsed));
        final double[] onewayUs = new double[options.repetitions()];
        for (int i = 0; i < onewayUs.length; i++)
        {
            onewayUs[i] = roundTrips(graph, message, iterations) / 1e3 / (2.0 * iterations);
        }
        final long allocatedBefore = allocatedBytes();
        roundTrips(graph, message, iterations);
        final double allocatedPerMessage = (allocatedBytes() - allocatedBefore) / (2.0 * iterations);
        Arrays.sort(onewayUs);
        final int serializedBytes = ObjectCodec.serialize(new Object[] {graph}, 0, 1).length;
        System.out.printf(Locale.ROOT, "objects encoding=%s shape=%s message_bytes=%d iterations=%d oneway_us=%.4f min_us=%.4f alloc_bytes=%.1f%n",
            System.getProperty(ObjectCodec.ENCODING_PROP_NAME, ObjectCodec.ENCODING_DEFAULT), shape.name().toLowerCase(Locale.ROOT),
            serializedBytes, iterations, onewayUs[onewayUs.length / 2], onewayUs[0], allocatedPerMessage);
        System.out.flush();
    }

    private static long roundTrips(final Object graph, final Object[] message, final int iterations)
    {
        final long start = System.nanoTime();
        for (int i = 0; i < iterations; i++)
        {
            message[0] = graph;
            MPI.COMM_WORLD.Send(message, 0, 1, MPI.OBJECT, 1, TAG);
            MPI.COMM_WORLD.Recv(message, 0, 1, MPI.OBJECT, 1, TAG);
        }
        return System.nanoTime() - start;
    }

    private static long allocatedBytes()
    {
        return ((com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
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
