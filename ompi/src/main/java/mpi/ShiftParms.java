package mpi;

/**
 * What {@link CartComm#shift(int, int)} gives: the rank to receive from and the rank to send to for a shift along one
 * dimension, {@link MPI#PROC_NULL} beyond a non-periodic edge. Immutable.
 */
public final class ShiftParms
{
    private final int rankSource;
    private final int rankDest;

    ShiftParms(final int rankSource, final int rankDest)
    {
        this.rankSource = rankSource;
        this.rankDest = rankDest;
    }

    /** @return the rank {@code disp} steps below the caller, whose data a shift brings here. */
    public int getRankSource()
    {
        return rankSource;
    }

    /** @return the rank {@code disp} steps above the caller, to which a shift sends. */
    public int getRankDest()
    {
        return rankDest;
    }
}
