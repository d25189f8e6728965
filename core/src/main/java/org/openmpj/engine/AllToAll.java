package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * Alltoall by pairwise exchange (in step k rank r sends to {@code r + k} and receives from {@code r - k}, n - 1 steps)
 * or, for small blocks over 3 or more ranks and for larger ones among more ranks than cores, with every transfer started
 * at once. Each pair exchanges one message each way either way, so ranks whose blocks differ in size may choose
 * differently.
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
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int n = c.size();
        final long largestBytes = largestBlock(sendCounts, recvCounts, n) * kind.sizeBytes();
        // Each pair exchanges one message each way either way, so this rank may judge by its own waits alone.
        if (n > 2 && largestBytes <= CollectiveThresholds.ALLTOALL_POSTED_MAX_BYTES || startsAllAtOnce(c, !c.waitsSpin(), largestBytes))
        {
            allAtOnce(s, c, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind, Transfers.TAG_ALLTOALL);
        }
        else
        {
            pairwise(s, c, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
        }
    }

    /**
     * @param ranksShareCores whether the ranks share cores, as the caller may judge it: by this rank's waits where ranks may
     *                        choose differently, else {@link Communicator#ranksShareCoresAlike}.
     * @return whether an exchange with every other rank of {@code c}, in blocks of up to {@code blockBytes}, starts all its
     *         transfers at once because the ranks share cores (see {@link CollectiveThresholds#OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES}):
     *         taken in turn, each step would wait for its peer to be scheduled. Over the network only eager blocks do: a
     *         rendezvous with every peer at once gained nothing.
     */
    static boolean startsAllAtOnce(final Communicator c, final boolean ranksShareCores, final long blockBytes)
    {
        return c.size() > 2 && ranksShareCores && blockBytes >= CollectiveThresholds.OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES
            && (c.sharesMemory() || blockBytes <= c.device().eagerLimitBytes());
    }

    /** In step k rank r sends to {@code r + k} and receives from {@code r - k}: n - 1 exchanges. */
    static void pairwise(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int n = c.size();
        final int r = c.rank();
        s.copy(kind, sendBuf, sendOffset + sendDispls[r], recvBuf, recvOffset + recvDispls[r], sendCounts[r]);
        for (int step = 1; step < n; step++)
        {
            final int dest = (r + step) % n;
            final int source = (r - step + n) % n;
            s.exchange(c, sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest,
                recvBuf, recvOffset + recvDispls[source], recvCounts[source], source, Transfers.TAG_ALLTOALL);
        }
    }

    /**
     * Posts every receive, starts every send, then waits: a rank waits for the slowest peer once, not for each in turn.
     * {@code tag} is the operation family the messages carry (Allgather sends the same block to every rank this way).
     */
    static void allAtOnce(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind, final int tag)
    {
        final int n = c.size();
        final int r = c.rank();
        final ReceiveRequest[] receives = new ReceiveRequest[n];
        final Request[] sends = new Request[n];
        for (int step = 1; step < n; step++)
        {
            final int source = (r - step + n) % n;
            receives[source] = s.irecvSlot(c, 1 + source, recvBuf, kind, recvOffset + recvDispls[source], recvCounts[source], source);
        }
        for (int step = 1; step < n; step++)
        {
            final int dest = (r + step) % n;
            sends[dest] = s.isendSlot(c, 1 + dest, sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest,
                tag);
        }
        s.copy(kind, sendBuf, sendOffset + sendDispls[r], recvBuf, recvOffset + recvDispls[r], sendCounts[r]);
        s.awaitAll(c, receives, tag);
        for (int source = 0; source < n; source++)
        {
            if (source != r)
            {
                s.checkArrival(c, receives[source], recvBuf, kind, recvOffset + recvDispls[source], recvCounts[source], source,
                    tag);
            }
        }
        s.awaitAll(c, sends, tag);
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
