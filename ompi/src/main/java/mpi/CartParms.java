package mpi;

/**
 * What {@link CartComm#getTopo()} gives: the grid's extent and periodicity per dimension, and the calling rank's
 * coordinates. Immutable; its arrays are its own.
 */
public final class CartParms
{
    private final int[] dims;
    private final boolean[] periods;
    private final int[] coords;

    CartParms(final int[] dims, final boolean[] periods, final int[] coords)
    {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    /** @return how many dimensions the grid has. */
    public int getDimCount()
    {
        return dims.length;
    }

    /** @return how many ranks the grid has along dimension {@code i}. */
    public int getDim(final int i)
    {
        return dims[i];
    }

    /** @return whether dimension {@code i} wraps around. */
    public boolean getPeriod(final int i)
    {
        return periods[i];
    }

    /** @return the calling rank's coordinate along dimension {@code i}. */
    public int getCoord(final int i)
    {
        return coords[i];
    }
}
