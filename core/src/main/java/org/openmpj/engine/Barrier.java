package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * The dissemination barrier: in round k each rank signals rank {@code r + 2^k} and waits for rank {@code r - 2^k},
 * so after {@code ceil(log2 n)} rounds every rank has heard, directly or not, from every other.
 */
final class Barrier
{
    private static final byte[] NOTHING = new byte[0];

    private Barrier()
    {
    }

    /** Returns once every rank of {@code c} has entered; {@code c} is on its collective context. */
    static void dissemination(final Steps s, final Communicator c)
    {
        final int n = c.size();
        final int r = c.rank();
        for (int distance = 1; distance < n; distance <<= 1)
        {
            s.exchange(c, NOTHING, Primitive.BYTE, 0, 0, (r + distance) % n,
                NOTHING, 0, 0, (r - distance + n) % n, Transfers.TAG_BARRIER);
        }
    }
}
