package org.openmpj.nas;

/**
 * How MG's grid hierarchy is split over the processes, as NPB's MPI reference splits it: the processes form a
 * {@code p1 x p2 x p3} grid of powers of two ({@code p3 >= p2 >= p1}, rank {@code r} at
 * {@code (r mod p1, (r / p1) mod p2, r / (p1 p2))}), and every level of the hierarchy is cut into the same number of
 * equal blocks along each axis. A local block carries one ghost layer on every side, so along an axis it spans
 * {@code 2 + points} cells, indexed from 0 with the interior at {@code 1 .. points}.
 *
 * <p>Coarse levels can have fewer points along an axis than there are processes. A process that then owns nothing
 * along some axis is <em>dead</em> at that level (its block is all ghosts and stays zero), and the live neighbours are
 * found at a growing stride. When a live process's single coarse point is interpolated onto the next finer level, its
 * neighbour that was dead on the coarse level <em>takes</em> the fine values it needs from it, and it <em>gives</em>
 * them; {@link #givesExpanding} and {@link #takesExpanding} say who does which.
 *
 * <p>Levels are numbered 1 (the coarsest, 2 points a side) to {@link #levels()} (the finest). Immutable.
 */
public final class MgDecomposition
{
    /** The lower neighbour's index in {@link #neighbour}'s direction argument. */
    public static final int LOWER = 0;
    /** The upper neighbour's index in {@link #neighbour}'s direction argument. */
    public static final int UPPER = 1;

    private final int processes;
    private final int rank;
    private final int levels;
    private final int[] gridShape = new int[3];
    private final int[] coordinates = new int[3];
    /** [level][axis]: the cells of the local block along the axis, ghosts included. */
    private final int[][] extent;
    /** [level][axis]: the global index (from 0) of the block's first interior point. */
    private final int[][] firstPoint;
    /** [level][axis][direction]: the neighbouring rank. */
    private final int[][][] neighbours;
    private final boolean[] dead;
    private final boolean[][] gives;
    private final boolean[][] takes;

    /**
     * @param processes the processes, a power of two.
     * @param rank      this process, in {@code [0, processes)}.
     * @param points    the finest level's points along every axis, a power of two of at least 4.
     * @throws IllegalArgumentException naming the value when the counts are not as described.
     */
    public MgDecomposition(final int processes, final int rank, final int points)
    {
        if (Integer.bitCount(processes) != 1)
        {
            throw new IllegalArgumentException("processes=" + processes + " is not a power of two");
        }
        if (rank < 0 || rank >= processes)
        {
            throw new IllegalArgumentException("rank=" + rank + " out of range for " + processes + " processes");
        }
        if (points < 4 || Integer.bitCount(points) != 1)
        {
            throw new IllegalArgumentException("points=" + points + " is not a power of two of at least 4");
        }
        this.processes = processes;
        this.rank = rank;
        this.levels = Integer.numberOfTrailingZeros(points);
        final int logProcesses = Integer.numberOfTrailingZeros(processes);
        final int logFirst = logProcesses / 3;
        final int logSecond = (logProcesses - logFirst) / 2;
        gridShape[0] = 1 << logFirst;
        gridShape[1] = 1 << logSecond;
        gridShape[2] = processes / (gridShape[0] * gridShape[1]);
        coordinates[0] = rank % gridShape[0];
        coordinates[1] = rank / gridShape[0] % gridShape[1];
        coordinates[2] = rank / (gridShape[0] * gridShape[1]);
        if (gridShape[2] > points)
        {
            throw new IllegalArgumentException(processes + " processes split a grid of " + points + " points a side into "
                + gridShape[2] + " blocks along an axis, more than its points");
        }
        extent = new int[levels + 1][3];
        firstPoint = new int[levels + 1][3];
        neighbours = new int[levels + 1][3][2];
        dead = new boolean[levels + 1];
        gives = new boolean[levels + 2][3];
        takes = new boolean[levels + 2][3];
        split();
    }

    private void split()
    {
        final int[] stride = {1, 1, 1};
        for (int level = levels; level >= 1; level--)
        {
            final int points = 1 << level;
            for (int axis = 0; axis < 3; axis++)
            {
                final int blocks = gridShape[axis];
                final int me = coordinates[axis];
                final int mine = ownedPoints(me, points, blocks);
                final int upper = ownedPoints(me + stride[axis], points, blocks);
                extent[level][axis] = 2 + mine;
                firstPoint[level][axis] = me * points / blocks;
                // Once this process or its neighbour at the current stride owns nothing here, the live processes of
                // this and every coarser level are twice as far apart.
                if (mine == 0 || upper == 0)
                {
                    stride[axis] *= 2;
                }
                if (upper == 0 && mine == 1)
                {
                    gives[level + 1][axis] = true;
                }
                if (upper == 1 && mine == 0)
                {
                    takes[level + 1][axis] = true;
                }
                dead[level] |= mine == 0;
            }
            for (int axis = 0; axis < 3; axis++)
            {
                final int blocks = gridShape[axis];
                final int[] at = coordinates.clone();
                at[axis] = Math.floorMod(coordinates[axis] + stride[axis], blocks);
                neighbours[level][axis][UPPER] = rankAt(at);
                at[axis] = Math.floorMod(coordinates[axis] - stride[axis], blocks);
                neighbours[level][axis][LOWER] = rankAt(at);
            }
        }
    }

    /** The points block {@code index} owns when {@code points} are cut into {@code blocks}, indices taken cyclically. */
    private static int ownedPoints(final int index, final int points, final int blocks)
    {
        final long start = (long) index * points / blocks;
        final long end = (long) (index + 1) * points / blocks;
        return (int) (end - start);
    }

    private int rankAt(final int[] at)
    {
        return at[0] + gridShape[0] * (at[1] + gridShape[1] * at[2]);
    }

    /** @return the processes the grid is split over. */
    public int processes()
    {
        return processes;
    }

    /** @return this process's rank. */
    public int rank()
    {
        return rank;
    }

    /** @return the number of levels; the finest, {@code levels()}, has {@code 2^levels()} points a side. */
    public int levels()
    {
        return levels;
    }

    /** @return the blocks along {@code axis} (0, 1 or 2): the process grid's shape. */
    public int gridShape(final int axis)
    {
        return gridShape[axis];
    }

    /** @return this process's coordinate along {@code axis} in the process grid. */
    public int coordinate(final int axis)
    {
        return coordinates[axis];
    }

    /** @return the local block's cells along {@code axis} at {@code level}, the two ghost layers included. */
    public int extent(final int level, final int axis)
    {
        return extent[level][axis];
    }

    /** @return the cells of the local block at {@code level}, ghosts included: the length of its array. */
    public int cells(final int level)
    {
        return extent[level][0] * extent[level][1] * extent[level][2];
    }

    /** @return the global index (from 0) along {@code axis} of the local block's first interior point at {@code level}. */
    public int firstPoint(final int level, final int axis)
    {
        return firstPoint[level][axis];
    }

    /** @return the rank of the neighbour along {@code axis} in {@code direction} ({@link #LOWER} or {@link #UPPER}). */
    public int neighbour(final int level, final int axis, final int direction)
    {
        return neighbours[level][axis][direction];
    }

    /** @return whether this process owns no point along some axis at {@code level}. */
    public boolean dead(final int level)
    {
        return dead[level];
    }

    /** @return whether, after interpolating onto {@code level}, this process sends its values along {@code axis}. */
    public boolean givesExpanding(final int level, final int axis)
    {
        return gives[level][axis];
    }

    /** @return whether, after interpolating onto {@code level}, this process receives its values along {@code axis}. */
    public boolean takesExpanding(final int level, final int axis)
    {
        return takes[level][axis];
    }
}
