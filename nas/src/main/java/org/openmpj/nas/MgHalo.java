package org.openmpj.nas;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * Refreshes the ghost layers of a level's block from the neighbours, the grid being periodic, in NPB's pattern: one
 * axis after the other, so that the second axis's faces carry the first axis's fresh ghosts and the third axis's carry
 * both, and edges and corners come right without messages of their own. Per axis, both receives are posted, the two
 * faces are sent with blocking sends (to the upper neighbour first), then the receives are completed (the one from
 * the upper neighbour first).
 *
 * <p>Faces across the third axis are contiguous in the block and go straight from and into it; the others are packed
 * into buffers allocated here once, for the largest level. On one process the faces are copied in place, as NPB does.
 *
 * <p>An instance belongs to one process's solver and is not thread-safe.
 */
public final class MgHalo
{
    private static final int AXES = 3;

    private final Intracomm comm;
    private final MgDecomposition grid;
    private final double[] sendBuffer;
    private final double[] fromUpper;
    private final double[] fromLower;

    /**
     * @param comm the communicator whose ranks are {@code grid}'s processes.
     * @param grid this process's share of the hierarchy.
     */
    public MgHalo(final Intracomm comm, final MgDecomposition grid)
    {
        this.comm = comm;
        this.grid = grid;
        final int top = grid.levels();
        final int n1 = grid.extent(top, 0);
        final int n2 = grid.extent(top, 1);
        final int n3 = grid.extent(top, 2);
        // The largest packed message: two layers across the first or second axis, sent when expanding onto a level.
        final int largest = 2 * Math.max(n2 * n3, n1 * n3);
        sendBuffer = new double[largest];
        fromUpper = new double[largest];
        fromLower = new double[largest];
    }

    /** The message tag of a face moving along {@code axis} (0-based) in {@code direction}: NPB's numbering. */
    private static int tag(final int axis, final int direction)
    {
        return 100 * ((direction == MgDecomposition.UPPER ? 3 : 1) + 10 * (axis + 1));
    }

    /**
     * Fills the ghost layers of {@code u}, the block of {@code level}, from the periodic neighbours' interior; on a
     * level where this process is dead, zeroes the block instead.
     */
    public void exchange(final double[] u, final int level)
    {
        if (grid.dead(level))
        {
            Arrays.fill(u, 0, grid.cells(level), 0.0);
            return;
        }
        final int n1 = grid.extent(level, 0);
        final int n2 = grid.extent(level, 1);
        final int n3 = grid.extent(level, 2);
        for (int axis = 0; axis < AXES; axis++)
        {
            if (grid.processes() == 1)
            {
                copyPeriodic(u, axis, n1, n2, n3);
            }
            else
            {
                exchangeAxis(u, level, axis, n1, n2, n3);
            }
        }
    }

    private void exchangeAxis(final double[] u, final int level, final int axis, final int n1, final int n2, final int n3)
    {
        final int lower = grid.neighbour(level, axis, MgDecomposition.LOWER);
        final int upper = grid.neighbour(level, axis, MgDecomposition.UPPER);
        final int downTag = tag(axis, MgDecomposition.LOWER);
        final int upTag = tag(axis, MgDecomposition.UPPER);
        final int plane = n1 * n2;
        if (axis == 2)
        {
            final Request fromAbove = comm.Irecv(u, plane * (n3 - 1), plane, MPI.DOUBLE, upper, downTag);
            final Request fromBelow = comm.Irecv(u, 0, plane, MPI.DOUBLE, lower, upTag);
            comm.Send(u, plane * (n3 - 2), plane, MPI.DOUBLE, upper, upTag);
            comm.Send(u, plane, plane, MPI.DOUBLE, lower, downTag);
            fromAbove.Wait();
            fromBelow.Wait();
            return;
        }
        final int count = axis == 0 ? (n2 - 2) * (n3 - 2) : n1 * (n3 - 2);
        final int last = (axis == 0 ? n1 : n2) - 1;
        final Request fromAbove = comm.Irecv(fromUpper, 0, count, MPI.DOUBLE, upper, downTag);
        final Request fromBelow = comm.Irecv(fromLower, 0, count, MPI.DOUBLE, lower, upTag);
        face(u, axis, last - 1, n1, n2, n3, sendBuffer, true);
        comm.Send(sendBuffer, 0, count, MPI.DOUBLE, upper, upTag);
        face(u, axis, 1, n1, n2, n3, sendBuffer, true);
        comm.Send(sendBuffer, 0, count, MPI.DOUBLE, lower, downTag);
        fromAbove.Wait();
        face(u, axis, last, n1, n2, n3, fromUpper, false);
        fromBelow.Wait();
        face(u, axis, 0, n1, n2, n3, fromLower, false);
    }

    /** The one-process exchange: each ghost layer takes the opposite interior layer of the same block. */
    private static void copyPeriodic(final double[] u, final int axis, final int n1, final int n2, final int n3)
    {
        final int plane = n1 * n2;
        if (axis == 0)
        {
            for (int i3 = 1; i3 < n3 - 1; i3++)
            {
                for (int i2 = 1; i2 < n2 - 1; i2++)
                {
                    final int row = n1 * i2 + plane * i3;
                    u[row + n1 - 1] = u[row + 1];
                    u[row] = u[row + n1 - 2];
                }
            }
        }
        else if (axis == 1)
        {
            for (int i3 = 1; i3 < n3 - 1; i3++)
            {
                final int base = plane * i3;
                System.arraycopy(u, base + n1, u, base + n1 * (n2 - 1), n1);
                System.arraycopy(u, base + n1 * (n2 - 2), u, base, n1);
            }
        }
        else
        {
            System.arraycopy(u, plane, u, plane * (n3 - 1), plane);
            System.arraycopy(u, plane * (n3 - 2), u, 0, plane);
        }
    }

    /**
     * Copies the face at index {@code at} across {@code axis} between the block and {@code buffer}: into the buffer
     * when {@code pack}, out of it otherwise. Across the first axis the face covers the interior of the other two
     * axes; across the second, whole lines along the first axis (its ghosts are fresh by then) over the third axis's
     * interior.
     */
    private static void face(final double[] u, final int axis, final int at, final int n1, final int n2, final int n3,
                             final double[] buffer, final boolean pack)
    {
        final int plane = n1 * n2;
        int next = 0;
        if (axis == 0)
        {
            for (int i3 = 1; i3 < n3 - 1; i3++)
            {
                for (int i2 = 1; i2 < n2 - 1; i2++)
                {
                    final int cell = at + n1 * i2 + plane * i3;
                    if (pack)
                    {
                        buffer[next++] = u[cell];
                    }
                    else
                    {
                        u[cell] = buffer[next++];
                    }
                }
            }
        }
        else
        {
            for (int i3 = 1; i3 < n3 - 1; i3++)
            {
                final int line = n1 * at + plane * i3;
                if (pack)
                {
                    System.arraycopy(u, line, buffer, next, n1);
                }
                else
                {
                    System.arraycopy(buffer, next, u, line, n1);
                }
                next += n1;
            }
        }
    }

    /**
     * After interpolating onto {@code level}, passes values from the processes that hold a single point of the coarser
     * level to their neighbours that were dead on it, axis by axis, as {@link MgDecomposition#givesExpanding} and
     * {@link MgDecomposition#takesExpanding} say. A giver sends its lower interior layer down and its top two layers
     * (last interior and ghost) up; a taker puts them into its upper ghost and its two lowest layers. Whole faces move,
     * ghosts included. Nothing moves on one process.
     */
    public void exchangeExpanding(final double[] u, final int level)
    {
        if (grid.processes() == 1)
        {
            return;
        }
        final int n1 = grid.extent(level, 0);
        final int n2 = grid.extent(level, 1);
        final int n3 = grid.extent(level, 2);
        for (int axis = 0; axis < AXES; axis++)
        {
            final int lower = grid.neighbour(level, axis, MgDecomposition.LOWER);
            final int upper = grid.neighbour(level, axis, MgDecomposition.UPPER);
            final int downTag = tag(axis, MgDecomposition.LOWER);
            final int upTag = tag(axis, MgDecomposition.UPPER);
            final int layer = axis == 0 ? n2 * n3 : n1 * n3;
            final int last = (axis == 0 ? n1 : n2) - 1;
            if (axis == 2)
            {
                expandAcrossPlanes(u, level, n1 * n2, n3);
                continue;
            }
            if (grid.takesExpanding(level, axis))
            {
                final Request fromAbove = comm.Irecv(fromUpper, 0, layer, MPI.DOUBLE, upper, downTag);
                final Request fromBelow = comm.Irecv(fromLower, 0, 2 * layer, MPI.DOUBLE, lower, upTag);
                fromAbove.Wait();
                layers(u, axis, last, 1, n1, n2, n3, fromUpper, false);
                fromBelow.Wait();
                layers(u, axis, 0, 2, n1, n2, n3, fromLower, false);
            }
            if (grid.givesExpanding(level, axis))
            {
                layers(u, axis, last - 1, 2, n1, n2, n3, sendBuffer, true);
                comm.Send(sendBuffer, 0, 2 * layer, MPI.DOUBLE, upper, upTag);
                layers(u, axis, 1, 1, n1, n2, n3, sendBuffer, true);
                comm.Send(sendBuffer, 0, layer, MPI.DOUBLE, lower, downTag);
            }
        }
    }

    /** {@link #exchangeExpanding} across the third axis, whose layers are contiguous planes moved in place. */
    private void expandAcrossPlanes(final double[] u, final int level, final int plane, final int n3)
    {
        final int lower = grid.neighbour(level, 2, MgDecomposition.LOWER);
        final int upper = grid.neighbour(level, 2, MgDecomposition.UPPER);
        final int downTag = tag(2, MgDecomposition.LOWER);
        final int upTag = tag(2, MgDecomposition.UPPER);
        if (grid.takesExpanding(level, 2))
        {
            final Request fromAbove = comm.Irecv(u, plane * (n3 - 1), plane, MPI.DOUBLE, upper, downTag);
            final Request fromBelow = comm.Irecv(u, 0, 2 * plane, MPI.DOUBLE, lower, upTag);
            fromAbove.Wait();
            fromBelow.Wait();
        }
        if (grid.givesExpanding(level, 2))
        {
            comm.Send(u, plane * (n3 - 2), 2 * plane, MPI.DOUBLE, upper, upTag);
            comm.Send(u, plane, plane, MPI.DOUBLE, lower, downTag);
        }
    }

    /**
     * Copies {@code depth} whole layers starting at index {@code from} across {@code axis} (the first or second)
     * between the block and {@code buffer}, in NPB's order: the first axis fastest, then the layer, then the rest.
     */
    private static void layers(final double[] u, final int axis, final int from, final int depth, final int n1, final int n2,
                               final int n3, final double[] buffer, final boolean pack)
    {
        final int plane = n1 * n2;
        int next = 0;
        if (axis == 0)
        {
            for (int i3 = 0; i3 < n3; i3++)
            {
                for (int i2 = 0; i2 < n2; i2++)
                {
                    final int cell = from + n1 * i2 + plane * i3;
                    if (pack)
                    {
                        System.arraycopy(u, cell, buffer, next, depth);
                    }
                    else
                    {
                        System.arraycopy(buffer, next, u, cell, depth);
                    }
                    next += depth;
                }
            }
            return;
        }
        final int run = n1 * depth;
        for (int i3 = 0; i3 < n3; i3++)
        {
            final int start = n1 * from + plane * i3;
            if (pack)
            {
                System.arraycopy(u, start, buffer, next, run);
            }
            else
            {
                System.arraycopy(buffer, next, u, start, run);
            }
            next += run;
        }
    }
}
