package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * Bcast: a binomial tree for small messages and for two ranks; for large messages over more ranks the root
 * scatters the message along a binomial tree and the ranks then gather the pieces in a ring (van de Geijn),
 * which moves each byte fewer times through the busiest rank. Both work in the caller's buffer: no temporaries.
 * Ranks are taken relative to the root, so that the root is relative rank 0.
 */
final class Broadcast
{
    private Broadcast()
    {
    }

    /** Copies {@code count} elements of {@code root}'s buffer into every rank's; {@code c} is on its collective context. */
    static void bcast(final Steps s, final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        final BoardCollectives board = c.board();
        if (board != null && BoardCollectives.carries((long)count * kind.sizeBytes()))
        {
            board.bcast(c, buf, kind, offset, count, root);
        }
        else if (c.size() > 2 && (long)count * kind.sizeBytes() >= CollectiveThresholds.BCAST_SCATTER_MIN_BYTES)
        {
            scatterAllgather(s, c, buf, kind, offset, count, root);
        }
        else
        {
            binomial(s, c, buf, kind, offset, count, root);
        }
    }

    /**
     * Relative rank v receives the whole message from {@code v - 2^k} ({@code 2^k} its lowest set bit), then passes it on;
     * by paired copy where the device has one ({@link Transfers#sendPaired}), parent and child each copying a part.
     */
    static void binomial(
        final Steps s, final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        final int n = c.size();
        final int rel = (c.rank() - root + n) % n;
        int mask = 1;
        while (mask < n)
        {
            if ((rel & mask) != 0)
            {
                s.receivePaired(c, buf, kind, offset, count, (rel - mask + root) % n, Transfers.tag(Transfers.TAG_BCAST, root), true);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1)
        {
            if (rel + mask < n)
            {
                s.sendPaired(c, buf, kind, offset, count, (rel + mask + root) % n, Transfers.tag(Transfers.TAG_BCAST, root), true);
            }
        }
    }

    /**
     * The message is cut into {@code n} blocks, block v for relative rank v. A binomial scatter gives each rank the
     * blocks of its subtree (at least its own); then, in {@code n - 1} ring steps, each rank passes the block it got
     * last to its right neighbour and takes the next from its left one.
     */
    static void scatterAllgather(
        final Steps s, final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        final int n = c.size();
        final int rel = (c.rank() - root + n) % n;
        int mask = 1;
        while (mask < n)
        {
            if ((rel & mask) != 0)
            {
                final int from = Blocks.start(rel, n, count, 1);
                final int length = Blocks.length(rel, Math.min(rel + mask, n), n, count, 1);
                s.receive(c, buf, kind, offset + from, length, (rel - mask + root) % n, Transfers.tag(Transfers.TAG_BCAST, root));
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1)
        {
            final int child = rel + mask;
            if (child < n)
            {
                final int from = Blocks.start(child, n, count, 1);
                final int length = Blocks.length(child, Math.min(child + mask, n), n, count, 1);
                s.send(c, buf, kind, offset + from, length, (child + root) % n, Transfers.tag(Transfers.TAG_BCAST, root));
            }
        }
        final int right = (c.rank() + 1) % n;
        final int left = (c.rank() - 1 + n) % n;
        for (int step = 0; step < n - 1; step++)
        {
            final int outgoing = (rel - step + n) % n;
            final int incoming = (rel - step - 1 + n) % n;
            s.exchange(c, buf, kind, offset + Blocks.start(outgoing, n, count, 1), Blocks.length(outgoing, outgoing + 1, n, count, 1),
                right, buf, offset + Blocks.start(incoming, n, count, 1), Blocks.length(incoming, incoming + 1, n, count, 1), left,
                Transfers.tag(Transfers.TAG_BCAST, root));
        }
    }
}
