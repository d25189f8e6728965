package org.openmpj.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The collective operations the collectives benchmark times, with the one definition of the bytes each moves:
 * the Java and the native programs print times only, and the report turns every time into a bandwidth with
 * {@link #bytesMoved}. {@code m} is the per-rank message size as MPI counts it, {@code n} the ranks.
 */
public enum CollectiveOperation
{
    /** {@code Bcast} of {@code m} bytes from rank 0: every other rank receives them. */
    BCAST("bcast", "Bcast", "(n-1)·m: each of the n-1 other ranks receives the root's m bytes")
    {
        @Override
        public long bytesMoved(final int ranks, final long bytes)
        {
            return (ranks - 1L) * bytes;
        }
    },
    /**
     * {@code Reduce} of {@code m / 8} doubles with {@code SUM} to rank 0, counted as {@link #ALLREDUCE}'s contributions are:
     * the same {@code n·m}, as the bytes that flow into the sum.
     */
    REDUCE("reduce", "Reduce", "n·m: every rank contributes m bytes to the sum at rank 0, as Allreduce's contributions are counted")
    {
        @Override
        public long bytesMoved(final int ranks, final long bytes)
        {
            return ALLREDUCE.bytesMoved(ranks, bytes);
        }
    },
    /** {@code Allreduce} of {@code m / 8} doubles with {@code SUM}. */
    ALLREDUCE("allreduce", "Allreduce", "n·m: every rank contributes m bytes and receives m bytes of result")
    {
        @Override
        public long bytesMoved(final int ranks, final long bytes)
        {
            return ranks * bytes;
        }
    },
    /** {@code Allgather} of an {@code m}-byte block per rank. */
    ALLGATHER("allgather", "Allgather", "n·(n-1)·m: each rank receives the m-byte blocks of the n-1 others")
    {
        @Override
        public long bytesMoved(final int ranks, final long bytes)
        {
            return ranks * (ranks - 1L) * bytes;
        }
    },
    /** {@code Alltoall} with an {@code m}-byte block per pair of ranks. */
    ALLTOALL("alltoall", "Alltoall", "n·(n-1)·m: each rank sends a different m-byte block to each of the n-1 others")
    {
        @Override
        public long bytesMoved(final int ranks, final long bytes)
        {
            return ranks * (ranks - 1L) * bytes;
        }
    },
    /** {@code Barrier}: latency only, no data. */
    BARRIER("barrier", "Barrier", "none: latency per call only")
    {
        @Override
        public long bytesMoved(final int ranks, final long bytes)
        {
            return 0;
        }
    };

    private final String id;
    private final String label;
    private final String bytesMovedDefinition;

    CollectiveOperation(final String id, final String label, final String bytesMovedDefinition)
    {
        this.id = id;
        this.label = label;
        this.bytesMovedDefinition = bytesMovedDefinition;
    }

    /**
     * @param ranks the ranks taking part, {@code n}.
     * @param bytes the per-rank message size {@code m}: the Bcast count, the Reduce and Allreduce counts times 8, the
     *              Allgather per-rank block, the Alltoall per-pair block.
     * @return the bytes one call moves between ranks, by this operation's definition.
     */
    public abstract long bytesMoved(int ranks, long bytes);

    /** @return the name on result lines, e.g. {@code allreduce}. */
    public String id()
    {
        return id;
    }

    /** @return the MPI name, e.g. {@code Allreduce}. */
    public String label()
    {
        return label;
    }

    /** @return the definition of {@link #bytesMoved} in words, for the report. */
    public String bytesMovedDefinition()
    {
        return bytesMovedDefinition;
    }

    /** @return whether the operation moves data, so it is timed at every message size; false for Barrier. */
    public boolean hasMessage()
    {
        return this != BARRIER;
    }

    /**
     * @param id a name as on result lines.
     * @return the operation of that name.
     * @throws IllegalArgumentException naming the value and the known names.
     */
    public static CollectiveOperation fromId(final String id)
    {
        for (final CollectiveOperation operation : values())
        {
            if (operation.id.equals(id))
            {
                return operation;
            }
        }
        throw new IllegalArgumentException("op=" + id + " is not a collective; expected one of "
            + Arrays.stream(values()).map(CollectiveOperation::id).collect(Collectors.joining(", ")));
    }
}
