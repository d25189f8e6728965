package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.CartesianGrid;
import org.openmpj.engine.Neighborhood;

/**
 * A communicator whose ranks form a Cartesian grid ({@link Intracomm#createCart}), numbered in row-major order: the
 * grid's description, coordinates and ranks of its points, shifts along a dimension ({@link MPI#PROC_NULL} beyond a
 * non-periodic edge), sub-grids, and the neighbour collectives over the rank below and above in each dimension.
 * Thread-safety: as {@link Comm}; the grid is immutable.
 */
public final class CartComm extends Intracomm
{
    private final CartesianGrid grid;

    CartComm(final String name, final CartesianGrid grid)
    {
        super(name);
        this.grid = grid;
    }

    /** @return a duplicate, as {@link #dup()}; an unchecked {@code IllegalStateException} when that fails. */
    @Override
    public CartComm clone()
    {
        try
        {
            return dup();
        }
        catch (final MPIException ex)
        {
            throw new IllegalStateException(ex.getMessage(), ex);
        }
    }

    /**
     * @return a new communicator of the same grid with a context of its own and the same error handler. Collective.
     * @throws MPIException when the ranks cannot agree on a context.
     */
    @Override
    public CartComm dup() throws MPIException
    {
        return CommCreation.dup(this, "dup", name -> new CartComm(name, grid));
    }

    /**
     * Duplicates the communicator as {@link #dup()}; the duplicate is ready at once and its {@link #getRequest()} is complete.
     *
     * @return the duplicate.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public CartComm iDup() throws MPIException
    {
        return completed(CommCreation.dup(this, "iDup", name -> new CartComm(name, grid)));
    }

    /**
     * @param info hints for the duplicate, kept but not acted on.
     * @return a duplicate, as {@link #dup()}, with {@code info}.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public CartComm dupWithInfo(final Info info) throws MPIException
    {
        return withInfo(CommCreation.dup(this, "dupWithInfo", name -> new CartComm(name, grid)), info);
    }

    /**
     * @return the grid's extents and periodicity, and the calling rank's coordinates.
     * @throws MPIException for the null communicator.
     */
    public CartParms getTopo() throws MPIException
    {
        final int rank = engine("getTopo").rank();
        return new CartParms(grid.dims(), grid.periods(), grid.coordsOf(rank));
    }

    /**
     * @param coords a point of the grid; along a periodic dimension any coordinate, which wraps around.
     * @return the rank at {@code coords}.
     * @throws MPIException {@code ERR_ARG} for coordinates outside a non-periodic dimension or of the wrong number.
     */
    public int getRank(final int[] coords) throws MPIException
    {
        engine("getRank");
        if (coords == null || coords.length != grid.dimensions())
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "getRank: coords needs " + grid.dimensions() + " entries, one per dimension;"
                + " got " + (coords == null ? "null" : coords.length)));
        }
        try
        {
            return grid.rankOf("getRank", coords);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * @return the coordinates of {@code rank} in the grid.
     * @throws MPIException {@code ERR_RANK} for a rank outside the communicator.
     */
    public int[] getCoords(final int rank) throws MPIException
    {
        final int size = engine("getCoords").size();
        if (rank < 0 || rank >= size)
        {
            throw raise(MPIException.of(ErrorClass.ERR_RANK, "getCoords: rank=" + rank + " out of range for communicator of size " + size));
        }
        return grid.coordsOf(rank);
    }

    /**
     * @param direction the dimension to shift along.
     * @param disp      how many steps; negative shifts downwards.
     * @return the ranks {@code disp} steps below (the source) and above (the destination) the caller along {@code direction}.
     * @throws MPIException {@code ERR_DIMS} for a direction that is not a dimension of the grid.
     */
    public ShiftParms shift(final int direction, final int disp) throws MPIException
    {
        final int rank = engine("shift").rank();
        if (direction < 0 || direction >= grid.dimensions())
        {
            throw raise(MPIException.of(ErrorClass.ERR_DIMS, "shift: direction=" + direction + " is not a dimension of the grid; expected 0"
                + " to " + (grid.dimensions() - 1)));
        }
        return new ShiftParms(grid.neighbour(rank, direction, -disp), grid.neighbour(rank, direction, disp));
    }

    /**
     * Cuts the grid into sub-grids of the dimensions where {@code remainDims} is true. Collective.
     *
     * @return the sub-grid that holds the caller, its ranks in row-major order of the dimensions kept.
     * @throws MPIException {@code ERR_ARG} for a {@code remainDims} without an entry per dimension.
     */
    public CartComm sub(final boolean[] remainDims) throws MPIException
    {
        final int rank = engine("sub").rank();
        if (remainDims == null || remainDims.length != grid.dimensions())
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "sub: remainDims needs " + grid.dimensions() + " entries, one per dimension;"
                + " got " + (remainDims == null ? "null" : remainDims.length)));
        }
        final CartesianGrid subGrid = grid.subGrid(remainDims);
        return CommCreation.split(this, "sub", grid.subGridColor(rank, remainDims), rank, name -> new CartComm(name, subGrid));
    }

    /**
     * @return the rank the caller would have in a grid of {@code dims} laid over this communicator (ranks are not reordered
     *         here), or {@link MPI#UNDEFINED} when it would be outside the grid.
     * @throws MPIException {@code ERR_DIMS} for a grid larger than the communicator or with a dimension under 1.
     */
    public int map(final int[] dims, final boolean[] periods) throws MPIException
    {
        return Topologies.mapToGrid(this, "map", dims, periods);
    }

    /**
     * Fills the zero entries of {@code dims} so that all of them multiply to {@code nnodes}, as close to each other as
     * possible and in non-increasing order; the entries already set are kept.
     *
     * @throws MPIException {@code ERR_DIMS} when the entries set do not divide {@code nnodes}, or for negative entries.
     */
    public static void createDims(final int nnodes, final int[] dims) throws MPIException
    {
        MPI.check("createDims");
        if (dims == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, "createDims: dims is null"));
        }
        try
        {
            CartesianGrid.balancedDims("createDims", nnodes, dims);
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    @Override
    int topology()
    {
        return MPI.CART;
    }

    @Override
    Neighborhood neighborhood(final String call) throws MPIException
    {
        return Neighborhood.cartesian(grid, engine(call).rank());
    }
}
