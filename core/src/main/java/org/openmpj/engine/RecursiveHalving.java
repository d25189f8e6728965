package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * The halves of Rabenseifner's reduction over the {@code p} virtual ranks of a {@link Fold}: a reduce-scatter by
 * recursive halving, after which each virtual rank holds one fully reduced block of {@code p} ({@link Blocks}), and
 * the two ways back, an allgather by recursive doubling and a binomial gather to virtual rank 0.
 *
 * <p>In step j (j = 0, 1, …) of the reduce-scatter, virtual rank v pairs with {@code v ^ 2^j}: the pair splits the
 * window of blocks both still work on, each keeps one half (the lower rank the lower half) and sends the other,
 * and combines what it receives into the half it keeps. The window of v after k steps therefore starts at block
 * {@code sum over j < k of bit j of v times p / 2^(j+1)} and is {@code p / 2^k} blocks long. The ways back undo
 * the steps in reverse order. Ranks combine in an order that depends on their position, so the reduction must be
 * commutative.
 */
final class RecursiveHalving
{
    private RecursiveHalving()
    {
    }

    /**
     * Receives the contribution of {@code source}, the rank folded into this one, and combines it with this rank's own
     * in {@code work}, which holds this rank's contribution already when {@code holdsMine}, for a commutative operation.
     */
    static void foldIn(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object work, final int workOffset,
        final boolean holdsMine, final Primitive kind, final int count, final int items, final Reduction op, final int source, final Scratch scratch,
        final int tag)
    {
        if (holdsMine)
        {
            final Object theirs = scratch.second(kind, count);
            s.receive(c, theirs, kind, 0, count, source, tag);
            s.reduce(op, theirs, 0, work, workOffset, items);
        }
        else
        {
            s.receive(c, work, kind, workOffset, count, source, tag);
            s.reduce(op, sendBuf, sendOffset, work, workOffset, items);
        }
    }

    /**
     * Reduce-scatter by recursive halving. Afterwards {@code work} holds, in virtual rank v's final window (one block),
     * the reduction of that block over every rank; elsewhere its contents are undefined.
     *
     * @param v              this rank's virtual rank.
     * @param pof2           the number of virtual ranks.
     * @param extra          the number of folded pairs.
     * @param root           the rank that relative ranks count from.
     * @param work           the buffer the reduction builds up in, {@code items * itemElements} elements from {@code workOffset}.
     * @param workHoldsMine  whether {@code work} already holds this rank's contribution (combined with any folded into it);
     *                       when not, it is read from {@code sendBuf}, which is not written.
     */
    static void reduceScatter(
        final Steps s, final Communicator c, final int v, final int pof2, final int extra, final int root,
        final Object sendBuf, final int sendOffset, final Object work, final int workOffset, final boolean workHoldsMine,
        final Primitive kind, final int items, final int itemElements, final Reduction op, final Scratch scratch, final int tag)
    {
        final int n = c.size();
        boolean holdsMine = workHoldsMine;
        int lo = 0;
        int size = pof2;
        for (int mask = 1; mask < pof2; mask <<= 1)
        {
            final int half = size >> 1;
            final boolean upper = (v & mask) != 0;
            final int keepLo = upper ? lo + half : lo;
            final int giveLo = upper ? lo : lo + half;
            final int keepFrom = Blocks.start(keepLo, pof2, items, itemElements);
            final int keepLength = Blocks.length(keepLo, keepLo + half, pof2, items, itemElements);
            final int giveFrom = Blocks.start(giveLo, pof2, items, itemElements);
            final int giveLength = Blocks.length(giveLo, giveLo + half, pof2, items, itemElements);
            final int peer = Fold.rankOf(v ^ mask, extra, root, n);
            if (holdsMine)
            {
                final Object theirs = scratch.second(kind, keepLength);
                s.exchange(c, work, kind, workOffset + giveFrom, giveLength, peer, theirs, 0, keepLength, peer, tag);
                s.reduce(op, theirs, 0, work, workOffset + keepFrom, keepLength / itemElements);
            }
            else
            {
                // The peer's half lands straight in the work buffer and this rank's own is combined into it: no copy first.
                s.exchange(c, sendBuf, kind, sendOffset + giveFrom, giveLength, peer, work, workOffset + keepFrom, keepLength, peer,
                    tag);
                s.reduce(op, sendBuf, sendOffset + keepFrom, work, workOffset + keepFrom, keepLength / itemElements);
                holdsMine = true;
            }
            lo = keepLo;
            size = half;
        }
        if (!holdsMine)
        {
            // A single virtual rank: its contribution is the result.
            s.copy(kind, sendBuf, sendOffset, work, workOffset, items * itemElements);
        }
    }

    /** Allgather by recursive doubling after {@link #reduceScatter}: afterwards every rank's {@code work} holds every block. */
    static void allgather(
        final Steps s, final Communicator c, final int v, final int pof2, final int extra, final int root,
        final Object work, final int workOffset, final Primitive kind, final int items, final int itemElements, final int tag)
    {
        final int n = c.size();
        for (int mask = pof2 >> 1; mask > 0; mask >>= 1)
        {
            final int steps = Integer.numberOfTrailingZeros(mask) + 1;
            final int size = pof2 >> steps;
            final int partner = v ^ mask;
            final int mine = windowStart(v, pof2, steps);
            final int theirs = windowStart(partner, pof2, steps);
            final int peer = Fold.rankOf(partner, extra, root, n);
            s.exchange(c,
                work, kind, workOffset + Blocks.start(mine, pof2, items, itemElements), Blocks.length(mine, mine + size, pof2, items, itemElements),
                peer,
                work, workOffset + Blocks.start(theirs, pof2, items, itemElements),
                Blocks.length(theirs, theirs + size, pof2, items, itemElements), peer, tag);
        }
    }

    /**
     * Binomial gather to virtual rank 0 after {@link #reduceScatter}: afterwards virtual rank 0's {@code work} holds every
     * block. Virtual rank v sends its window to {@code v - 2^j} in the step that undoes reduce-scatter step j, j being
     * v's highest set bit, having first received the windows of the ranks that send to it.
     */
    static void gatherToZero(
        final Steps s, final Communicator c, final int v, final int pof2, final int extra, final int root,
        final Object work, final int workOffset, final Primitive kind, final int items, final int itemElements, final int tag)
    {
        final int n = c.size();
        for (int mask = pof2 >> 1; mask > 0; mask >>= 1)
        {
            final int steps = Integer.numberOfTrailingZeros(mask) + 1;
            final int size = pof2 >> steps;
            final int partner = v ^ mask;
            final int peer = Fold.rankOf(partner, extra, root, n);
            if ((v & mask) != 0)
            {
                final int mine = windowStart(v, pof2, steps);
                s.send(c, work, kind, workOffset + Blocks.start(mine, pof2, items, itemElements),
                    Blocks.length(mine, mine + size, pof2, items, itemElements), peer, tag);
                return;
            }
            final int theirs = windowStart(partner, pof2, steps);
            s.receive(c, work, kind, workOffset + Blocks.start(theirs, pof2, items, itemElements),
                Blocks.length(theirs, theirs + size, pof2, items, itemElements), peer, tag);
        }
    }

    /** @return the first block of virtual rank {@code v}'s window after {@code steps} reduce-scatter steps. */
    static int windowStart(final int v, final int pof2, final int steps)
    {
        int start = 0;
        for (int j = 0; j < steps; j++)
        {
            if ((v >> j & 1) != 0)
            {
                start += pof2 >> (j + 1);
            }
        }
        return start;
    }
}
