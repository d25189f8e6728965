package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.Consumer;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.Primitive;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.LayoutBuilder;
import org.openmpj.engine.datatype.ReducingCollectives;
import org.openmpj.engine.datatype.TypeMap;
import org.openmpj.engine.datatype.TypedCollectives;

/**
 * The typed collectives on memory segments (a façade's direct buffers), which go through scratch memory, mixed with
 * array buffers on other ranks; reductions in place on arrays (the receive buffer is the send buffer); the exclusive scan
 * and the local reduction. Each call runs blocking and as a schedule.
 */
@Timeout(120)
class SegmentCollectivesTest
{
    private static final TypeMap INT = TypeMap.element(Primitive.INT, "INT");
    private static final Reduction SUM = PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.INT);

    /** Every other int: two ints per item, one apart, items four ints apart. */
    private static TypeMap everyOther()
    {
        final LayoutBuilder builder = new LayoutBuilder("everyOther");
        builder.addCopies(Layout.ELEMENT, 0, 2, 2);
        return TypeMap.derived(builder.build().resized(0, 4), INT, "everyOther");
    }

    /** Runs {@code body} blocking, then again as a schedule that is then waited for. */
    private static void bothWays(final Communicator world, final String name, final Consumer<CollectiveCalls> body)
    {
        body.accept(CollectiveCalls.BLOCKING);
        final ScheduledCalls calls = ScheduledCalls.begin(world, name);
        body.accept(calls);
        final Schedule schedule = calls.start();
        schedule.await();
        if (schedule.failure() != null)
        {
            throw schedule.failure();
        }
    }

    private static int[] read(final Object buf, final int length)
    {
        return buf instanceof MemorySegment memory ? memory.asSlice(0, length * 4L).toArray(ValueLayout.JAVA_INT)
            : java.util.Arrays.copyOf((int[])buf, length);
    }

    /** @return a segment on even ranks and an array on odd ones, of {@code values}. */
    private static Object buffer(final Arena arena, final int rank, final int... values)
    {
        return rank % 2 == 0 ? arena.allocateFrom(ValueLayout.JAVA_INT, values) : values.clone();
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4})
    void movementOnSegments(final int n)
    {
        EngineJob.run(n, world ->
        {
            final int r = world.rank();
            try (Arena arena = Arena.ofShared())
            {
                bothWays(world, "bcast", calls ->
                {
                    final Object buf = buffer(arena, r, r == 0 ? new int[] {4, 5, 6} : new int[3]);
                    TypedCollectives.bcast(calls, world, null, buf, 0, 3, INT, 0);
                    calls.then(() -> assertArrayEquals(new int[] {4, 5, 6}, read(buf, 3), "bcast at " + r));
                });
                bothWays(world, "allgatherv", calls ->
                {
                    final Object send = buffer(arena, r, r, -r);
                    final Object recv = buffer(arena, r + 1, new int[2 * n]);
                    TypedCollectives.allgatherv(calls, world, null, send, 0, 2, INT, recv, 0, Collectives.counts(n, 2),
                        Collectives.blocks(n, 2), INT);
                    calls.then(() ->
                    {
                        final int[] all = read(recv, 2 * n);
                        for (int i = 0; i < n; i++)
                        {
                            assertEquals(i, all[2 * i]);
                            assertEquals(-i, all[2 * i + 1]);
                        }
                    });
                });
                bothWays(world, "alltoall", calls ->
                {
                    final int[] mine = new int[n];
                    for (int i = 0; i < n; i++)
                    {
                        mine[i] = 100 * r + i;
                    }
                    final Object send = buffer(arena, r, mine);
                    final Object recv = buffer(arena, r, new int[n]);
                    TypedCollectives.alltoallv(calls, world, null, send, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1), INT, recv, 0,
                        Collectives.counts(n, 1), Collectives.blocks(n, 1), INT, true);
                    calls.then(() ->
                    {
                        final int[] got = read(recv, n);
                        for (int i = 0; i < n; i++)
                        {
                            assertEquals(100 * i + r, got[i]);
                        }
                    });
                });
                bothWays(world, "gatherv", calls ->
                {
                    // Strided items from segments: item of everyOther = ints 0 and 2.
                    final Object send = arena.allocateFrom(ValueLayout.JAVA_INT, r, -9, r + 1);
                    final MemorySegment recv = arena.allocate(Integer.BYTES * 2L * n);
                    TypedCollectives.gatherv(calls, world, null, send, 0, 1, everyOther(), recv, 0, Collectives.counts(n, 2),
                        Collectives.blocks(n, 2), INT, 0, true);
                    calls.then(() ->
                    {
                        if (r == 0)
                        {
                            final int[] all = read(recv, 2 * n);
                            for (int i = 0; i < n; i++)
                            {
                                assertEquals(i, all[2 * i]);
                                assertEquals(i + 1, all[2 * i + 1]);
                            }
                        }
                    });
                });
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4})
    void reductionsOnSegmentsAndInPlace(final int n)
    {
        EngineJob.run(n, world ->
        {
            final int r = world.rank();
            final int total = n * (n - 1) / 2;
            final int prefix = r * (r + 1) / 2;
            try (Arena arena = Arena.ofShared())
            {
                bothWays(world, "allreduce", calls ->
                {
                    final Object send = buffer(arena, r, r, 1);
                    final Object recv = buffer(arena, r + 1, new int[2]);
                    ReducingCollectives.everywhere(calls, world, null, send, 0, recv, 0, 2, INT, false, SUM, 1);
                    calls.then(() -> assertArrayEquals(new int[] {total, n}, read(recv, 2)));
                });
                bothWays(world, "allreduce in place", calls ->
                {
                    final int[] both = {r, 1};
                    ReducingCollectives.everywhere(calls, world, null, both, 0, both, 0, 2, INT, false, SUM, 1);
                    calls.then(() -> assertArrayEquals(new int[] {total, n}, both));
                });
                bothWays(world, "reduce in place", calls ->
                {
                    final int root = n - 1;
                    final int[] both = {r, 2};
                    ReducingCollectives.reduce(calls, world, null, both, 0, r == root ? both : null, 0, 2, INT, root, SUM, 1);
                    calls.then(() ->
                    {
                        if (r == root)
                        {
                            assertArrayEquals(new int[] {total, 2 * n}, both);
                        }
                    });
                });
                bothWays(world, "scan", calls ->
                {
                    final Object send = buffer(arena, r, r);
                    final int[] inPlace = {r};
                    final Object recv = buffer(arena, r + 1, new int[1]);
                    ReducingCollectives.everywhere(calls, world, null, send, 0, recv, 0, 1, INT, true, SUM, 1);
                    ReducingCollectives.everywhere(calls, world, null, inPlace, 0, inPlace, 0, 1, INT, true, SUM, 1);
                    calls.then(() ->
                    {
                        assertEquals(prefix, read(recv, 1)[0]);
                        assertEquals(prefix, inPlace[0]);
                    });
                });
                bothWays(world, "exscan", calls ->
                {
                    final Object send = buffer(arena, r, r + 1, 1);
                    final int[] inPlace = {r + 1, 1};
                    final Object recv = buffer(arena, r + 1, new int[2]);
                    ReducingCollectives.exclusiveScan(calls, world, send, 0, recv, 0, 2, INT, SUM, 1);
                    ReducingCollectives.exclusiveScan(calls, world, inPlace, 0, inPlace, 0, 2, INT, SUM, 1);
                    calls.then(() ->
                    {
                        if (r > 0)
                        {
                            assertArrayEquals(new int[] {prefix, r}, read(recv, 2), "exscan at " + r);
                            assertArrayEquals(new int[] {prefix, r}, inPlace, "exscan in place at " + r);
                        }
                    });
                });
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(booleans = {false, true})
    void localReductionOfSegmentsAndStridedItems(final boolean segments)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final Object in = segments ? arena.allocateFrom(ValueLayout.JAVA_INT, 1, 100, 2, 100) : new int[] {1, 100, 2, 100};
            final Object inout = segments ? arena.allocateFrom(ValueLayout.JAVA_INT, 10, -1, 20, -1) : new int[] {10, -1, 20, -1};
            ReducingCollectives.local(in, 0, inout, 0, 1, everyOther(), SUM, 1);
            assertArrayEquals(new int[] {11, -1, 22, -1}, read(inout, 4));
            final Object contiguousIn = segments ? arena.allocateFrom(ValueLayout.JAVA_INT, 3, 4) : new int[] {3, 4};
            final Object contiguousOut = segments ? arena.allocateFrom(ValueLayout.JAVA_INT, 5, 6) : new int[] {5, 6};
            ReducingCollectives.local(contiguousIn, 0, contiguousOut, 0, 2, INT, SUM, 1);
            assertArrayEquals(new int[] {8, 10}, read(contiguousOut, 2));
        }
    }

    /** A line that does not wrap: the block from beyond an edge stays as it was in a staged (segment) receive buffer too. */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4})
    void neighbourExchangeOnSegmentsLeavesTheBlocksFromBeyondAnEdgeUntouched(final int n)
    {
        final CartesianGrid line = new CartesianGrid(new int[] {n}, new boolean[] {false});
        EngineJob.run(n, world ->
        {
            final int r = world.rank();
            final Neighborhood hood = Neighborhood.cartesian(line, r);
            try (Arena arena = Arena.ofShared())
            {
                bothWays(world, "neighbour exchange", calls ->
                {
                    final Object send = buffer(arena, r, 10 * r, 10 * r + 1);
                    final Object recv = buffer(arena, r, -1, -1);
                    TypedCollectives.neighborAlltoallv(calls, world, hood, send, 0, new int[] {1, 1}, new int[] {0, 1}, INT, recv, 0,
                        new int[] {1, 1}, new int[] {0, 1}, INT);
                    calls.then(() -> assertArrayEquals(new int[] {r == 0 ? -1 : 10 * (r - 1) + 1, r == n - 1 ? -1 : 10 * (r + 1)},
                        read(recv, 2), "neighbours of " + r));
                });
            }
        });
    }
}
