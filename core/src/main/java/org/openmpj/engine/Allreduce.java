package org.openmpj.engine;

import org.openmpj.device.ArrayCopy;
import org.openmpj.device.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * Allreduce: recursive doubling for small messages; for medium messages of a commutative operation between two ranks over
 * the network, one exchange in pipelined segments; for large messages of a commutative operation, Rabenseifner's
 * reduce-scatter by recursive halving followed by an allgather by recursive doubling, which moves and combines
 * each element about twice instead of {@code log2 n} times; for large messages of a non-commutative operation, a
 * reduction in rank order to rank 0 followed by a broadcast. Sizes other than a power of two are folded first
 * ({@link Fold}). Non-commutative operations always combine in rank order, so they give the same result at every
 * process count.
 */
final class Allreduce
{
    /**
     * The most segments of {@link CollectiveThresholds#REDUCE_SEGMENT_BYTES} two ranks over the network exchange in
     * {@link #pairInSegments}; larger messages reduce-scatter and allgather. Measured on an Intel Xeon (2 cores), 2 tcp ranks,
     * Allreduce of doubles, runs alternating with Open MPI: 128 KiB took 45-48 µs in segments against 54-89 (Open MPI 67-70),
     * but 512 KiB 185-238 against 163-177 and 1 MiB 428-475 against 284-297, whatever the segment size (32 KiB to a quarter
     * of the message) and with the segments' sends started ahead or one at a time.
     */
    static final int PAIR_SEGMENTS_MAX = 8;

    private Allreduce()
    {
    }

    /**
     * Combines every rank's {@code count} elements with {@code op}, in rank order, into every rank's receive buffer;
     * {@code c} is on its collective context.
     */
    static void allreduce(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int n = c.size();
        final boolean large = (long)count * kind.sizeBytes() >= CollectiveThresholds.ALLREDUCE_SPLIT_MIN_BYTES
            && count / itemElements >= Fold.powerOfTwo(n);
        final long bytes = (long)count * kind.sizeBytes();
        if (n == 2 && op.isCommutative() && Reduce.goesInSegments(c, bytes)
            && bytes <= PAIR_SEGMENTS_MAX * CollectiveThresholds.REDUCE_SEGMENT_BYTES)
        {
            pairInSegments(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
        }
        else if (n == 1 || !large)
        {
            recursiveDoubling(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
        }
        else if (op.isCommutative())
        {
            reduceScatterAllgather(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, scratch);
        }
        else
        {
            Reduce.binomial(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, 0, scratch);
            Broadcast.bcast(c, recvBuf, kind, recvOffset, count, 0);
        }
    }

    /**
     * Two ranks over the network: each sends its contribution in segments while it combines the other's as they arrive,
     * with the next {@link Reduce#SEGMENTS_POSTED_AHEAD} segments each way under way: one exchange, whose combining overlaps
     * the transfer, instead of a reduce-scatter and an allgather that each wait for a half to arrive whole.
     */
    static void pairInSegments(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int partner = 1 - c.rank();
        final int tag = Transfers.TAG_ALLREDUCE;
        final int items = count / itemElements;
        final int segmentItems = Reduce.segmentItems(kind, itemElements);
        final int segments = (items + segmentItems - 1) / segmentItems;
        final int ahead = Reduce.SEGMENTS_POSTED_AHEAD;
        // The contribution is sent from where nothing is combined into it: the send buffer, or a copy when the result lands there.
        final Object mine = sendBuf == recvBuf ? scratch.second(kind, count) : sendBuf;
        final int mineOffset = sendBuf == recvBuf ? 0 : sendOffset;
        if (mine != sendBuf)
        {
            ArrayCopy.copyElements(kind, sendBuf, sendOffset, mine, 0, count);
        }
        // System.arraycopy copes with overlap, so a receive buffer that is the send buffer is fine too.
        ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        final Object theirs = scratch.first(kind, count);
        final ReceiveRequest[] receives = scratch.receives(ahead);
        final Request[] sends = scratch.sends(ahead);
        for (int s = 0; s < segments; s++)
        {
            final int from = s * segmentItems * itemElements;
            final int length = Math.min(segmentItems, items - s * segmentItems) * itemElements;
            if (s == 0)
            {
                // The first message may be a notice of an earlier, abandoned call: it is received on its own.
                Transfers.exchange(c, mine, kind, mineOffset, length, partner, theirs, 0, length, partner, tag);
                for (int t = 1; t < Math.min(segments, 1 + ahead); t++)
                {
                    startSegment(c, t, mine, mineOffset, theirs, kind, items, itemElements, segmentItems, partner, receives, sends);
                }
            }
            else
            {
                Transfers.awaitArrival(c, receives[s % ahead], theirs, kind, from, length, partner, tag);
                Transfers.awaitSent(c, sends[s % ahead], tag);
                if (s + ahead < segments)
                {
                    startSegment(c, s + ahead, mine, mineOffset, theirs, kind, items, itemElements, segmentItems, partner, receives, sends);
                }
            }
            op.reduce(theirs, from, recvBuf, recvOffset + from, length / itemElements);
        }
    }

    /** Posts the receive of the partner's segment {@code t} and starts the send of this rank's. */
    private static void startSegment(
        final Communicator c, final int t, final Object mine, final int mineOffset, final Object theirs, final Primitive kind,
        final int items, final int itemElements, final int segmentItems, final int partner, final ReceiveRequest[] receives,
        final Request[] sends)
    {
        final int ahead = Reduce.SEGMENTS_POSTED_AHEAD;
        final int from = t * segmentItems * itemElements;
        final int length = Math.min(segmentItems, items - t * segmentItems) * itemElements;
        Reduce.postSegment(c, receives, 0, t, theirs, 0, kind, items, itemElements, segmentItems, partner);
        sends[t % ahead] = Transfers.isendSlot(c, 1 + t % ahead, mine, kind, mineOffset + from, length, partner, Transfers.TAG_ALLREDUCE);
    }

    /**
     * After folding, in step j virtual rank v exchanges its whole partial result with {@code v ^ 2^j} and combines,
     * the lower one's first; the folded-away ranks get the result from their partner at the end.
     */
    static void recursiveDoubling(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int n = c.size();
        final int r = c.rank();
        final int pof2 = Fold.powerOfTwo(n);
        final int extra = n - pof2;
        final int items = count / itemElements;
        if (Fold.isFoldedAway(r, extra))
        {
            leanOnPartner(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count);
            return;
        }
        // System.arraycopy copes with overlap, so a receive buffer that is the send buffer is fine too.
        ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        // The partial result lives in 'mine'; what a partner sends lands in 'theirs'. A non-commutative combination
        // whose result lands in 'theirs' swaps the two rather than copying back.
        Object mine = recvBuf;
        int mineOffset = recvOffset;
        Object theirs = scratch.first(kind, count);
        int theirsOffset = 0;
        if (r < 2 * extra)
        {
            Transfers.receive(c, theirs, kind, theirsOffset, count, r + 1, Transfers.TAG_ALLREDUCE);
            if (combine(op, false, mine, mineOffset, theirs, theirsOffset, items))
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
            Transfers.exchange(c, mine, kind, mineOffset, count, peer, theirs, theirsOffset, count, peer, Transfers.TAG_ALLREDUCE);
            if (combine(op, partner < v, mine, mineOffset, theirs, theirsOffset, items))
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
            ArrayCopy.copyElements(kind, mine, mineOffset, recvBuf, recvOffset, count);
        }
        handBackResult(c, recvBuf, recvOffset, kind, count, extra);
    }

    /**
     * Rabenseifner's algorithm for commutative operations; see {@link RecursiveHalving}. The reduction builds up in
     * the receive buffer, so the only scratch is for the halves received.
     */
    static void reduceScatterAllgather(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int n = c.size();
        final int r = c.rank();
        final int pof2 = Fold.powerOfTwo(n);
        final int extra = n - pof2;
        final int items = count / itemElements;
        if (Fold.isFoldedAway(r, extra))
        {
            leanOnPartner(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count);
            return;
        }
        // A receive buffer that is the send buffer is reduced in place, and the send buffer is never read again.
        boolean holdsMine = sendBuf == recvBuf;
        if (holdsMine)
        {
            ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        }
        if (r < 2 * extra)
        {
            RecursiveHalving.foldIn(c, sendBuf, sendOffset, recvBuf, recvOffset, holdsMine, kind, count, items, op, r + 1, scratch,
                Transfers.TAG_ALLREDUCE);
            holdsMine = true;
        }
        final int v = Fold.virtualRank(r, extra);
        RecursiveHalving.reduceScatter(c, v, pof2, extra, 0, sendBuf, sendOffset, recvBuf, recvOffset, holdsMine, kind, items,
            itemElements, op, scratch, Transfers.TAG_ALLREDUCE);
        RecursiveHalving.allgather(c, v, pof2, extra, 0, recvBuf, recvOffset, kind, items, itemElements, Transfers.TAG_ALLREDUCE);
        handBackResult(c, recvBuf, recvOffset, kind, count, extra);
    }

    /**
     * Combines two partial results, {@code theirs} coming before {@code mine} in rank order when {@code theirsFirst}.
     *
     * @return whether the result is in {@code theirs} rather than {@code mine}.
     */
    private static boolean combine(
        final Reduction op, final boolean theirsFirst, final Object mine, final int mineOffset, final Object theirs, final int theirsOffset,
        final int items)
    {
        if (theirsFirst || op.isCommutative())
        {
            op.reduce(theirs, theirsOffset, mine, mineOffset, items);
            return false;
        }
        op.reduce(mine, mineOffset, theirs, theirsOffset, items);
        return true;
    }

    /**
     * The whole part of a rank the fold leaves out: it hands its contribution to its even neighbour, which stands for
     * both, and receives the result from it.
     */
    private static void leanOnPartner(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count)
    {
        Transfers.send(c, sendBuf, kind, sendOffset, count, c.rank() - 1, Transfers.TAG_ALLREDUCE);
        Transfers.receive(c, recvBuf, kind, recvOffset, count, c.rank() - 1, Transfers.TAG_ALLREDUCE);
    }

    /** The last step of a rank that stood for a pair: its partner, left out of the fold, gets the result. */
    private static void handBackResult(
        final Communicator c, final Object recvBuf, final int recvOffset, final Primitive kind, final int count, final int extra)
    {
        if (c.rank() < 2 * extra)
        {
            Transfers.send(c, recvBuf, kind, recvOffset, count, c.rank() + 1, Transfers.TAG_ALLREDUCE);
        }
    }
}
