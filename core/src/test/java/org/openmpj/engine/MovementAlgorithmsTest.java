package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.Primitive;

/**
 * Every algorithm that moves data without combining it, called directly (whatever the thresholds would choose) and
 * through its dispatcher, at 1 to 8 ranks, every root, with offsets, at counts below, at and above the number of
 * ranks and on both sides of the thresholds (of 1 MiB for a threshold above that, which only the algorithms called
 * directly cross); elements outside the buffers' slices must stay untouched.
 */
@Timeout(120)
class MovementAlgorithmsTest
{
    private static final long UNTOUCHED = -1;

    /** A bcast algorithm. */
    interface BcastAlgorithm
    {
        void run(Steps s, Communicator c, Object buf, Primitive kind, int offset, int count, int root);
    }

    /** A gather or scatter algorithm with equal blocks. */
    interface BlockAlgorithm
    {
        void run(Steps s, Communicator c, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Primitive kind,
            int root, Scratch scratch);
    }

    /** An allgather algorithm. */
    interface AllgatherAlgorithm
    {
        void run(Steps s, Communicator c, Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int recvOffset,
            int[] recvCounts, int[] recvDispls, Primitive kind, Scratch scratch);
    }

    private static final List<Named<BcastAlgorithm>> BCASTS = Named.bothWays(List.of(
        new Named<>("binomial", Broadcast::binomial),
        new Named<>("scatter + ring allgather", Broadcast::scatterAllgather),
        new Named<>("chosen", Broadcast::bcast)));

    private static final List<Named<BlockAlgorithm>> GATHERS = Named.bothWays(List.of(
        new Named<>("binomial", Gathering::binomialGather),
        new Named<>("chosen", Gathering::gather)));

    /** The scatters, in the order of the gathers they undo. */
    private static final List<Named<BlockAlgorithm>> SCATTERS = Named.bothWays(List.of(
        new Named<>("binomial", Gathering::binomialScatter),
        new Named<>("chosen", Gathering::scatter)));

    private static final List<Named<AllgatherAlgorithm>> ALLGATHERS = Named.bothWays(List.of(
        new Named<>("ring", (steps, c, s, so, sc, r, ro, counts, displs, kind, scratch) ->
            Allgather.ring(steps, c, s, so, sc, r, ro, counts, displs, kind)),
        new Named<>("Bruck", (steps, c, s, so, sc, r, ro, counts, displs, kind, scratch) ->
        {
            int total = 0;
            for (final int count : counts)
            {
                total += count;
            }
            Allgather.bruck(steps, c, s, so, sc, r, ro, counts, displs, kind, total, scratch);
        }),
        new Named<>("at once", (steps, c, s, so, sc, r, ro, counts, displs, kind, scratch) ->
            Allgather.allAtOnce(steps, c, s, so, sc, r, ro, counts, displs, kind)),
        new Named<>("chosen", Allgather::allgatherv)));

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void bcastFromEveryRoot(final int n)
    {
        final int atThreshold = (int)(Math.min(1 << 20, CollectiveThresholds.BCAST_SCATTER_MIN_BYTES) / 8);
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            for (final Named<BcastAlgorithm> named : BCASTS)
            {
                for (final int count : new int[] {0, 1, n - 1, n, n + 1, 1001, atThreshold - 1, atThreshold + n})
                {
                    for (int root = 0; root < n; root++)
                    {
                        final long[] buf = new long[count + 3];
                        java.util.Arrays.fill(buf, UNTOUCHED);
                        if (c.rank() == root)
                        {
                            for (int i = 0; i < count; i++)
                            {
                                buf[2 + i] = element(root, i);
                            }
                        }
                        final int from = root;
                        named.way().run(world, named.name(), (s, on, scratch) -> named.algorithm().run(s, on, buf, Primitive.LONG, 2, count, from));
                        for (int i = 0; i < count; i++)
                        {
                            if (buf[2 + i] != element(root, i))
                            {
                                assertEquals(element(root, i), buf[2 + i], named.name() + " of " + count + " from root " + root + ", element " + i);
                            }
                        }
                        assertEquals(UNTOUCHED, buf[1], "before the slice");
                        assertEquals(UNTOUCHED, buf[count + 2], "after the slice");
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void gatherAndScatterAtEveryRoot(final int n)
    {
        final int atThreshold = (int)(Math.min(1 << 20, CollectiveThresholds.GATHER_TREE_MAX_BYTES) / 8 / n);
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            final int rank = c.rank();
            for (int k = 0; k < GATHERS.size(); k++)
            {
                for (final int count : new int[] {0, 1, 3, atThreshold, atThreshold + 1})
                {
                    for (int root = 0; root < n; root++)
                    {
                        final String what = " of " + count + " at root " + root;
                        final long[] mine = new long[count + 1];
                        for (int i = 0; i < count; i++)
                        {
                            mine[1 + i] = element(rank, i);
                        }
                        final long[] all = new long[n * count + 2];
                        java.util.Arrays.fill(all, UNTOUCHED);
                        final Named<BlockAlgorithm> gather = GATHERS.get(k);
                        final Named<BlockAlgorithm> scatter = SCATTERS.get(k);
                        final int at = root;
                        gather.way().run(world, gather.name(), (s, on, scratch) ->
                            gather.algorithm().run(s, on, mine, 1, all, 1, count, Primitive.LONG, at, scratch));
                        if (rank == root)
                        {
                            checkBlocks(all, 1, n, count, GATHERS.get(k).name() + " gather" + what);
                        }
                        final long[] back = new long[count + 2];
                        java.util.Arrays.fill(back, UNTOUCHED);
                        scatter.way().run(world, scatter.name(), (s, on, scratch) ->
                            scatter.algorithm().run(s, on, all, 1, back, 1, count, Primitive.LONG, at, scratch));
                        for (int i = 0; i < count; i++)
                        {
                            assertEquals(element(rank, i), back[1 + i], SCATTERS.get(k).name() + " scatter" + what + ", element " + i);
                        }
                        assertEquals(UNTOUCHED, back[0], "before the scattered slice");
                        assertEquals(UNTOUCHED, back[count + 1], "after the scattered slice");
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void gathervAndScattervWithUnevenBlocksInReverseOrder(final int n)
    {
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            final int rank = c.rank();
            final int[] counts = new int[n];
            final int[] displs = new int[n];
            int total = 0;
            for (int r = n - 1; r >= 0; r--)
            {
                counts[r] = r % 3 == 1 ? 0 : r * 700 + 1;
                displs[r] = total;
                total += counts[r];
            }
            for (int root = 0; root < n; root++)
            {
                for (final Way way : Way.values())
                {
                    gathervAndScatterv(way, world, counts, displs, total, root);
                }
            }
        });
    }

    private static void gathervAndScatterv(
        final Way way, final Communicator world, final int[] counts, final int[] displs, final int total, final int root)
    {
        final int n = world.size();
        final int rank = world.rank();
        final long[] mine = new long[counts[rank]];
        for (int i = 0; i < mine.length; i++)
        {
            mine[i] = element(rank, i);
        }
        final long[] all = new long[total];
        way.run(world, "Gatherv", (s, on, scratch) -> Gathering.gatherv(s, on, mine, 0, mine.length, all, 0, counts, displs, Primitive.LONG,
            root));
        if (rank == root)
        {
            for (int r = 0; r < n; r++)
            {
                for (int i = 0; i < counts[r]; i++)
                {
                    assertEquals(element(r, i), all[displs[r] + i], way + " gatherv at root " + root + ", rank " + r + " element " + i);
                }
            }
        }
        final long[] back = new long[counts[rank]];
        way.run(world, "Scatterv", (s, on, scratch) -> Gathering.scatterv(s, on, all, 0, counts, displs, back, 0, back.length,
            Primitive.LONG, root));
        for (int i = 0; i < back.length; i++)
        {
            assertEquals(element(rank, i), back[i], way + " scatterv from root " + root + ", element " + i);
        }
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void allgatherOfEvenAndUnevenBlocks(final int n)
    {
        final int atThreshold = (int)(Math.min(1 << 20, CollectiveThresholds.ALLGATHER_BRUCK_MAX_BYTES) / 8 / n);
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            final int rank = c.rank();
            for (final Named<AllgatherAlgorithm> named : ALLGATHERS)
            {
                for (final int count : new int[] {0, 1, 5, atThreshold, atThreshold + 1})
                {
                    final long[] mine = new long[count + 2];
                    for (int i = 0; i < count; i++)
                    {
                        mine[2 + i] = element(rank, i);
                    }
                    final long[] all = new long[n * count + 2];
                    java.util.Arrays.fill(all, UNTOUCHED);
                    named.way().run(world, named.name(), (s, on, scratch) -> named.algorithm().run(s, on, mine, 2, count, all, 1,
                        Collectives.counts(n, count), Collectives.blocks(n, count), Primitive.LONG, scratch));
                    checkBlocks(all, 1, n, count, named.name() + " of " + count + " each");
                    // Uneven: rank r gives r % 3 * count / 2 elements (some none), placed in reverse rank order.
                    final int[] counts = new int[n];
                    final int[] displs = new int[n];
                    int total = 0;
                    for (int r = n - 1; r >= 0; r--)
                    {
                        counts[r] = r % 3 * count / 2;
                        displs[r] = total;
                        total += counts[r];
                    }
                    final long[] uneven = new long[total];
                    named.way().run(world, named.name(), (s, on, scratch) ->
                        named.algorithm().run(s, on, mine, 2, counts[rank], uneven, 0, counts, displs, Primitive.LONG, scratch));
                    for (int r = 0; r < n; r++)
                    {
                        for (int i = 0; i < counts[r]; i++)
                        {
                            assertEquals(element(r, i), uneven[displs[r] + i], named.name() + " uneven, rank " + r + " element " + i);
                        }
                    }
                }
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void alltoallPairwise(final int n)
    {
        EngineJob.run(n, world ->
        {
            final Communicator c = world.collectives();
            final int rank = c.rank();
            for (final int count : new int[] {0, 1, 1000})
            {
                final long[] out = new long[n * count];
                for (int d = 0; d < n; d++)
                {
                    for (int i = 0; i < count; i++)
                    {
                        out[d * count + i] = rank * 1_000_000L + d * 1000L + i;
                    }
                }
                for (final Way way : Way.values())
                {
                    for (final boolean atOnce : new boolean[] {false, true})
                    {
                        alltoall(way, world, atOnce, out, count);
                    }
                }
            }
        });
    }

    private static void alltoall(final Way way, final Communicator world, final boolean atOnce, final long[] out, final int count)
    {
        final int n = world.size();
        final int rank = world.rank();
        final long[] in = new long[n * count];
        final int[] counts = Collectives.counts(n, count);
        final int[] blocks = Collectives.blocks(n, count);
        way.run(world, "Alltoall", (s, on, scratch) ->
        {
            if (atOnce)
            {
                AllToAll.allAtOnce(s, on, out, 0, counts, blocks, in, 0, counts, blocks, Primitive.LONG, Transfers.TAG_ALLTOALL);
            }
            else
            {
                AllToAll.pairwise(s, on, out, 0, counts, blocks, in, 0, counts, blocks, Primitive.LONG);
            }
        });
        for (int s = 0; s < n; s++)
        {
            for (int i = 0; i < count; i++)
            {
                assertEquals(s * 1_000_000L + rank * 1000L + i, in[s * count + i],
                    way + " " + (atOnce ? "at once" : "pairwise") + ": block from rank " + s + ", element " + i);
            }
        }
    }

    /** @return element {@code i} of rank {@code rank}'s data. */
    private static long element(final int rank, final int i)
    {
        return rank * 10_000_000L + i;
    }

    private static void checkBlocks(final long[] all, final int offset, final int n, final int count, final String what)
    {
        for (int r = 0; r < n; r++)
        {
            for (int i = 0; i < count; i++)
            {
                if (all[offset + r * count + i] != element(r, i))
                {
                    assertEquals(element(r, i), all[offset + r * count + i], what + ", block of rank " + r + " element " + i);
                }
            }
        }
        assertEquals(UNTOUCHED, all[offset - 1], what + ": before the blocks");
        assertEquals(UNTOUCHED, all[offset + n * count], what + ": after the blocks");
    }
}
