package org.openmpj.engine;

import org.openmpj.device.ArrayCopy;
import org.openmpj.device.Primitive;

/** Alltoall by pairwise exchange: in step k rank r sends to {@code r + k} and receives from {@code r - k}, n - 1 steps. */
final class AllToAll
{
    private AllToAll()
    {
    }

    /**
     * Rank r sends {@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]} to rank i and receives
     * {@code recvCounts[i]} from rank i at {@code recvOffset + recvDispls[i]}; {@code c} is on its collective context.
     */
    static void pairwise(
        final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int n = c.size();
        final int r = c.rank();
        ArrayCopy.copyElements(kind, sendBuf, sendOffset + sendDispls[r], recvBuf, recvOffset + recvDispls[r], sendCounts[r]);
        for (int step = 1; step < n; step++)
        {
            final int dest = (r + step) % n;
            final int source = (r - step + n) % n;
            Transfers.exchange(c, sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest,
                recvBuf, recvOffset + recvDispls[source], recvCounts[source], source, Transfers.TAG_ALLTOALL);
        }
    }
}
