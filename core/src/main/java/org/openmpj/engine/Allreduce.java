package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * Allreduce: recursive doubling for small messages; for large messages of a commutative operation, Rabenseifner's
 * reduce-scatter by recursive halving followed by an allgather by recursive doubling, which moves and combines
 * each element about twice instead of {@code log2 n} times; for large messages of a non-commutative operation, a
 * reduction in rank order to rank 0 followed by a broadcast. Sizes other than a power of two are folded first
 * ({@link Fold}). Non-commutative operations always combine in rank order, so they give the same result at every
 * process count.
 */
final class Allreduce
{
    private Allreduce()
    {
    }

    /**
     * Combines every rank's {@code count} elements with {@code op}, in rank order, into every rank's receive buffer;
     * {@code c} is on its collective context.
     */
    static void allreduce(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int n = c.size();
        final boolean large = (long)count * kind.sizeBytes() >= CollectiveThresholds.ALLREDUCE_SPLIT_MIN_BYTES
            && count / itemElements >= Fold.powerOfTwo(n);
        final BoardCollectives board = c.board();
        if (board != null && op.isCommutative() && BoardCollectives.carriesBlocks((long)count * kind.sizeBytes()))
        {
            board.allreduce(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, count / itemElements, op, scratch);
        }
        else if (n == 1 || !large)
        {
            recursiveDoubling(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
        }
        else if (op.isCommutative())
        {
            reduceScatterAllgather(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
        }
        else
        {
            Reduce.binomial(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, 0, scratch);
            Broadcast.bcast(s, c, recvBuf, kind, recvOffset, count, 0);
        }
    }

    /**
     * After folding, in step j virtual rank v exchanges its whole partial result with {@code v ^ 2^j} and combines,
     * the lower one's first; the folded-away ranks get the result from their partner at the end.
     */
    static void recursiveDoubling(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int n = c.size();
        final int r = c.rank();
        final int pof2 = Fold.powerOfTwo(n);
        final int extra = n - pof2;
        final int items = count / itemElements;
        if (Fold.isFoldedAway(r, extra))
        {
            leanOnPartner(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count);
            return;
        }
        // System.arraycopy copes with overlap, so a receive buffer that is the send buffer is fine too.
        s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        // The partial result lives in 'mine'; what a partner sends lands in 'theirs'. A non-commutative combination
        // whose result lands in 'theirs' swaps the two rather than copying back.
        Object mine = recvBuf;
        int mineOffset = recvOffset;
        Object theirs = scratch.first(kind, count);
        int theirsOffset = 0;
        if (r < 2 * extra)
        {
            s.receive(c, theirs, kind, theirsOffset, count, r + 1, Transfers.TAG_ALLREDUCE);
            if (combine(s, op, false, mine, mineOffset, theirs, theirsOffset, items))
            {
                final Object swap = mine;
                mine = theirs;
                theirs = swap;
                final int swapOffset = mineOffset;
                mineOffset = theirsOffset;
                theirsOffset = swapOffset;
            }
        }
        final int v = Fold.virtualRank(r, extra);
        for (int mask = 1; mask < pof2; mask <<= 1)
        {
            final int partner = v ^ mask;
            final int peer = Fold.rankOf(partner, extra, 0, n);
            s.exchange(c, mine, kind, mineOffset, count, peer, theirs, theirsOffset, count, peer, Transfers.TAG_ALLREDUCE);
            if (combine(s, op, partner < v, mine, mineOffset, theirs, theirsOffset, items))
            {
                final Object swap = mine;
                mine = theirs;
                theirs = swap;
                final int swapOffset = mineOffset;
                mineOffset = theirsOffset;
                theirsOffset = swapOffset;
            }
        }
        if (mine != recvBuf)
        {
            s.copy(kind, mine, mineOffset, recvBuf, recvOffset, count);
        }
        handBackResult(s, c, recvBuf, recvOffset, kind, count, extra);
    }

    /**
     * Rabenseifner's algorithm for commutative operations; see {@link RecursiveHalving}. The reduction builds up in
     * the receive buffer, so the only scratch is for the halves received.
     */
    static void reduceScatterAllgather(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int n = c.size();
        final int r = c.rank();
        final int pof2 = Fold.powerOfTwo(n);
        final int extra = n - pof2;
        final int items = count / itemElements;
        if (Fold.isFoldedAway(r, extra))
        {
            leanOnPartner(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count);
            return;
        }
        // A receive buffer that is the send buffer is reduced in place, and the send buffer is never read again.
        boolean holdsMine = sendBuf == recvBuf;
        if (holdsMine)
        {
            s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        }
        if (r < 2 * extra)
        {
            RecursiveHalving.foldIn(s, c, sendBuf, sendOffset, recvBuf, recvOffset, holdsMine, kind, count, items, op, r + 1, scratch,
                Transfers.TAG_ALLREDUCE);
            holdsMine = true;
        }
        final int v = Fold.virtualRank(r, extra);
        RecursiveHalving.reduceScatter(s, c, v, pof2, extra, 0, sendBuf, sendOffset, recvBuf, recvOffset, holdsMine, kind, items,
            itemElements, op, scratch, Transfers.TAG_ALLREDUCE);
        RecursiveHalving.allgather(s, c, v, pof2, extra, 0, recvBuf, recvOffset, kind, items, itemElements, Transfers.TAG_ALLREDUCE);
        handBackResult(s, c, recvBuf, recvOffset, kind, count, extra);
    }

    /**
     * Combines two partial results, {@code theirs} coming before {@code mine} in rank order when {@code theirsFirst}.
     *
     * @return whether the result is in {@code theirs} rather than {@code mine}.
     */
    private static boolean combine(
        final Steps s, final Reduction op, final boolean theirsFirst, final Object mine, final int mineOffset, final Object theirs,
        final int theirsOffset, final int items)
    {
        if (theirsFirst || op.isCommutative())
        {
            s.reduce(op, theirs, theirsOffset, mine, mineOffset, items);
            return false;
        }
        s.reduce(op, mine, mineOffset, theirs, theirsOffset, items);
        return true;
    }

    /**
     * The whole part of a rank the fold leaves out: it hands its contribution to its even neighbour, which stands for
     * both, and receives the result from it.
     */
    private static void leanOnPartner(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count)
    {
        s.send(c, sendBuf, kind, sendOffset, count, c.rank() - 1, Transfers.TAG_ALLREDUCE);
        s.receive(c, recvBuf, kind, recvOffset, count, c.rank() - 1, Transfers.TAG_ALLREDUCE);
    }

    /** The last step of a rank that stood for a pair: its partner, left out of the fold, gets the result. */
    private static void handBackResult(
        final Steps s, final Communicator c, final Object recvBuf, final int recvOffset, final Primitive kind, final int count, final int extra)
    {
        if (c.rank() < 2 * extra)
        {
            s.send(c, recvBuf, kind, recvOffset, count, c.rank() + 1, Transfers.TAG_ALLREDUCE);
        }
    }
}
