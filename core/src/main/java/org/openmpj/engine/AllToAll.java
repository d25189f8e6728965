package org.openmpj.engine;

import org.openmpj.device.ArrayCopy;
import org.openmpj.device.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * Alltoall by pairwise exchange (in step k rank r sends to {@code r + k} and receives from {@code r - k}, n - 1 steps)
 * or, for small blocks over 3 or more ranks, with every transfer started at once. Each pair exchanges one message
 * each way either way, so ranks whose blocks differ in size may choose differently.
 */
final class AllToAll
{
    private AllToAll()
    {
    }

    /**
     * Rank r sends {@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]} to rank i and receives
     * {@code recvCounts[i]} from rank i at {@code recvOffset + recvDispls[i]}; {@code c} is on its collective context.
     */
    static void alltoallv(
        final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int n = c.size();
        if (n > 2 && largestBlock(sendCounts, recvCounts, n) * kind.sizeBytes() <= CollectiveThresholds.ALLTOALL_POSTED_MAX_BYTES)
        {
            allAtOnce(c, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
        }
        else
        {
            pairwise(c, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
        }
    }

    /** In step k rank r sends to {@code r + k} and receives from {@code r - k}: n - 1 exchanges. */
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

    /** Posts every receive, starts every send, then waits: a rank waits for the slowest peer once, not for each in turn. */
    static void allAtOnce(
        final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int n = c.size();
        final int r = c.rank();
        final ReceiveRequest[] receives = new ReceiveRequest[n];
        final Request[] sends = new Request[n];
        for (int step = 1; step < n; step++)
        {
            final int source = (r - step + n) % n;
            receives[source] = Transfers.irecvSlot(c, 1 + source, recvBuf, kind, recvOffset + recvDispls[source], recvCounts[source], source);
        }
        for (int step = 1; step < n; step++)
        {
            final int dest = (r + step) % n;
            sends[dest] = Transfers.isendSlot(c, 1 + dest, sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest,
                Transfers.TAG_ALLTOALL);
        }
        ArrayCopy.copyElements(kind, sendBuf, sendOffset + sendDispls[r], recvBuf, recvOffset + recvDispls[r], sendCounts[r]);
        Transfers.awaitAll(c, receives, Transfers.TAG_ALLTOALL);
        for (int source = 0; source < n; source++)
        {
            if (source != r)
            {
                Transfers.checkArrival(c, receives[source], recvBuf, kind, recvOffset + recvDispls[source], recvCounts[source], source,
                    Transfers.TAG_ALLTOALL);
            }
        }
        Transfers.awaitAll(c, sends, Transfers.TAG_ALLTOALL);
    }

    private static long largestBlock(final int[] sendCounts, final int[] recvCounts, final int n)
    {
        long largest = 0;
        for (int i = 0; i < n; i++)
        {
            largest = Math.max(largest, Math.max(sendCounts[i], recvCounts[i]));
        }
        return largest;
    }
}
