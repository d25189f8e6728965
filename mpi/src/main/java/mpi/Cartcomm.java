package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.CartesianGrid;
import org.openmpj.engine.Neighborhood;

/**
 * A communicator whose ranks form a Cartesian grid, numbered in row-major order: coordinates, shifts along a
 * dimension ({@code MPI.PROC_NULL} beyond a non-periodic edge) and sub-grids.
 */
public class Cartcomm extends Intracomm
{
    private final CartesianGrid grid;

    Cartcomm(final String name, final int[] dims, final boolean[] periods)
    {
        this(name, new CartesianGrid(dims, periods));
    }

    private Cartcomm(final String name, final CartesianGrid grid)
    {
        super(name);
        this.grid = grid;
    }

    /** @return the grid's dimensions and periodicity, and this rank's coordinates. */
    public CartParms Get()
    {
        final CartParms parms = new CartParms();
        parms.dims = grid.dims();
        parms.periods = grid.periods();
        parms.coords = Coords(Rank());
        return parms;
    }

    /** @return the rank at {@code coords}; coordinates along periodic dimensions wrap around. */
    public int Rank(final int[] coords)
    {
        engine("Rank");
        try
        {
            return grid.rankOf("Rank", coords);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** @return the coordinates of {@code rank}. */
    public int[] Coords(final int rank)
    {
        final int size = engine("Coords").size();
        if (rank < 0 || rank >= size)
        {
            throw raise(MPIException.of(ErrorClass.ERR_RANK, "Coords: rank=" + rank + " out of range for communicator of size " + size));
        }
        return grid.coordsOf(rank);
    }

    /** @return the ranks {@code disp} steps back and forth along {@code direction}; {@code MPI.PROC_NULL} off a non-periodic edge. */
    public ShiftParms Shift(final int direction, final int disp)
    {
        if (direction < 0 || direction >= grid.dimensions())
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "Shift: direction=" + direction + " is not a dimension; expected 0 to "
                + (grid.dimensions() - 1)));
        }
        final int rank = Rank();
        final ShiftParms parms = new ShiftParms();
        parms.rank_dest = grid.neighbour(rank, direction, disp);
        parms.rank_source = grid.neighbour(rank, direction, -disp);
        return parms;
    }

    /** @return the sub-grid along the dimensions where {@code remain_dims} is true, holding this rank; collective. */
    public Cartcomm Sub(final boolean[] remain_dims)
    {
        if (remain_dims == null || remain_dims.length != grid.dimensions())
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "Sub: remain_dims needs " + grid.dimensions() + " entries"));
        }
        final Intracomm sub = Split(grid.subGridColor(Rank(), remain_dims), Rank());
        final Cartcomm subGrid = new Cartcomm("sub-grid of " + this, grid.subGrid(remain_dims));
        subGrid.bind(sub.engine("Sub"), sub.session());
        return subGrid;
    }

    /** @return the rank this process would have in a grid of {@code dims} laid over this communicator, or {@code MPI.UNDEFINED}. */
    public int Map(final int[] dims, final boolean[] periods)
    {
        return Topologies.mapToGrid(this, "Map", dims, periods);
    }

    /** @return per dimension in turn, the ranks one below and one above this one ({@code MPI.PROC_NULL} beyond an edge). */
    @Override
    Neighborhood neighborhood(final String call)
    {
        return Neighborhood.cartesian(grid, Rank());
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
        return Communicators.prefix(this, "clone", Size(), name -> new Cartcomm(name, grid));
    }

    /**
     * Fills the zero entries of {@code dims} so that all multiply to {@code nnodes}, as evenly as possible and in
     * non-increasing order; entries already set are kept.
     */
    public static void Dims_create(final int nnodes, final int[] dims)
    {
        Topologies.dimsCreate(nnodes, dims);
    }
}
