package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;

/**
 * A communicator whose ranks form a Cartesian grid, numbered in row-major order: coordinates, shifts along a
 * dimension ({@code MPI.PROC_NULL} beyond a non-periodic edge) and sub-grids.
 */
public class Cartcomm extends Intracomm
{
    private final int[] dims;
    private final boolean[] periods;

    Cartcomm(final String name, final int[] dims, final boolean[] periods)
    {
        super(name);
        this.dims = dims;
        this.periods = periods;
    }

    /** @return the grid's dimensions and periodicity, and this rank's coordinates. */
    public CartParms Get()
    {
        final CartParms parms = new CartParms();
        parms.dims = dims.clone();
        parms.periods = periods.clone();
        parms.coords = Coords(Rank());
        return parms;
    }

    /** @return the rank at {@code coords}; coordinates along periodic dimensions wrap around. */
    public int Rank(final int[] coords)
    {
        engine("Rank");
        if (coords == null || coords.length != dims.length)
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "Rank: need " + dims.length + " coordinates, got "
                + (coords == null ? "null" : Arrays.toString(coords))));
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
                throw raise(MPIException.of(ErrorClass.ERR_ARG, "Rank: coordinate " + c + " of dimension " + d
                    + " is outside 0 to " + (dims[d] - 1) + " and the dimension is not periodic"));
            }
            rank = rank * dims[d] + c;
        }
        return rank;
    }

    /** @return the coordinates of {@code rank}. */
    public int[] Coords(final int rank)
    {
        final int size = engine("Coords").size();
        if (rank < 0 || rank >= size)
        {
            throw raise(MPIException.of(ErrorClass.ERR_RANK, "Coords: rank=" + rank + " out of range for communicator of size " + size));
        }
        final int[] coords = new int[dims.length];
        int rest = rank;
        for (int d = dims.length - 1; d >= 0; d--)
        {
            coords[d] = rest % dims[d];
            rest /= dims[d];
        }
        return coords;
    }

    /** @return the ranks {@code disp} steps back and forth along {@code direction}; {@code MPI.PROC_NULL} off a non-periodic edge. */
    public ShiftParms Shift(final int direction, final int disp)
    {
        if (direction < 0 || direction >= dims.length)
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "Shift: direction=" + direction + " is not a dimension; expected 0 to "
                + (dims.length - 1)));
        }
        final int[] coords = Coords(Rank());
        final ShiftParms parms = new ShiftParms();
        parms.rank_dest = neighbour(coords, direction, disp);
        parms.rank_source = neighbour(coords, direction, -disp);
        return parms;
    }

    /** @return the sub-grid along the dimensions where {@code remain_dims} is true, holding this rank; collective. */
    public Cartcomm Sub(final boolean[] remain_dims)
    {
        if (remain_dims == null || remain_dims.length != dims.length)
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "Sub: remain_dims needs " + dims.length + " entries"));
        }
        final int[] coords = Coords(Rank());
        int color = 0;
        int kept = 0;
        for (int d = 0; d < dims.length; d++)
        {
            if (remain_dims[d])
            {
                kept++;
            }
            else
            {
                color = color * dims[d] + coords[d];
            }
        }
        final int[] subDims = new int[kept];
        final boolean[] subPeriods = new boolean[kept];
        for (int d = 0, k = 0; d < dims.length; d++)
        {
            if (remain_dims[d])
            {
                subDims[k] = dims[d];
                subPeriods[k++] = periods[d];
            }
        }
        final Intracomm sub = Split(color, Rank());
        final Cartcomm grid = new Cartcomm("sub-grid of " + this, subDims, subPeriods);
        grid.bind(sub.engine("Sub"), session());
        return grid;
    }

    /** @return the rank this process would have in a grid of {@code dims} laid over this communicator, or {@code MPI.UNDEFINED}. */
    public int Map(final int[] dims, final boolean[] periods)
    {
        return Topologies.mapToGrid(this, "Map", dims, periods);
    }

    /** @return {@code MPI.CART}. */
    @Override
    public int Topo_test()
    {
        engine("Topo_test");
        return MPI.CART;
    }

    /** @return a duplicate with the same grid; collective. */
    @Override
    public Object clone()
    {
        return Communicators.prefix(this, "clone", Size(), name -> new Cartcomm(name, dims.clone(), periods.clone()));
    }

    /**
     * Fills the zero entries of {@code dims} so that all multiply to {@code nnodes}, as evenly as possible and in
     * non-increasing order; entries already set are kept.
     */
    public static void Dims_create(final int nnodes, final int[] dims)
    {
        Topologies.dimsCreate(nnodes, dims);
    }

    private int neighbour(final int[] coords, final int direction, final int disp)
    {
        final int moved = coords[direction] + disp;
        if (!periods[direction] && (moved < 0 || moved >= dims[direction]))
        {
            return MPI.PROC_NULL;
        }
        final int[] target = coords.clone();
        target[direction] = Math.floorMod(moved, dims[direction]);
        return Rank(target);
    }
}
