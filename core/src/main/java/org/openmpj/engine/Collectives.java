package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * The collective operations of an intracommunicator, built on its point-to-point operations in the communicator's
 * collective context, so every transport gets them. Buffers are slices of primitive arrays: offsets and counts are
 * in elements; a reduction combines items of {@code itemElements} elements each, and splits a buffer only between
 * items.
 *
 * <p>Each operation chooses its algorithm by message size and process count, at thresholds set in
 * {@link CollectiveThresholds}: {@link Barrier} (dissemination), {@link Broadcast} (binomial, or scatter and ring
 * allgather), {@link Reduce} (binomial, or Rabenseifner's reduce-scatter and gather), {@link Allreduce} (recursive
 * doubling, Rabenseifner's reduce-scatter and allgather, or reduce and broadcast), {@link Gathering} (binomial trees
 * or direct), {@link Allgather} (Bruck or ring), {@link AllToAll} (all at once or pairwise) and {@link Scan} (chain).
 * Each algorithm is written once over {@link Steps} and taken here step by step; {@link ScheduledCalls} writes the same
 * steps down for a non-blocking collective.
 * Non-commutative reductions always combine in rank order. Temporaries come from the calling thread's
 * {@link Scratch}.
 *
 * <p>Every rank must call the same collectives in the same order, as MPI requires. Arguments are trusted: the API
 * façade checks them. Thread-safety: any number of threads may run collectives on different communicators at once.
 */
public final class Collectives
{
    private Collectives()
    {
    }

    /** Returns once every rank of {@code comm} has entered. */
    public static void barrier(final Communicator comm)
    {
        final Communicator c = begin(comm);
        if (c.board() != null)
        {
            c.board().barrier(c);
        }
        else
        {
            Barrier.dissemination(Steps.NOW, c);
        }
    }

    /** Copies {@code count} elements of {@code root}'s buffer into every rank's. */
    public static void bcast(
        final Communicator comm, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        Broadcast.bcast(Steps.NOW, begin(comm), buf, kind, offset, count, root);
    }

    /**
     * Combines every rank's {@code count} elements with {@code op}, in rank order, into {@code root}'s receive buffer.
     * The receive buffer is used at the root only.
     */
    public static void reduce(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        final Scratch scratch = Scratch.lease();
        boolean completed = false;
        try
        {
            Reduce.reduce(Steps.NOW, begin(comm), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root, scratch);
            completed = true;
        }
        finally
        {
            scratch.end(completed);
        }
    }

    /** Combines every rank's {@code count} elements with {@code op}, in rank order, into every rank's receive buffer. */
    public static void allreduce(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        final Scratch scratch = Scratch.lease();
        boolean completed = false;
        try
        {
            Allreduce.allreduce(Steps.NOW, begin(comm), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
            completed = true;
        }
        finally
        {
            scratch.end(completed);
        }
    }

    /**
     * Rank i receives the combination, in rank order, of the contributions of ranks 0 to i (an inclusive prefix).
     */
    public static void scan(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        prefix(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, true);
    }

    /**
     * Rank i receives the combination, in rank order, of the contributions of ranks 0 to i - 1 (an exclusive prefix); rank
     * 0's receive buffer is left as it was.
     */
    public static void exscan(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        prefix(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, false);
    }

    private static void prefix(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final boolean inclusive)
    {
        final Scratch scratch = Scratch.lease();
        boolean completed = false;
        try
        {
            if (inclusive)
            {
                Scan.chain(Steps.NOW, begin(comm), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
            }
            else
            {
                Scan.exclusiveChain(Steps.NOW, begin(comm), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
            }
            completed = true;
        }
        finally
        {
            scratch.end(completed);
        }
    }

    /**
     * Each rank sends {@code count} elements; the root places rank i's at {@code recvOffset + i * count}. The receive
     * buffer is used at the root only.
     */
    public static void gather(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root)
    {
        final Scratch scratch = Scratch.lease();
        boolean completed = false;
        try
        {
            Gathering.gather(Steps.NOW, begin(comm), sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root, scratch);
            completed = true;
        }
        finally
        {
            scratch.end(completed);
        }
    }

    /**
     * Each rank sends its {@code sendCount} elements; the root places rank i's at {@code recvOffset + recvDispls[i]},
     * {@code recvCounts[i]} elements.
     */
    public static void gatherv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls,
        final Primitive kind, final int root)
    {
        Gathering.gatherv(Steps.NOW, begin(comm), sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind, root);
    }

    /**
     * The root sends {@code count} elements from {@code sendOffset + i * count} to rank i. The send buffer is used at
     * the root only.
     */
    public static void scatter(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root)
    {
        final Scratch scratch = Scratch.lease();
        boolean completed = false;
        try
        {
            Gathering.scatter(Steps.NOW, begin(comm), sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root, scratch);
            completed = true;
        }
        finally
        {
            scratch.end(completed);
        }
    }

    /** The root sends {@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]} to rank i. */
    public static void scatterv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        Gathering.scatterv(Steps.NOW, begin(comm), sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCount, kind, root);
    }

    /**
     * Every rank contributes {@code sendCount} elements; rank i's land in every rank's receive buffer at
     * {@code recvOffset + recvDispls[i]}, {@code recvCounts[i]} elements.
     */
    public static void allgatherv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final Scratch scratch = Scratch.lease();
        boolean completed = false;
        try
        {
            Allgather.allgatherv(Steps.NOW, begin(comm), sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind,
                scratch);
            completed = true;
        }
        finally
        {
            scratch.end(completed);
        }
    }

    /**
     * Rank r sends {@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]} to rank i and receives
     * {@code recvCounts[i]} from rank i at {@code recvOffset + recvDispls[i]}.
     */
    public static void alltoallv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        AllToAll.alltoallv(Steps.NOW, begin(comm), sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls,
            kind);
    }

    /**
     * A neighbour collective: sends block i ({@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]}) to
     * {@code hood}'s destination i and receives block i from its source i at {@code recvOffset + recvDispls[i]}; an allgather
     * gives every send block the same displacement.
     */
    public static void neighborAlltoallv(
        final Communicator comm, final Neighborhood hood, final Object sendBuf, final int sendOffset, final int[] sendCounts,
        final int[] sendDispls, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        Neighbors.alltoallv(Steps.NOW, begin(comm), hood, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts,
            recvDispls, kind);
    }

    /**
     * As {@link #alltoallv}, for counts that are all alike by the call's definition on every rank (an Alltoall): such a call
     * may take the world board, which the ranks of an Alltoallv could not agree on from their own counts.
     */
    public static void alltoall(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final Communicator c = begin(comm);
        final BoardCollectives board = c.board();
        final int blockCount = sendCounts[0];
        if (board != null && recvCounts[0] == blockCount && BoardCollectives.carriesAlltoall((long)blockCount * kind.sizeBytes() * c.size()))
        {
            board.alltoall(c, sendBuf, sendOffset, sendDispls, recvBuf, recvOffset, recvDispls, blockCount, kind);
        }
        else
        {
            AllToAll.alltoallv(Steps.NOW, c, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
        }
    }

    /**
     * Gives up on a collective call on {@code comm} before it starts, as when its arguments are refused on this rank:
     * counts the call, and tells the other ranks, so that those waiting in it fail naming this rank instead of waiting.
     */
    public static void abandon(final Communicator comm)
    {
        Transfers.abandon(begin(comm));
    }

    /**
     * @return a description of a message of a collective call left unreceived on {@code comm}, which shows that the
     *         ranks' collective calls did not match in a way no call noticed (two ranks that both took themselves for
     *         the root of a small broadcast both return, leaving such messages); null when there is none, or when a
     *         mismatch on {@code comm} was reported already.
     */
    public static String strayMessage(final Communicator comm)
    {
        final Communicator c = comm.collectives();
        if (c.mismatchReported())
        {
            return null;
        }
        final String stray = Transfers.describeStray(c.device(), c.context());
        return stray != null || c.board() == null ? stray : c.board().strayRecords();
    }

    /** @return one line saying whether {@code world}, the world communicator, takes the world board, and if not, why. */
    public static String worldBoardUse(final Communicator world)
    {
        return BoardCollectives.describeUse(world.device(), world.collectives().board() != null);
    }

    /**
     * Marks this rank's last collective call on {@code world}, which must be the world communicator, made: a peer still
     * waiting for this rank's part in a call on the world board then fails instead of waiting for ever.
     */
    public static void leave(final Communicator world)
    {
        final BoardCollectives board = world.collectives().board();
        if (board != null)
        {
            board.leave();
        }
    }

    /** @return displacements placing {@code n} blocks of {@code count} elements one after another. */
    public static int[] blocks(final int n, final int count)
    {
        final int[] displs = new int[n];
        for (int i = 0; i < n; i++)
        {
            displs[i] = i * count;
        }
        return displs;
    }

    /** @return {@code n} copies of {@code count}. */
    public static int[] counts(final int n, final int count)
    {
        final int[] counts = new int[n];
        java.util.Arrays.fill(counts, count);
        return counts;
    }

    /** @return {@code comm}'s collective side, with its count of collective operations moved on to this one. */
    private static Communicator begin(final Communicator comm)
    {
        final Communicator c = comm.collectives();
        c.nextCollective();
        return c;
    }
}
