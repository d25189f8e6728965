package org.openmpj.nas;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;

/**
 * MG's right-hand side {@code v} (NPB's {@code zran3}): +1 at the ten points of the whole grid where NPB's random
 * stream is largest, -1 at the ten where it is smallest, zero elsewhere.
 *
 * <p>The stream runs over the global grid with the first axis fastest, from NPB's seed, so every process fills its
 * block by jumping straight to its own points. Each process keeps its ten largest and ten smallest values, then the
 * ten global winners of each kind are found one at a time: the largest remaining candidate over all processes (an
 * all-reduce with MAX), its owner taking it off its list, and likewise with MIN. The owners' coordinates are reduced
 * as well, so that every process ends up knowing where the charges are.
 *
 * <p>Not thread-safe; one instance per process.
 */
public final class MgRightHandSide
{
    /** How many points of each sign carry a charge. */
    public static final int CHARGES = 10;

    private final Intracomm comm;
    private final MgDecomposition grid;
    private final NpbRandom random = new NpbRandom(NpbRandom.DEFAULT_SEED, NpbRandom.MULTIPLIER);
    /** [sign][k]: candidates kept in ascending order of value for +1 (index 1), descending for -1 (index 0). */
    private final double[][] best = new double[2][CHARGES];
    private final int[][] where = new int[2][CHARGES];
    /** [sign][charge][0..3]: the rank and global coordinates (from 0) of each charge. */
    private final int[][][] charges = new int[2][CHARGES][4];
    private final double[] value = new double[1];
    private final double[] reduced = new double[1];
    private final int[] position = new int[4];
    private final int[] reducedPosition = new int[4];

    /**
     * @param comm the communicator whose ranks are {@code grid}'s processes.
     * @param grid this process's share of the hierarchy.
     */
    public MgRightHandSide(final Intracomm comm, final MgDecomposition grid)
    {
        this.comm = comm;
        this.grid = grid;
    }

    /**
     * Writes the right-hand side into {@code z}, the finest level's block: the charges this process owns, zero at every
     * other cell, ghosts included; the caller exchanges the ghosts afterwards. Collective: every process calls it.
     */
    public void fill(final double[] z)
    {
        final int top = grid.levels();
        final int n1 = grid.extent(top, 0);
        final int n2 = grid.extent(top, 1);
        final int n3 = grid.extent(top, 2);
        final long nx = 1L << top;
        random(z, n1, n2, n3, nx);
        keepExtremes(z, n1, n2, n3);
        final int plusLeft = selectGlobally(z, 1, MPI.MAX);
        final int minusLeft = selectGlobally(z, 0, MPI.MIN);
        Arrays.fill(z, 0, n1 * n2 * n3, 0.0);
        for (int k = CHARGES - 1; k >= minusLeft; k--)
        {
            z[where[0][k]] = -1.0;
        }
        for (int k = CHARGES - 1; k >= plusLeft; k--)
        {
            z[where[1][k]] = 1.0;
        }
    }

    /**
     * The random values at the interior points: global point {@code (g1, g2, g3)} takes value number
     * {@code 1 + g1 + nx (g2 + nx g3)} of the stream.
     */
    private void random(final double[] z, final int n1, final int n2, final int n3, final long nx)
    {
        final int top = grid.levels();
        Arrays.fill(z, 0, n1 * n2 * n3, 0.0);
        final long a = NpbRandom.MULTIPLIER;
        final long nextLine = NpbRandom.power(a, nx);
        final long nextPlane = NpbRandom.power(a, nx * nx);
        final long skip = grid.firstPoint(top, 0) + nx * (grid.firstPoint(top, 1) + nx * grid.firstPoint(top, 2));
        long planeStart = NpbRandom.multiply(NpbRandom.power(a, skip), NpbRandom.DEFAULT_SEED);
        final int plane = n1 * n2;
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            long lineStart = planeStart;
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                random.seed(lineStart);
                random.fill(z, 1 + n1 * i2 + plane * i3, n1 - 2);
                lineStart = NpbRandom.multiply(nextLine, lineStart);
            }
            planeStart = NpbRandom.multiply(nextPlane, planeStart);
        }
    }

    /** Keeps this block's ten largest and ten smallest values with their cells, scanning as NPB scans. */
    private void keepExtremes(final double[] z, final int n1, final int n2, final int n3)
    {
        Arrays.fill(best[1], 0.0);
        Arrays.fill(best[0], 1.0);
        Arrays.fill(where[1], 0);
        Arrays.fill(where[0], 0);
        final int plane = n1 * n2;
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                for (int i1 = 1; i1 < n1 - 1; i1++)
                {
                    final int cell = i1 + n1 * i2 + plane * i3;
                    final double x = z[cell];
                    if (x > best[1][0])
                    {
                        best[1][0] = x;
                        where[1][0] = cell;
                        sink(1);
                    }
                    if (x < best[0][0])
                    {
                        best[0][0] = x;
                        where[0][0] = cell;
                        sink(0);
                    }
                }
            }
        }
    }

    /** Moves the value just put at the front of a list up to its place; the rest of the list is in order. */
    private void sink(final int sign)
    {
        final double[] values = best[sign];
        final int[] cells = where[sign];
        for (int k = 0; k < CHARGES - 1; k++)
        {
            final boolean outOfOrder = sign == 1 ? values[k] > values[k + 1] : values[k] < values[k + 1];
            if (!outOfOrder)
            {
                return;
            }
            final double value = values[k];
            values[k] = values[k + 1];
            values[k + 1] = value;
            final int cell = cells[k];
            cells[k] = cells[k + 1];
            cells[k + 1] = cell;
        }
    }

    /**
     * Picks the ten global winners of one sign, best first. @return the index of this process's last candidate that
     * won: its candidates from there to the end of the list carry a charge.
     */
    private int selectGlobally(final double[] z, final int sign, final Op op)
    {
        final int top = grid.levels();
        final int n1 = grid.extent(top, 0);
        final int n2 = grid.extent(top, 1);
        int next = CHARGES - 1;
        for (int k = CHARGES - 1; k >= 0; k--)
        {
            value[0] = z[where[sign][next]];
            comm.Allreduce(value, 0, reduced, 0, 1, MPI.DOUBLE, op);
            final double winner = reduced[0];
            if (winner == value[0])
            {
                final int cell = where[sign][next];
                position[0] = grid.rank();
                position[1] = grid.firstPoint(top, 0) + cell % n1 - 1;
                position[2] = grid.firstPoint(top, 1) + cell / n1 % n2 - 1;
                position[3] = grid.firstPoint(top, 2) + cell / (n1 * n2) - 1;
                next--;
            }
            else
            {
                Arrays.fill(position, 0);
            }
            comm.Allreduce(position, 0, reducedPosition, 0, 4, MPI.INT, MPI.MAX);
            System.arraycopy(reducedPosition, 0, charges[sign][k], 0, 4);
        }
        return next + 1;
    }

    /**
     * @param positive true for the +1 charges, false for the -1 charges.
     * @param k        which, 0 to 9, 9 the most extreme value.
     * @return the charge's owner rank and its global coordinates (from 0) along the three axes, as of the last
     *         {@link #fill}; a new array.
     */
    public int[] charge(final boolean positive, final int k)
    {
        return charges[positive ? 1 : 0][k].clone();
    }
}
