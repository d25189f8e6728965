package org.openmpj.engine.datatype;

import java.util.Arrays;

/**
 * The counts and displacements of a communicator's equal blocks (the items of a Gather, Scatter, Allgather or Alltoall
 * per rank), kept for the last block size asked for, so that a program calling such a collective again and again with
 * one size makes no arrays per call. The engine only reads them, and only during the call.
 *
 * <p>Thread-safety: one collective call at a time on its communicator, as MPI requires of collective calls.
 */
public final class RegularBlocks
{
    private final int[] counts;
    private final int[] displs;
    private int count = -1;

    /** @param ranks the communicator's size: the number of blocks. */
    private RegularBlocks(final int ranks)
    {
        this.counts = new int[ranks];
        this.displs = new int[ranks];
    }

    /** @return {@code kept} where it has {@code ranks} blocks, else new ones (also for a {@code kept} of null). */
    public static RegularBlocks of(final RegularBlocks kept, final int ranks)
    {
        return kept != null && kept.counts.length == ranks ? kept : new RegularBlocks(ranks);
    }

    /** @return the count of each of the blocks, {@code count} each. */
    public int[] counts(final int count)
    {
        ofSize(count);
        return counts;
    }

    /** @return where each block starts, block i at item {@code i * count}. */
    public int[] displs(final int count)
    {
        ofSize(count);
        return displs;
    }

    private void ofSize(final int size)
    {
        if (size != count)
        {
            Arrays.fill(counts, size);
            for (int i = 0; i < displs.length; i++)
            {
                displs[i] = i * size;
            }
            count = size;
        }
    }
}
