package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * Scans along a chain: rank r waits for the prefix of ranks 0 to r - 1, combines its own, and passes it on. The inclusive
 * scan keeps the prefix with its own; the exclusive one keeps the prefix without it.
 */
final class Scan
{
    private Scan()
    {
    }

    /**
     * Rank i receives the combination, in rank order, of the contributions of ranks 0 to i; {@code c} is on its
     * collective context. The prefix builds up in the receive buffer; only the one received needs scratch.
     */
    static void chain(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int r = c.rank();
        s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        if (r > 0)
        {
            final Object below = scratch.first(kind, count);
            s.receive(c, below, kind, 0, count, r - 1, Transfers.TAG_SCAN);
            s.reduce(op, below, 0, recvBuf, recvOffset, count / itemElements);
        }
        if (r + 1 < c.size())
        {
            s.send(c, recvBuf, kind, recvOffset, count, r + 1, Transfers.TAG_SCAN);
        }
    }

    /**
     * Rank i receives the combination, in rank order, of the contributions of ranks 0 to i - 1 (an exclusive prefix); rank
     * 0's receive buffer is left as it was. {@code c} is on its collective context. A rank copies its contribution aside
     * before the prefix lands, so the receive buffer may be the send buffer.
     */
    static void exclusiveChain(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int r = c.rank();
        final boolean passesOn = r + 1 < c.size();
        if (r == 0)
        {
            if (passesOn)
            {
                s.send(c, sendBuf, kind, sendOffset, count, 1, Transfers.TAG_SCAN);
            }
            return;
        }
        final Object through = passesOn ? scratch.first(kind, count) : null;
        if (passesOn)
        {
            s.copy(kind, sendBuf, sendOffset, through, 0, count);
        }
        s.receive(c, recvBuf, kind, recvOffset, count, r - 1, Transfers.TAG_SCAN);
        if (passesOn)
        {
            s.reduce(op, recvBuf, recvOffset, through, 0, count / itemElements);
            s.send(c, through, kind, 0, count, r + 1, Transfers.TAG_SCAN);
        }
    }
}
