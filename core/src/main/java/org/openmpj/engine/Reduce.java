package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;

/**
 * Reduce: a binomial tree for small messages and non-commutative operations; for large messages of a commutative
 * operation among more than two ranks over the network, the same tree pipelined in segments; where configured,
 * Rabenseifner's reduce-scatter by recursive halving followed by a binomial gather of the reduced blocks to the root,
 * which spreads the combining over every rank instead of {@code log2 n} whole-message steps at the root. A
 * non-commutative operation combines in rank order along a tree rooted at rank 0, which forwards the result to the
 * root, so it gives the same result at every process count.
 */
final class Reduce
{
    /**
     * How many segments of each child a pipelined Reduce keeps posted beyond the one it waits for, so that segments a child
     * sends ahead land in place instead of waiting as unexpected copies, with a bounded number of requests per thread.
     */
    static final int SEGMENTS_POSTED_AHEAD = 16;

    private Reduce()
    {
    }

    /**
     * Combines every rank's {@code count} elements with {@code op}, in rank order, into {@code root}'s receive buffer,
     * which is used at the root only; {@code c} is on its collective context.
     */
    static void reduce(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root, final Scratch scratch)
    {
        final int n = c.size();
        final long bytes = (long)count * kind.sizeBytes();
        final BoardCollectives board = c.board();
        if (board != null && op.isCommutative() && BoardCollectives.carries(bytes))
        {
            board.reduce(c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, count / itemElements, op, root, scratch);
        }
        else if (n > 1 && op.isCommutative() && bytes >= CollectiveThresholds.REDUCE_SPLIT_MIN_BYTES
            && count / itemElements >= Fold.powerOfTwo(n))
        {
            reduceScatterGather(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root, scratch);
        }
        else if (n > 1 && op.isCommutative() && goesInSegments(c, bytes))
        {
            pipelined(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root, scratch);
        }
        else
        {
            binomial(s, c, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root, scratch);
        }
    }

    /**
     * Relative rank v combines the partial results of {@code v + 1}, {@code v + 2}, {@code v + 4}, … (each covering the
     * ranks up to the next) into its own, then sends the result to {@code v - 2^k}, {@code 2^k} being its lowest set
     * bit. A commutative operation takes ranks relative to the root; a non-commutative one relative to rank 0, so that
     * every partial result covers consecutive ranks, and rank 0 forwards the result to the root. Leaves send straight
     * from the send buffer; a rank's first child's result lands in its work buffer and its own contribution is
     * combined into it, so nothing is copied first. Each step's message moves by paired copy where the device has one
     * ({@link Transfers#sendPaired}), the receiver copying all of it: it combines the block next, and the part a sender
     * copied would be in the sender's cache (2 shm ranks, Reduce of 128 KiB: 14-15 µs with the copy shared, 7.6-8.4 without).
     */
    static void binomial(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
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
            s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
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
                    s.sendPaired(c, work, kind, workOffset, count, parent, Transfers.tag(Transfers.TAG_REDUCE, root), false);
                }
                else
                {
                    s.sendPaired(c, sendBuf, kind, sendOffset, count, parent, Transfers.tag(Transfers.TAG_REDUCE, root), false);
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
                s.receivePaired(c, work, kind, workOffset, count, child, Transfers.tag(Transfers.TAG_REDUCE, root), false);
                s.reduce(op, sendBuf, sendOffset, work, workOffset, items);
                holdsMine = true;
                continue;
            }
            if (spare == null)
            {
                spare = scratch.second(kind, count);
            }
            s.receivePaired(c, spare, kind, spareOffset, count, child, Transfers.tag(Transfers.TAG_REDUCE, root), false);
            if (commutative)
            {
                s.reduce(op, spare, spareOffset, work, workOffset, items);
            }
            else
            {
                // The child's ranks come after this rank's: the result lands in the spare buffer, which becomes the work buffer.
                s.reduce(op, work, workOffset, spare, spareOffset, items);
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
                    s.copy(kind, work, workOffset, recvBuf, recvOffset, count);
                }
            }
            else
            {
                s.sendPaired(c, work, kind, workOffset, count, root, Transfers.tag(Transfers.TAG_REDUCE, root), false);
            }
        }
        else if (r == root)
        {
            s.receivePaired(c, recvBuf, kind, recvOffset, count, treeRoot, Transfers.tag(Transfers.TAG_REDUCE, root), false);
        }
    }

    /**
     * @return whether a reduction of {@code bytes} per rank goes in pipelined segments on {@code c}'s device: among more
     *         than two ranks, over the network, with a core for each rank. Where ranks share cores every segment's handoff
     *         waits for a peer to be scheduled (8 tcp ranks on 2 cores, Reduce of 512 KiB: 2.8-5.6× Open MPI's time in
     *         segments, 1.7-1.8× whole). Two ranks have no levels of a tree to overlap, only the root's combining with the
     *         transfer, and each segment goes eagerly, copied once more than a whole message that lands in place (2 tcp
     *         ranks on one Intel Xeon host, alternating, 3 runs: 256 KiB 55-57 µs in segments against 48-50 whole, 512 KiB
     *         110-119 against 78-84, 1 MiB 201-229 against 165-168; only 128 KiB gained, 27-28 against 36-37, where Open MPI
     *         took 45). Every rank must choose alike, the segments of one rank being no whole message to another
     *         ({@link Communicator#ranksShareCoresAlike}: a job over several hosts goes in segments).
     */
    static boolean goesInSegments(final Communicator c, final long bytes)
    {
        return c.size() > 2 && !c.sharesMemory() && !c.ranksShareCoresAlike() && CollectiveThresholds.REDUCE_SEGMENT_BYTES > 0
            && bytes >= 2 * CollectiveThresholds.REDUCE_SEGMENT_BYTES;
    }

    /** @return the items of one pipelined segment: whole items, at least one. */
    static int segmentItems(final Primitive kind, final int itemElements)
    {
        return (int)Math.max(1, CollectiveThresholds.REDUCE_SEGMENT_BYTES / ((long)kind.sizeBytes() * itemElements));
    }

    /**
     * The binomial tree of {@link #binomial} for a commutative operation, one segment of the message at a time: a rank
     * combines its children's first segments and passes the result up while they already send the next, so the levels of
     * the tree work at once instead of each waiting for the whole message below it, and segments small enough to go eagerly
     * need no handshake with a parent that is busy or, on an oversubscribed host, not running. Each child's next segment
     * is posted before the current one is combined, into one of two landing areas per child (the first child's lands in the
     * result itself), so the data moves once, into its place, and a segment stays in cache from its arrival to its use.
     */
    static void pipelined(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root, final Scratch scratch)
    {
        final int n = c.size();
        final int r = c.rank();
        final int rel = (r - root + n) % n;
        final int tag = Transfers.tag(Transfers.TAG_REDUCE, root);
        final int items = count / itemElements;
        final int segmentItems = segmentItems(kind, itemElements);
        final int segments = (items + segmentItems - 1) / segmentItems;
        final int lowestBit = rel == 0 ? Integer.highestOneBit(n - 1) << 1 : Integer.lowestOneBit(rel);
        final int parent = rel == 0 ? -1 : (rel - lowestBit + root) % n;
        int children = 0;
        for (int mask = 1; mask < lowestBit && rel + mask < n; mask <<= 1)
        {
            children++;
        }
        if (children == 0 && parent < 0)
        {
            // One rank alone: its contribution is the result.
            if (sendBuf != recvBuf || sendOffset != recvOffset)
            {
                s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
            }
            return;
        }
        if (children == 0)
        {
            for (int segment = 0; segment < segments; segment++)
            {
                final int from = segment * segmentItems;
                final int length = Math.min(segmentItems, items - from) * itemElements;
                s.send(c, sendBuf, kind, sendOffset + from * itemElements, length, parent, tag);
            }
            return;
        }
        final Object work = rel == 0 ? recvBuf : scratch.first(kind, count);
        final int workOffset = rel == 0 ? recvOffset : 0;
        // A root whose receive buffer is its send buffer holds its contribution already, so no child may land there.
        final boolean holdsMine = rel == 0 && sendBuf == recvBuf;
        if (holdsMine && sendOffset != recvOffset)
        {
            s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        }
        final int landingChildren = holdsMine ? children : children - 1;
        final Object landing = landingChildren == 0 ? null : scratch.second(kind, landingChildren * count);
        final ReceiveRequest[] posted = scratch.receives(children * SEGMENTS_POSTED_AHEAD);
        for (int segment = 0; segment < segments; segment++)
        {
            final int from = segment * segmentItems;
            final int segmentLength = Math.min(segmentItems, items - from);
            for (int j = 0; j < children; j++)
            {
                final int child = (rel + (1 << j) + root) % n;
                final boolean intoWork = j == 0 && !holdsMine;
                final Object into = intoWork ? work : landing;
                final int base = intoWork ? workOffset : (holdsMine ? j : j - 1) * count;
                final int at = base + from * itemElements;
                if (segment == 0)
                {
                    // The first message of a child may be a notice of an earlier, abandoned call: receive it on its own.
                    s.receive(c, into, kind, at, segmentLength * itemElements, child, tag);
                    for (int t = 1; t < Math.min(segments, 1 + SEGMENTS_POSTED_AHEAD); t++)
                    {
                        postSegment(s, c, posted, j, t, into, base, kind, items, itemElements, segmentItems, child);
                    }
                }
                else
                {
                    s.awaitArrival(c, posted[j * SEGMENTS_POSTED_AHEAD + segment % SEGMENTS_POSTED_AHEAD], into, kind, at,
                        segmentLength * itemElements, child, tag);
                    if (segment + SEGMENTS_POSTED_AHEAD < segments)
                    {
                        postSegment(s, c, posted, j, segment + SEGMENTS_POSTED_AHEAD, into, base, kind, items, itemElements, segmentItems, child);
                    }
                }
                if (intoWork)
                {
                    s.reduce(op, sendBuf, sendOffset + from * itemElements, work, at, segmentLength);
                }
                else
                {
                    s.reduce(op, landing, at, work, workOffset + from * itemElements, segmentLength);
                }
            }
            if (parent >= 0)
            {
                s.send(c, work, kind, workOffset + from * itemElements, segmentLength * itemElements, parent, tag);
            }
        }
    }

    /** Posts the receive of child number {@code j}'s segment {@code t}, into its place from {@code base} of {@code into}. */
    static void postSegment(
        final Steps s, final Communicator c, final ReceiveRequest[] posted, final int j, final int t, final Object into, final int base,
        final Primitive kind, final int items, final int itemElements, final int segmentItems, final int child)
    {
        final int from = t * segmentItems;
        final int slot = j * SEGMENTS_POSTED_AHEAD + t % SEGMENTS_POSTED_AHEAD;
        posted[slot] = s.irecvSlot(c, 1 + slot, into, kind, base + from * itemElements,
            Math.min(segmentItems, items - from) * itemElements, child);
    }

    /**
     * Rabenseifner's algorithm for commutative operations, with ranks relative to the root so that the root is
     * virtual rank 0, the one the blocks are gathered to; see {@link RecursiveHalving}.
     */
    static void reduceScatterGather(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root, final Scratch scratch)
    {
        final int n = c.size();
        final int rel = (c.rank() - root + n) % n;
        final int pof2 = Fold.powerOfTwo(n);
        final int extra = n - pof2;
        final int items = count / itemElements;
        if (Fold.isFoldedAway(rel, extra))
        {
            s.send(c, sendBuf, kind, sendOffset, count, (rel - 1 + root) % n, Transfers.tag(Transfers.TAG_REDUCE, root));
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
                s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
            }
        }
        else
        {
            work = scratch.first(kind, count);
            workOffset = 0;
        }
        if (rel < 2 * extra)
        {
            RecursiveHalving.foldIn(s, c, sendBuf, sendOffset, work, workOffset, holdsMine, kind, count, items, op, (rel + 1 + root) % n,
                scratch, Transfers.tag(Transfers.TAG_REDUCE, root));
            holdsMine = true;
        }
        final int v = Fold.virtualRank(rel, extra);
        RecursiveHalving.reduceScatter(s, c, v, pof2, extra, root, sendBuf, sendOffset, work, workOffset, holdsMine, kind, items,
            itemElements, op, scratch, Transfers.tag(Transfers.TAG_REDUCE, root));
        RecursiveHalving.gatherToZero(s, c, v, pof2, extra, root, work, workOffset, kind, items, itemElements,
            Transfers.tag(Transfers.TAG_REDUCE, root));
    }
}
