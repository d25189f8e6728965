package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.Primitive;

/**
 * Every reduction algorithm, called directly (whatever the thresholds would choose) and through its dispatcher, at
 * 1 to 8 ranks, every root, with offsets, at item counts below, at and above the number of ranks and on both sides
 * of the thresholds: sums, a commutative operation on three-element items that goes wrong if an item is split, and
 * a non-commutative matrix product that must equal the serial product in rank order. Receive buffers that are the
 * send buffer are reduced in place. Each algorithm runs both ways ({@link Way}): its steps taken at once, as in a
 * blocking collective, and written down as the schedule of a non-blocking one.
 */
@Timeout(120)
class ReductionAlgorithmsTest
{
    private static final Reduction SUM = PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.INT);

    /** An allreduce algorithm. */
    interface AllreduceAlgorithm
    {
        void run(Steps s, Communicator c, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count,
            int itemElements, Reduction op, Scratch scratch);
    }

    /** A reduce algorithm. */
    interface ReduceAlgorithm
    {
        void run(Steps s, Communicator c, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count,
            int itemElements, Reduction op, int root, Scratch scratch);
    }

    private static final List<Named<AllreduceAlgorithm>> COMMUTATIVE_ALLREDUCES = Named.bothWays(List.of(
        new Named<>("recursive doubling", Allreduce::recursiveDoubling),
        new Named<>("reduce-scatter + allgather", Allreduce::reduceScatterAllgather),
        new Named<>("chosen", Allreduce::allreduce)));

    private static final List<Named<AllreduceAlgorithm>> ORDERED_ALLREDUCES = Named.bothWays(List.of(
        new Named<>("recursive doubling", Allreduce::recursiveDoubling),
        new Named<>("reduce + bcast", (steps, c, s, so, r, ro, k, count, ie, op, scratch) ->
        {
            Reduce.binomial(steps, c, s, so, r, ro, k, count, ie, op, 0, scratch);
            if (steps == Steps.NOW)
            {
                c.nextCollective();
            }
            Broadcast.bcast(steps, c, r, k, ro, count, 0);
        }),
        new Named<>("chosen", Allreduce::allreduce)));

    private static final List<Named<ReduceAlgorithm>> COMMUTATIVE_REDUCES = Named.bothWays(List.of(
        new Named<>("binomial", Reduce::binomial),
        new Named<>("reduce-scatter + gather", Reduce::reduceScatterGather),
        new Named<>("pipelined in segments", Reduce::pipelined),
        new Named<>("chosen", Reduce::reduce)));

    private static final List<Named<ReduceAlgorithm>> ORDERED_REDUCES = Named.bothWays(List.of(
        new Named<>("binomial", Reduce::binomial),
        new Named<>("chosen", Reduce::reduce)));

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void allreduceOfCommutativeOperations(final int n)
    {
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            // 40,003 ints span several segments of a pipelined exchange, the last one short.
            final int[] counts = IntStream.concat(Arrays.stream(itemCounts(n, CollectiveThresholds.ALLREDUCE_SPLIT_MIN_BYTES, 4)),
                IntStream.of(40_003)).toArray();
            for (final Named<AllreduceAlgorithm> named : COMMUTATIVE_ALLREDUCES)
            {
                for (final int items : counts)
                {
                    final String what = named.name() + " of " + items + " ints";
                    final int[] sums = new int[items + 2];
                    for (int i = 0; i < items; i++)
                    {
                        sums[2 + i] = TestReductions.value(c.rank(), i);
                    }
                    final int[] result = new int[items + 1];
                    run(named, world, sums, 2, result, 1, items, 1, SUM);
                    assertEquals(expectedSums(n, items), Arrays.copyOfRange(result, 1, items + 1), what);
                    run(named, world, sums, 2, sums, 2, items, 1, SUM);
                    assertEquals(expectedSums(n, items), Arrays.copyOfRange(sums, 2, items + 2), what + ", in place");

                    final int triples = Math.max(1, items / 3);
                    final int[] mine = TestReductions.triples(c.rank(), triples);
                    final int[] combined = new int[3 * triples];
                    run(named, world, mine, 0, combined, 0, 3 * triples, 3, TestReductions.SUM_MAX_XOR);
                    assertArrayEquals(TestReductions.combinedTriples(n, triples), combined, named.name() + " of " + triples + " triples");
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void allreduceOfNonCommutativeOperationsKeepsRankOrder(final int n)
    {
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            for (final Named<AllreduceAlgorithm> named : ORDERED_ALLREDUCES)
            {
                for (final int matrices : itemCounts(n, CollectiveThresholds.ALLREDUCE_SPLIT_MIN_BYTES, 16))
                {
                    final int[] mine = TestReductions.matrices(c.rank(), matrices);
                    final int[] product = new int[4 * matrices + 3];
                    run(named, world, mine, 0, product, 3, 4 * matrices, 4, TestReductions.MATRIX_PRODUCT);
                    assertArrayEquals(TestReductions.orderedProduct(n - 1, matrices), Arrays.copyOfRange(product, 3, product.length),
                        named.name() + " of " + matrices + " matrices");
                    run(named, world, mine, 0, mine, 0, 4 * matrices, 4, TestReductions.MATRIX_PRODUCT);
                    assertArrayEquals(TestReductions.orderedProduct(n - 1, matrices), mine,
                        named.name() + " of " + matrices + " matrices, in place");
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void reduceAtEveryRoot(final int n)
    {
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            final int rank = c.rank();
            for (int root = 0; root < n; root++)
            {
                for (final Named<ReduceAlgorithm> named : COMMUTATIVE_REDUCES)
                {
                    for (final int items : itemCounts(n, CollectiveThresholds.REDUCE_SPLIT_MIN_BYTES, 4))
                    {
                        final String what = named.name() + " of " + items + " ints to root " + root;
                        final int[] sums = new int[items + 1];
                        for (int i = 0; i < items; i++)
                        {
                            sums[1 + i] = TestReductions.value(rank, i);
                        }
                        final int[] result = new int[items];
                        reduce(named, world, sums, 1, result, 0, items, 1, SUM, root);
                        if (rank == root)
                        {
                            assertEquals(expectedSums(n, items), result, what);
                        }
                        reduce(named, world, sums, 1, sums, 1, items, 1, SUM, root);
                        if (rank == root)
                        {
                            assertEquals(expectedSums(n, items), Arrays.copyOfRange(sums, 1, items + 1), what + ", in place");
                        }
                    }
                    // 9,000 triples span several of the pipeline's segments, none of which may split a triple.
                    for (final int triples : new int[] {5, 9_000})
                    {
                        final int[] combined = new int[3 * triples];
                        reduce(named, world, TestReductions.triples(rank, triples), 0, combined, 0, 3 * triples, 3,
                            TestReductions.SUM_MAX_XOR, root);
                        if (rank == root)
                        {
                            assertArrayEquals(TestReductions.combinedTriples(n, triples), combined,
                                named.name() + " of " + triples + " triples to root " + root);
                        }
                    }
                }
                for (final Named<ReduceAlgorithm> named : ORDERED_REDUCES)
                {
                    for (final int matrices : new int[] {1, n + 1, (int)(Math.min(256 * 1024, CollectiveThresholds.REDUCE_SPLIT_MIN_BYTES) / 16) + 1})
                    {
                        final int[] mine = TestReductions.matrices(rank, matrices);
                        final int[] product = new int[4 * matrices];
                        reduce(named, world, mine, 0, product, 0, 4 * matrices, 4, TestReductions.MATRIX_PRODUCT, root);
                        if (rank == root)
                        {
                            assertArrayEquals(TestReductions.orderedProduct(n - 1, matrices), product,
                                named.name() + " of " + matrices + " matrices to root " + root);
                        }
                        reduce(named, world, mine, 0, mine, 0, 4 * matrices, 4, TestReductions.MATRIX_PRODUCT, root);
                        if (rank == root)
                        {
                            assertArrayEquals(TestReductions.orderedProduct(n - 1, matrices), mine,
                                named.name() + " of " + matrices + " matrices to root " + root + ", in place");
                        }
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void scansOfANonCommutativeOperationGiveEveryRankItsOrderedPrefixes(final int n)
    {
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            for (final Way way : Way.values())
            {
                for (final int matrices : new int[] {1, 7, 1000})
                {
                    final int[] mine = TestReductions.matrices(c.rank(), matrices);
                    final int[] prefix = new int[4 * matrices];
                    way.run(world, "Scan", (s, on, scratch) ->
                        Scan.chain(s, on, mine, 0, prefix, 0, Primitive.INT, 4 * matrices, 4, TestReductions.MATRIX_PRODUCT, scratch));
                    assertArrayEquals(TestReductions.orderedProduct(c.rank(), matrices), prefix, way + " prefix of " + matrices + " matrices");
                    final int[] exclusive = new int[4 * matrices];
                    way.run(world, "Exscan", (s, on, scratch) -> Scan.exclusiveChain(s, on, mine, 0, exclusive, 0, Primitive.INT,
                        4 * matrices, 4, TestReductions.MATRIX_PRODUCT, scratch));
                    if (c.rank() > 0)
                    {
                        assertArrayEquals(TestReductions.orderedProduct(c.rank() - 1, matrices), exclusive,
                            way + " exclusive prefix of " + matrices + " matrices");
                    }
                    way.run(world, "Exscan", (s, on, scratch) -> Scan.exclusiveChain(s, on, mine, 0, mine, 0, Primitive.INT,
                        4 * matrices, 4, TestReductions.MATRIX_PRODUCT, scratch));
                    if (c.rank() > 0)
                    {
                        assertArrayEquals(TestReductions.orderedProduct(c.rank() - 1, matrices), mine,
                            way + " exclusive prefix of " + matrices + " matrices, in place");
                    }
                }
            }
        });
    }

    /**
     * @return item counts around the number of ranks, and on both sides of a threshold of {@code thresholdBytes} (or of
     *         256 KiB when it is higher: such thresholds are only crossed by the algorithms called directly).
     */
    static int[] itemCounts(final int n, final long thresholdBytes, final int itemBytes)
    {
        final int atThreshold = (int)(Math.min(256 * 1024, thresholdBytes) / itemBytes);
        return new int[] {0, 1, n - 1, n + 1, 2 * n + 3, 100, Math.max(0, atThreshold - 1), atThreshold + 2 * n + 1};
    }

    private static int[] expectedSums(final int n, final int items)
    {
        final int[] sums = new int[items];
        for (int rank = 0; rank < n; rank++)
        {
            for (int i = 0; i < items; i++)
            {
                sums[i] += TestReductions.value(rank, i);
            }
        }
        return sums;
    }

    private static void assertEquals(final int[] expected, final int[] actual, final String what)
    {
        assertArrayEquals(expected, actual, what);
    }

    private static void run(
        final Named<AllreduceAlgorithm> named, final Communicator world, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final int count, final int itemElements, final Reduction op)
    {
        named.way().run(world, named.name(), (s, c, scratch) ->
            named.algorithm().run(s, c, sendBuf, sendOffset, recvBuf, recvOffset, Primitive.INT, count, itemElements, op, scratch));
    }

    private static void reduce(
        final Named<ReduceAlgorithm> named, final Communicator world, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final int count, final int itemElements, final Reduction op, final int root)
    {
        named.way().run(world, named.name(), (s, c, scratch) ->
            named.algorithm().run(s, c, sendBuf, sendOffset, recvBuf, recvOffset, Primitive.INT, count, itemElements, op, root, scratch));
    }
}
