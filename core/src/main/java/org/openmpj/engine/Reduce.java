package org.openmpj.engine;

import org.openmpj.device.ArrayCopy;
import org.openmpj.device.Primitive;

/**
 * Reduce: a binomial tree for small messages and non-commutative operations; for large messages of a commutative
 * operation, Rabenseifner's reduce-scatter by recursive halving followed by a binomial gather of the reduced blocks
 * to the root, which spreads the combining over every rank instead of {@code log2 n} whole-message steps at the
 * root. A non-commutative operation combines in rank order along a tree rooted at rank 0, which forwards the result
 * to the root, so it gives the same result at every process count.
 */
final class Reduce
{
    private Reduce()
    {
    }

    /**
     * Combines every rank's {@code count} elements with {@code op}, in rank order, into {@code root}'s receive buffer,
     * which is used at the root only; {@code c} is on its collective context.
     */
    static void reduce(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root, final Scratch scratch)
    {
        final int n = c.size();
        if (n > 1 && op.isCommutative() && (long)count * kind.sizeBytes() >= CollectiveThresholds.REDUCE_SPLIT_MIN_BYTES
            && count / itemElements >= Fold.powerOfTwo(n))
        {
            reduceScatterGather(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root, scratch);
        }
        else
        {
            binomial(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root, scratch);
        }
    }

    /**
     * Relative rank v combines the partial results of {@code v + 1}, {@code v + 2}, {@code v + 4}, … (each covering the
     * ranks up to the next) into its own, then sends the result to {@code v - 2^k}, {@code 2^k} being its lowest set
     * bit. A commutative operation takes ranks relative to the root; a non-commutative one relative to rank 0, so that
     * every partial result covers consecutive ranks, and rank 0 forwards the result to the root. Leaves send straight
     * from the send buffer; a rank's first child's result lands in its work buffer and its own contribution is
     * combined into it, so nothing is copied first.
     */
    static void binomial(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root, final Scratch scratch)
    {
        final int n = c.size();
        final int r = c.rank();
        final int items = count / itemElements;
        final boolean commutative = op.isCommutative();
        final int treeRoot = commutative ? root : 0;
        final int rel = (r - treeRoot + n) % n;
        final boolean resultHere = r == root && r == treeRoot;
        Object work = resultHere ? recvBuf : null;
        int workOffset = resultHere ? recvOffset : 0;
        // A receive buffer that is the send buffer holds this rank's contribution already, and the send buffer is not read again.
        boolean holdsMine = resultHere && sendBuf == recvBuf;
        if (holdsMine)
        {
            ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        }
        Object spare = null;
        int spareOffset = 0;
        for (int mask = 1; mask < n; mask <<= 1)
        {
            if ((rel & mask) != 0)
            {
                final int parent = (rel - mask + treeRoot) % n;
                if (holdsMine)
                {
                    Transfers.send(c, work, kind, workOffset, count, parent, Transfers.tag(Transfers.TAG_REDUCE, root));
                }
                else
                {
                    Transfers.send(c, sendBuf, kind, sendOffset, count, parent, Transfers.tag(Transfers.TAG_REDUCE, root));
                }
                break;
            }
            final int childRel = rel + mask;
            if (childRel >= n)
            {
                continue;
            }
            final int child = (childRel + treeRoot) % n;
            if (work == null)
            {
                work = scratch.first(kind, count);
            }
            if (!holdsMine)
            {
                Transfers.receive(c, work, kind, workOffset, count, child, Transfers.tag(Transfers.TAG_REDUCE, root));
                op.reduce(sendBuf, sendOffset, work, workOffset, items);
                holdsMine = true;
                continue;
            }
            if (spare == null)
            {
                spare = scratch.second(kind, count);
            }
            Transfers.receive(c, spare, kind, spareOffset, count, child, Transfers.tag(Transfers.TAG_REDUCE, root));
            if (commutative)
            {
                op.reduce(spare, spareOffset, work, workOffset, items);
            }
            else
            {
                // The child's ranks come after this rank's: the result lands in the spare buffer, which becomes the work buffer.
                op.reduce(work, workOffset, spare, spareOffset, items);
                final Object swap = work;
                work = spare;
                spare = swap;
                final int swapOffset = workOffset;
                workOffset = spareOffset;
                spareOffset = swapOffset;
            }
        }
        if (r == treeRoot)
        {
            if (!holdsMine)
            {
                // One rank alone: its contribution is the result.
                work = sendBuf;
                workOffset = sendOffset;
            }
            if (r == root)
            {
                if (work != recvBuf || workOffset != recvOffset)
                {
                    ArrayCopy.copyElements(kind, work, workOffset, recvBuf, recvOffset, count);
                }
            }
            else
            {
                Transfers.send(c, work, kind, workOffset, count, root, Transfers.tag(Transfers.TAG_REDUCE, root));
            }
        }
        else if (r == root)
        {
            Transfers.receive(c, recvBuf, kind, recvOffset, count, treeRoot, Transfers.tag(Transfers.TAG_REDUCE, root));
        }
    }

    /**
     * Rabenseifner's algorithm for commutative operations, with ranks relative to the root so that the root is
     * virtual rank 0, the one the blocks are gathered to; see {@link RecursiveHalving}.
     */
    static void reduceScatterGather(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root, final Scratch scratch)
    {
        final int n = c.size();
        final int rel = (c.rank() - root + n) % n;
        final int pof2 = Fold.powerOfTwo(n);
        final int extra = n - pof2;
        final int items = count / itemElements;
        if (Fold.isFoldedAway(rel, extra))
        {
            Transfers.send(c, sendBuf, kind, sendOffset, count, (rel - 1 + root) % n, Transfers.tag(Transfers.TAG_REDUCE, root));
            return;
        }
        final Object work;
        final int workOffset;
        boolean holdsMine = false;
        if (rel == 0)
        {
            work = recvBuf;
            workOffset = recvOffset;
            holdsMine = sendBuf == recvBuf;
            if (holdsMine)
            {
                ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
            }
        }
        else
        {
            work = scratch.first(kind, count);
            workOffset = 0;
        }
        if (rel < 2 * extra)
        {
            RecursiveHalving.foldIn(c, sendBuf, sendOffset, work, workOffset, holdsMine, kind, count, items, op, (rel + 1 + root) % n,
                scratch, Transfers.tag(Transfers.TAG_REDUCE, root));
            holdsMine = true;
        }
        final int v = Fold.virtualRank(rel, extra);
        RecursiveHalving.reduceScatter(c, v, pof2, extra, root, sendBuf, sendOffset, work, workOffset, holdsMine, kind, items,
            itemElements, op, scratch, Transfers.tag(Transfers.TAG_REDUCE, root));
        RecursiveHalving.gatherToZero(c, v, pof2, extra, root, work, workOffset, kind, items, itemElements,
            Transfers.tag(Transfers.TAG_REDUCE, root));
    }
}
