package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The distributed 3-D transform and its transposes, with the ranks played by threads of the test and the Alltoall by a
 * copy between their buffers, checked against a naive DFT of the whole grid.
 */
@Timeout(60)
class SlabFft3dTest
{
    private static final int NX = 16;
    private static final int NY = 8;
    private static final int NZ = 8;

    /** An Alltoall among threads: each posts its send buffer, then copies its block out of everyone's. */
    private static final class ThreadExchange
    {
        private final double[][] posted;
        private final CyclicBarrier barrier;

        ThreadExchange(final int processes)
        {
            posted = new double[processes][];
            barrier = new CyclicBarrier(processes);
        }

        SlabFft3d.BlockExchange forRank(final int rank)
        {
            return (send, receive, blockDoubles) ->
            {
                posted[rank] = send;
                await();
                for (int p = 0; p < posted.length; p++)
                {
                    System.arraycopy(posted[p], rank * blockDoubles, receive, p * blockDoubles, blockDoubles);
                }
                await();
            };
        }

        void abort()
        {
            barrier.reset();
        }

        private void await()
        {
            try
            {
                barrier.await(30, TimeUnit.SECONDS);
            }
            catch (final Exception e)
            {
                throw new IllegalStateException("a simulated rank did not reach the exchange", e);
            }
        }
    }

    /** Global grid (nx, ny, nz), x fastest, interleaved complex. */
    private static double[] randomGrid(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] grid = new double[2 * NX * NY * NZ];
        for (int i = 0; i < grid.length; i++)
        {
            grid[i] = random.nextDouble(-1, 1);
        }
        return grid;
    }

    /** The naive 3-D DFT with exponent sign +1, as separate naive 1-D sums along x, y and z. */
    private static double[] naiveForward(final double[] grid)
    {
        double[] a = naiveAlong(grid, NX, NY * NZ, (line, i) -> line * NX + i);
        a = naiveAlong(a, NY, NX * NZ, (line, i) -> (line % NX) + NX * (i + NY * (line / NX)));
        return naiveAlong(a, NZ, NX * NY, (line, i) -> line + NX * NY * i);
    }

    /** Maps (line, position) to a point index of the grid. */
    private interface Index
    {
        int of(int line, int position);
    }

    private static double[] naiveAlong(final double[] in, final int n, final int lineCount, final Index index)
    {
        final double[] out = new double[in.length];
        for (int line = 0; line < lineCount; line++)
        {
            for (int k = 0; k < n; k++)
            {
                double re = 0;
                double im = 0;
                for (int t = 0; t < n; t++)
                {
                    final double angle = 2 * Math.PI * (t * k % n) / n;
                    final int at = 2 * index.of(line, t);
                    re += in[at] * Math.cos(angle) - in[at + 1] * Math.sin(angle);
                    im += in[at] * Math.sin(angle) + in[at + 1] * Math.cos(angle);
                }
                final int to = 2 * index.of(line, k);
                out[to] = re;
                out[to + 1] = im;
            }
        }
        return out;
    }

    @Test
    void theDistributedTransformEqualsTheNaiveOneAndInvertsOnOneTwoAndFourRanks() throws Exception
    {
        final double[] grid = randomGrid(21);
        final double[] spectrum = naiveForward(grid);
        for (final int processes : new int[] {1, 2, 4})
        {
            final ThreadExchange exchange = new ThreadExchange(processes);
            runRanks(exchange, processes, rank ->
            {
                final SlabLayout layout = new SlabLayout(NX, NY, NZ, processes, rank);
                final SlabFft3d transform = new SlabFft3d(layout, new StockhamFft(NX), exchange.forRank(rank),
                    new PhaseClock(false, "1-D transforms", "local transposes", "alltoall"), 0);
                final double[] space = slabOf(grid, layout);
                final double[] frequency = new double[space.length];
                transform.forward(space, frequency);
                for (int j = 0; j < layout.yPlanes(); j++)
                {
                    for (int x = 0; x < NX; x++)
                    {
                        for (int z = 0; z < NZ; z++)
                        {
                            final int local = 2 * (z + NZ * (x + NX * j));
                            final int global = 2 * (x + NX * (layout.firstY() + j + NY * z));
                            final String where = processes + " ranks, rank " + rank + ", point (" + x + "," + (layout.firstY() + j) + "," + z
                                + ")";
                            assertEquals(spectrum[global], frequency[local], 1e-11, where);
                            assertEquals(spectrum[global + 1], frequency[local + 1], 1e-11, where);
                        }
                    }
                }
                final double[] back = new double[space.length];
                transform.inverse(frequency, back);
                final double[] expected = slabOf(grid, layout);
                final double points = NX * NY * NZ;
                for (int i = 0; i < back.length; i++)
                {
                    assertEquals(expected[i], back[i] / points, 1e-14, processes + " ranks, rank " + rank + ", index " + i);
                }
            });
        }
    }

    @Test
    void aTransposeAndItsReverseMoveEveryPointWhereTheLayoutSays() throws Exception
    {
        final double[] grid = randomGrid(22);
        for (final int processes : new int[] {2, 4, 8})
        {
            final ThreadExchange exchange = new ThreadExchange(processes);
            runRanks(exchange, processes, rank ->
            {
                final SlabLayout layout = new SlabLayout(NX, NY, NZ, processes, rank);
                final SlabFft3d.BlockExchange allToAll = exchange.forRank(rank);
                final int block = 2 * layout.blockPoints();
                final double[] space = slabOf(grid, layout);
                final double[] scratch = new double[space.length];
                final double[] frequency = new double[space.length];
                Transpose.local(space, scratch, NX * NY, layout.zPlanes());
                allToAll.allToAll(scratch, space, block);
                Transpose.finish(space, frequency, NX * NY, layout.zPlanes(), processes);
                for (int j = 0; j < layout.yPlanes(); j++)
                {
                    for (int x = 0; x < NX; x++)
                    {
                        for (int z = 0; z < NZ; z++)
                        {
                            final int local = 2 * (z + NZ * (x + NX * j));
                            final int global = 2 * (x + NX * (layout.firstY() + j + NY * z));
                            assertEquals(grid[global], frequency[local], 0.0, "rank " + rank + " of " + processes);
                            assertEquals(grid[global + 1], frequency[local + 1], 0.0, "rank " + rank + " of " + processes);
                        }
                    }
                }
                Transpose.local(frequency, scratch, NZ, NX * layout.yPlanes());
                allToAll.allToAll(scratch, frequency, block);
                final double[] back = new double[space.length];
                Transpose.finish(frequency, back, NZ, NX * layout.yPlanes(), processes);
                final double[] expected = slabOf(grid, layout);
                for (int i = 0; i < back.length; i++)
                {
                    assertEquals(expected[i], back[i], 0.0, "rank " + rank + " of " + processes + ", index " + i);
                }
            });
        }
    }

    /** The rank's z planes of the global grid (space shape). */
    private static double[] slabOf(final double[] grid, final SlabLayout layout)
    {
        final int planeDoubles = 2 * NX * NY;
        final double[] slab = new double[2 * layout.localPoints()];
        System.arraycopy(grid, layout.firstZ() * planeDoubles, slab, 0, slab.length);
        return slab;
    }

    /** What one simulated rank does. */
    private interface RankBody
    {
        void run(int rank) throws Exception;
    }

    /** Runs every rank; one that fails breaks the exchange's barrier, so the others fail at once instead of waiting. */
    private static void runRanks(final ThreadExchange exchange, final int processes, final RankBody body) throws Exception
    {
        final ExecutorService pool = Executors.newFixedThreadPool(processes);
        try
        {
            final List<Future<Object>> ranks = new ArrayList<>();
            for (int r = 0; r < processes; r++)
            {
                final int rank = r;
                ranks.add(pool.submit(() ->
                {
                    try
                    {
                        body.run(rank);
                    }
                    catch (final Exception | AssertionError e)
                    {
                        exchange.abort();
                        throw e;
                    }
                    return null;
                }));
            }
            ExecutionException firstFailure = null;
            for (final Future<Object> rank : ranks)
            {
                try
                {
                    rank.get(60, TimeUnit.SECONDS);
                }
                catch (final ExecutionException e)
                {
                    // The rank that failed first reports an AssertionError; the others only report the broken barrier.
                    if (e.getCause() instanceof AssertionError failure)
                    {
                        throw failure;
                    }
                    firstFailure = firstFailure == null ? e : firstFailure;
                }
            }
            if (firstFailure != null)
            {
                throw firstFailure;
            }
        }
        finally
        {
            pool.shutdownNow();
        }
    }
}
