package org.openmpj.engine;

import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;

/** Inclusive scan along a chain: rank r waits for the prefix of ranks 0 to r - 1, combines its own, and passes it on. */
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
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final Scratch scratch)
    {
        final int r = c.rank();
        ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
        if (r > 0)
        {
            final Object below = scratch.first(kind, count);
            Transfers.receive(c, below, kind, 0, count, r - 1, Transfers.TAG_SCAN);
            op.reduce(below, 0, recvBuf, recvOffset, count / itemElements);
        }
        if (r + 1 < c.size())
        {
            Transfers.send(c, recvBuf, kind, recvOffset, count, r + 1, Transfers.TAG_SCAN);
        }
    }
}
