package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * Gather and Scatter, with equal blocks (binomial trees for small messages, direct otherwise) and their v-variants
 * with a count per rank (always direct, since only the root knows every count). In the trees, ranks are relative to
 * the root and relative rank v stands for the subtree of ranks {@code v} to {@code v + 2^k - 1}, {@code 2^k} being
 * v's lowest set bit: an inner rank gathers its subtree's blocks, in relative order, in a scratch array.
 */
final class Gathering
{
    private Gathering()
    {
    }

    /**
     * Each rank sends {@code count} elements; the root places rank i's at {@code recvOffset + i * count}. The receive
     * buffer is used at the root only; {@code c} is on its collective context.
     */
    static void gather(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root, final Scratch scratch)
    {
        final int n = c.size();
        if ((long)n * count * kind.sizeBytes() <= CollectiveThresholds.GATHER_TREE_MAX_BYTES)
        {
            binomialGather(s, c, sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root, scratch);
        }
        else
        {
            directGather(s, c, sendBuf, sendOffset, count, recvBuf, recvOffset, null, null, count, kind, root);
        }
    }

    /**
     * Each rank sends {@code sendCount} elements; the root places rank i's at {@code recvOffset + recvDispls[i]},
     * {@code recvCounts[i]} elements; {@code c} is on its collective context.
     */
    static void gatherv(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind, final int root)
    {
        directGather(s, c, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, 0, kind, root);
    }

    /**
     * The root sends {@code count} elements from {@code sendOffset + i * count} to rank i. The send buffer is used at
     * the root only; {@code c} is on its collective context.
     */
    static void scatter(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root, final Scratch scratch)
    {
        final int n = c.size();
        if ((long)n * count * kind.sizeBytes() <= CollectiveThresholds.GATHER_TREE_MAX_BYTES)
        {
            binomialScatter(s, c, sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root, scratch);
        }
        else
        {
            directScatter(s, c, sendBuf, sendOffset, null, null, count, recvBuf, recvOffset, count, kind, root);
        }
    }

    /** The root sends {@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]} to rank i. */
    static void scatterv(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        directScatter(s, c, sendBuf, sendOffset, sendCounts, sendDispls, recvCount, recvBuf, recvOffset, recvCount, kind, root);
    }

    /**
     * A leaf sends its block to its parent; an inner rank copies its block and receives each child's subtree after
     * it, then sends the lot on; the root finally moves the blocks from relative to rank order.
     */
    static void binomialGather(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root, final Scratch scratch)
    {
        final int n = c.size();
        final int rel = (c.rank() - root + n) % n;
        final int span = subtreeSpan(rel, n);
        if (span == 1 && rel != 0)
        {
            s.send(c, sendBuf, kind, sendOffset, count, (rel - Integer.lowestOneBit(rel) + root) % n,
                Transfers.tag(Transfers.TAG_GATHER, root));
            return;
        }
        final Object subtree = scratch.first(kind, span * count);
        s.copy(kind, sendBuf, sendOffset, subtree, 0, count);
        for (int mask = 1; mask < span; mask <<= 1)
        {
            final int child = rel + mask;
            final int childSpan = Math.min(mask, n - child);
            s.receive(c, subtree, kind, mask * count, childSpan * count, (child + root) % n, Transfers.tag(Transfers.TAG_GATHER, root));
        }
        if (rel != 0)
        {
            s.send(c, subtree, kind, 0, span * count, (rel - Integer.lowestOneBit(rel) + root) % n,
                Transfers.tag(Transfers.TAG_GATHER, root));
            return;
        }
        // Relative ranks 0 .. n - root - 1 are ranks root .. n - 1; the rest wrap around to 0 .. root - 1.
        s.copy(kind, subtree, 0, recvBuf, recvOffset + root * count, (n - root) * count);
        s.copy(kind, subtree, (n - root) * count, recvBuf, recvOffset, root * count);
    }

    /**
     * The root puts the blocks in relative order (unless it is rank 0, where they already are); each inner rank
     * receives its subtree's blocks, sends each child its subtree's, farthest first, and keeps the first.
     */
    static void binomialScatter(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root, final Scratch scratch)
    {
        final int n = c.size();
        final int rel = (c.rank() - root + n) % n;
        final int span = subtreeSpan(rel, n);
        final Object subtree;
        final int subtreeOffset;
        if (rel == 0)
        {
            if (root == 0)
            {
                subtree = sendBuf;
                subtreeOffset = sendOffset;
            }
            else
            {
                subtree = scratch.first(kind, n * count);
                subtreeOffset = 0;
                s.copy(kind, sendBuf, sendOffset + root * count, subtree, 0, (n - root) * count);
                s.copy(kind, sendBuf, sendOffset, subtree, (n - root) * count, root * count);
            }
        }
        else if (span == 1)
        {
            s.receive(c, recvBuf, kind, recvOffset, count, (rel - Integer.lowestOneBit(rel) + root) % n,
                Transfers.tag(Transfers.TAG_SCATTER, root));
            return;
        }
        else
        {
            subtree = scratch.first(kind, span * count);
            subtreeOffset = 0;
            s.receive(c, subtree, kind, 0, span * count, (rel - Integer.lowestOneBit(rel) + root) % n,
                Transfers.tag(Transfers.TAG_SCATTER, root));
        }
        for (int mask = Integer.highestOneBit(span - 1); mask > 0; mask >>= 1)
        {
            final int child = rel + mask;
            if (child < n)
            {
                s.send(c, subtree, kind, subtreeOffset + mask * count, Math.min(mask, n - child) * count, (child + root) % n,
                    Transfers.tag(Transfers.TAG_SCATTER, root));
            }
        }
        s.copy(kind, subtree, subtreeOffset, recvBuf, recvOffset, count);
    }

    /**
     * Every rank sends its block straight to the root, which posts all its receives first so that the senders can copy
     * into its buffer at once. Rank i's block has {@code counts[i]} elements at {@code displs[i]}, or, when
     * {@code counts} is null, {@code block} elements at {@code i * block}.
     */
    private static void directGather(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf,
        final int recvOffset, final int[] counts, final int[] displs, final int block, final Primitive kind, final int root)
    {
        final int n = c.size();
        if (c.rank() != root)
        {
            s.send(c, sendBuf, kind, sendOffset, sendCount, root, Transfers.tag(Transfers.TAG_GATHER, root));
            return;
        }
        final ReceiveRequest[] receives = new ReceiveRequest[n];
        for (int source = 0; source < n; source++)
        {
            if (source != root)
            {
                receives[source] = s.irecvSlot(c, 1 + source, recvBuf, kind, recvOffset + (counts == null ? source * block : displs[source]),
                    counts == null ? block : counts[source], source);
            }
        }
        s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset + (counts == null ? root * block : displs[root]), sendCount);
        s.awaitAll(c, receives, Transfers.tag(Transfers.TAG_GATHER, root));
        for (int source = 0; source < n; source++)
        {
            if (source != root)
            {
                s.checkArrival(c, receives[source], recvBuf, kind, recvOffset + (counts == null ? source * block : displs[source]),
                    counts == null ? block : counts[source], source, Transfers.tag(Transfers.TAG_GATHER, root));
            }
        }
    }

    /**
     * The root starts a send to every rank at once, so that the receivers can copy out of its buffer at once. Rank i's
     * block has {@code counts[i]} elements at {@code displs[i]}, or, when {@code counts} is null, {@code block} elements
     * at {@code i * block}.
     */
    private static void directScatter(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int[] counts, final int[] displs, final int block,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        final int n = c.size();
        if (c.rank() != root)
        {
            s.receive(c, recvBuf, kind, recvOffset, recvCount, root, Transfers.tag(Transfers.TAG_SCATTER, root));
            return;
        }
        final Request[] sends = new Request[n];
        for (int dest = 0; dest < n; dest++)
        {
            final int from = sendOffset + (counts == null ? dest * block : displs[dest]);
            final int length = counts == null ? block : counts[dest];
            if (dest == root)
            {
                s.copy(kind, sendBuf, from, recvBuf, recvOffset, length);
            }
            else
            {
                sends[dest] = s.isendSlot(c, 1 + dest, sendBuf, kind, from, length, dest, Transfers.tag(Transfers.TAG_SCATTER, root));
            }
        }
        s.awaitAll(c, sends, Transfers.tag(Transfers.TAG_SCATTER, root));
    }

    /** @return the number of ranks in relative rank {@code rel}'s subtree: all for the root, else its lowest set bit, cut at n. */
    static int subtreeSpan(final int rel, final int n)
    {
        return rel == 0 ? n : Math.min(Integer.lowestOneBit(rel), n - rel);
    }
}
