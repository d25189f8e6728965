package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmpj.Primitive;

/**
 * The neighbour exchange on Cartesian grids (periodic rings of 1 and 2 ranks, where a rank is its own or its neighbour's
 * neighbour twice; grids with edges, whose blocks from beyond stay untouched) and on graphs with repeated edges, both
 * ways, at 1 to 8 ranks: every block arrives where MPI puts it.
 */
@Timeout(120)
class NeighborsTest
{
    private static final int COUNT = 3;
    private static final long UNTOUCHED = -1;

    static Stream<Arguments> ranksAndWays()
    {
        return Stream.of(1, 2, 3, 4, 6, 8).flatMap(n -> Arrays.stream(Way.values()).map(way -> Arguments.of(n, way)));
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("ranksAndWays")
    void aPeriodicRingGetsEachBlockFromTheSideItWasSentTo(final int n, final Way way)
    {
        final CartesianGrid ring = new CartesianGrid(new int[] {n}, new boolean[] {true});
        EngineJob.run(n, world ->
        {
            final int r = world.rank();
            final long[] received = exchange(way, world, Neighborhood.cartesian(ring, r));
            final int below = ring.neighbour(r, 0, -1);
            final int above = ring.neighbour(r, 0, 1);
            // Block 0 comes from below: what that rank sent up, its block 1; block 1 from above: what it sent down.
            assertArrayEquals(block(below, 1), Arrays.copyOfRange(received, 0, COUNT), "rank " + r + ", from below");
            assertArrayEquals(block(above, 0), Arrays.copyOfRange(received, COUNT, 2 * COUNT), "rank " + r + ", from above");
        });
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("ranksAndWays")
    void aGridWithEdgesLeavesTheBlocksFromBeyondThemUntouched(final int n, final Way way)
    {
        final int[] dims = new int[2];
        CartesianGrid.balancedDims("test", n, dims);
        final CartesianGrid grid = new CartesianGrid(dims, new boolean[] {false, true});
        EngineJob.run(n, world ->
        {
            final int r = world.rank();
            final long[] received = exchange(way, world, Neighborhood.cartesian(grid, r));
            for (int d = 0; d < 2; d++)
            {
                final int below = grid.neighbour(r, d, -1);
                final int above = grid.neighbour(r, d, 1);
                assertArrayEquals(below == Communicator.PROC_NULL ? untouched() : block(below, 2 * d + 1),
                    Arrays.copyOfRange(received, 2 * d * COUNT, (2 * d + 1) * COUNT), "rank " + r + ", dimension " + d + ", from below");
                assertArrayEquals(above == Communicator.PROC_NULL ? untouched() : block(above, 2 * d),
                    Arrays.copyOfRange(received, (2 * d + 1) * COUNT, (2 * d + 2) * COUNT), "rank " + r + ", dimension " + d + ", from above");
            }
        });
    }

    /** Each rank's edges: next, previous, next, previous, so every neighbour appears twice. */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("ranksAndWays")
    void repeatedGraphEdgesMatchInTheirOrder(final int n, final Way way)
    {
        final int[] index = new int[n];
        final int[] edges = new int[4 * n];
        for (int i = 0; i < n; i++)
        {
            index[i] = 4 * (i + 1);
            edges[4 * i] = (i + 1) % n;
            edges[4 * i + 1] = (i - 1 + n) % n;
            edges[4 * i + 2] = (i + 1) % n;
            edges[4 * i + 3] = (i - 1 + n) % n;
        }
        EngineJob.run(n, world ->
        {
            final int r = world.rank();
            final long[] received = exchange(way, world, Neighborhood.graph(index, edges, r));
            for (int i = 0; i < 4; i++)
            {
                final int source = edges[4 * r + i];
                // The m-th block this rank takes from a source is the m-th block that source sent to this rank.
                final int m = occurrence(edges, 4 * r, i, source);
                final int sentAs = nth(edges, 4 * source, r, m);
                assertArrayEquals(block(source, sentAs), Arrays.copyOfRange(received, i * COUNT, (i + 1) * COUNT), "rank " + r + ", block " + i);
            }
        });
    }

    /**
     * Rank 0 finishes an exchange at once and gives up on the next call before rank 2 has what it waits for from rank 1,
     * which comes late: rank 0's notice is of a later call, and rank 2's wait in this one must not fail on it.
     */
    @Test
    void aNoticeOfALaterCallDoesNotFailTheCallARankWaitsIn()
    {
        EngineJob.run(3, world ->
        {
            final int r = world.rank();
            final Neighborhood hood = r == 2 ? Neighborhood.of(new int[] {0, 1}, new int[0]) : Neighborhood.of(new int[0], new int[] {2});
            final long[] send = {10L * (r + 1)};
            final long[] received = new long[2];
            if (r == 1)
            {
                Thread.sleep(300);
            }
            Collectives.neighborAlltoallv(world, hood, send, 0, new int[] {1}, new int[] {0}, received, 0, new int[] {1, 1}, new int[] {0, 1},
                Primitive.LONG);
            if (r == 0)
            {
                Collectives.abandon(world);
            }
            else if (r == 2)
            {
                assertArrayEquals(new long[] {10, 20}, received);
            }
        });
    }

    @Test
    void aNeighborhoodCountsItsBlocks()
    {
        final Neighborhood hood = Neighborhood.of(new int[] {1, 2, 3}, new int[] {4});
        assertEquals(3, hood.inDegree());
        assertEquals(1, hood.outDegree());
        assertEquals(4, hood.destination(0));
        assertEquals(2, hood.source(1));
    }

    /** Runs the exchange: block i this rank sends holds {@code rank * 1000 + i * 10 + j}; the receive buffer starts untouched. */
    private static long[] exchange(final Way way, final Communicator world, final Neighborhood hood)
    {
        final int r = world.rank();
        final long[] send = new long[1 + hood.outDegree() * COUNT];
        final int[] sendCounts = new int[hood.outDegree()];
        final int[] sendDispls = new int[hood.outDegree()];
        for (int i = 0; i < hood.outDegree(); i++)
        {
            sendCounts[i] = COUNT;
            sendDispls[i] = i * COUNT;
            System.arraycopy(block(r, i), 0, send, 1 + i * COUNT, COUNT);
        }
        final long[] received = new long[hood.inDegree() * COUNT + 2];
        Arrays.fill(received, UNTOUCHED);
        final int[] recvCounts = new int[hood.inDegree()];
        final int[] recvDispls = new int[hood.inDegree()];
        for (int i = 0; i < hood.inDegree(); i++)
        {
            recvCounts[i] = COUNT;
            recvDispls[i] = i * COUNT;
        }
        way.run(world, "Neighbor_alltoallv", (s, c, scratch) ->
            Neighbors.alltoallv(s, c, hood, send, 1, sendCounts, sendDispls, received, 2, recvCounts, recvDispls, Primitive.LONG));
        assertEquals(UNTOUCHED, received[0], "the element before the receive slice");
        assertEquals(UNTOUCHED, received[1], "the element before the receive slice");
        return Arrays.copyOfRange(received, 2, received.length);
    }

    private static long[] block(final int rank, final int i)
    {
        final long[] values = new long[COUNT];
        Arrays.setAll(values, j -> rank * 1000L + i * 10L + j);
        return values;
    }

    private static long[] untouched()
    {
        final long[] values = new long[COUNT];
        Arrays.fill(values, UNTOUCHED);
        return values;
    }

    /** @return how often {@code rank} appears among the 4 edges from {@code from} before edge {@code i}. */
    private static int occurrence(final int[] edges, final int from, final int i, final int rank)
    {
        int m = 0;
        for (int k = 0; k < i; k++)
        {
            m += edges[from + k] == rank ? 1 : 0;
        }
        return m;
    }

    /** @return which of the 4 edges from {@code from} is the {@code m}-th to {@code rank}. */
    private static int nth(final int[] edges, final int from, final int rank, final int m)
    {
        for (int k = 0, seen = 0; k < 4; k++)
        {
            if (edges[from + k] == rank && seen++ == m)
            {
                return k;
            }
        }
        throw new AssertionError("no edge " + m + " to " + rank);
    }
}
