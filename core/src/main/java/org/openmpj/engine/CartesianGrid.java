package org.openmpj.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * The arithmetic of a Cartesian topology: ranks laid out row-major over a grid of {@code dims}, each dimension periodic
 * or not. Ranks and coordinates convert both ways, a shift finds a rank's neighbours, a sub-grid keeps some dimensions,
 * and {@link #balancedDims} chooses dimensions for a number of nodes. Failures are {@link OpenMpjException}s naming the
 * call and the value.
 *
 * <p>Immutable and thread-safe.
 */
public final class CartesianGrid
{
    private final int[] dims;
    private final boolean[] periods;

    /**
     * @param dims    the size of each dimension, each 1 or more.
     * @param periods whether each dimension wraps around.
     */
    public CartesianGrid(final int[] dims, final boolean[] periods)
    {
        this.dims = dims.clone();
        this.periods = periods.clone();
    }

    /** @return the number of dimensions. */
    public int dimensions()
    {
        return dims.length;
    }

    /** @return a copy of the size of each dimension. */
    public int[] dims()
    {
        return dims.clone();
    }

    /** @return a copy of whether each dimension wraps around. */
    public boolean[] periods()
    {
        return periods.clone();
    }

    /**
     * @return the rank at {@code coords}; a coordinate outside a periodic dimension wraps around.
     * @throws OpenMpjException {@code ERR_ARG} for the wrong number of coordinates, or one outside a dimension that does
     *                          not wrap.
     */
    public int rankOf(final String call, final int[] coords)
    {
        if (coords == null || coords.length != dims.length)
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, call + ": need " + dims.length + " coordinates, got "
                + (coords == null ? "null" : Arrays.toString(coords)));
        }
        int rank = 0;
        for (int d = 0; d < dims.length; d++)
        {
            int c = coords[d];
            if (periods[d])
            {
                c = Math.floorMod(c, dims[d]);
            }
            else if (c < 0 || c >= dims[d])
            {
                throw new OpenMpjException(ErrorClass.ERR_ARG, call + ": coordinate " + c + " of dimension " + d + " is outside 0 to "
                    + (dims[d] - 1) + " and the dimension is not periodic");
            }
            rank = rank * dims[d] + c;
        }
        return rank;
    }

    /** @return the coordinates of {@code rank}, a rank of the grid (0 to the product of the dimensions, exclusive). */
    public int[] coordsOf(final int rank)
    {
        final int[] coords = new int[dims.length];
        int rest = rank;
        for (int d = dims.length - 1; d >= 0; d--)
        {
            coords[d] = rest % dims[d];
            rest /= dims[d];
        }
        return coords;
    }

    /**
     * @return the rank {@code disp} steps from {@code rank} along {@code direction}, or {@code Communicator.PROC_NULL}
     *         when that falls off a dimension that does not wrap.
     */
    public int neighbour(final int rank, final int direction, final int disp)
    {
        final int[] coords = coordsOf(rank);
        final int moved = coords[direction] + disp;
        if (!periods[direction] && (moved < 0 || moved >= dims[direction]))
        {
            return Communicator.PROC_NULL;
        }
        coords[direction] = Math.floorMod(moved, dims[direction]);
        return rankOf("Shift", coords);
    }

    /**
     * @param remain whether each dimension stays in the sub-grid.
     * @return the grid of the dimensions that stay, in their order.
     */
    public CartesianGrid subGrid(final boolean[] remain)
    {
        int kept = 0;
        for (final boolean stays : remain)
        {
            kept += stays ? 1 : 0;
        }
        final int[] subDims = new int[kept];
        final boolean[] subPeriods = new boolean[kept];
        for (int d = 0, k = 0; d < dims.length; d++)
        {
            if (remain[d])
            {
                subDims[k] = dims[d];
                subPeriods[k++] = periods[d];
            }
        }
        return new CartesianGrid(subDims, subPeriods);
    }

    /** @return which sub-grid {@code rank} belongs to when the dimensions {@code remain} says stay: ranks of one share it. */
    public int subGridColor(final int rank, final boolean[] remain)
    {
        final int[] coords = coordsOf(rank);
        int color = 0;
        for (int d = 0; d < dims.length; d++)
        {
            if (!remain[d])
            {
                color = color * dims[d] + coords[d];
            }
        }
        return color;
    }

    /**
     * Fills the zero entries of {@code dims} so that all entries multiply to {@code nnodes}, as balanced as factoring
     * allows (the largest prime factors first, each to the smallest dimension so far), in non-increasing order.
     *
     * @throws OpenMpjException {@code ERR_DIMS} when {@code nnodes} is below 1, an entry is negative, or the set entries
     *                          cannot be completed to {@code nnodes}.
     */
    public static void balancedDims(final String call, final int nnodes, final int[] dims)
    {
        if (dims == null || nnodes < 1)
        {
            throw new OpenMpjException(ErrorClass.ERR_DIMS, call + ": need nnodes >= 1 and an array of dimensions; got nnodes=" + nnodes);
        }
        int preset = 1;
        int free = 0;
        for (int d = 0; d < dims.length; d++)
        {
            if (dims[d] < 0)
            {
                throw new OpenMpjException(ErrorClass.ERR_DIMS, call + ": dims[" + d + "]=" + dims[d] + " is negative");
            }
            if (dims[d] > 0)
            {
                preset *= dims[d];
            }
            else
            {
                free++;
            }
        }
        if (nnodes % preset != 0)
        {
            throw new OpenMpjException(ErrorClass.ERR_DIMS, call + ": " + nnodes + " nodes cannot fill dimensions whose set entries"
                + " multiply to " + preset + " " + Arrays.toString(dims));
        }
        if (free == 0)
        {
            if (preset != nnodes)
            {
                throw new OpenMpjException(ErrorClass.ERR_DIMS, call + ": every dimension is set, " + Arrays.toString(dims)
                    + ", and they multiply to " + preset + ", not " + nnodes);
            }
            return;
        }
        final int[] sizes = new int[free];
        Arrays.fill(sizes, 1);
        for (final int factor : primeFactorsLargestFirst(nnodes / preset))
        {
            int smallest = 0;
            for (int i = 1; i < free; i++)
            {
                if (sizes[i] < sizes[smallest])
                {
                    smallest = i;
                }
            }
            sizes[smallest] *= factor;
        }
        Arrays.sort(sizes);
        for (int d = 0, k = free - 1; d < dims.length; d++)
        {
            if (dims[d] == 0)
            {
                dims[d] = sizes[k--];
            }
        }
    }

    private static List<Integer> primeFactorsLargestFirst(final int number)
    {
        final List<Integer> factors = new ArrayList<>();
        int rest = number;
        for (int p = 2; (long)p * p <= rest; p++)
        {
            while (rest % p == 0)
            {
                factors.add(p);
                rest /= p;
            }
        }
        if (rest > 1)
        {
            factors.add(rest);
        }
        factors.sort(Comparator.reverseOrder());
        return factors;
    }
}
