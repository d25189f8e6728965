package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * The neighbour collectives of a communicator with a process topology: each rank sends a block to each of its
 * {@link Neighborhood}'s destinations and receives one from each of its sources, every transfer started at once and
 * then awaited, so that a rank waits for its slowest neighbour once.
 */
final class Neighbors
{
    private Neighbors()
    {
    }

    /**
     * Sends block i ({@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]}) to destination i and receives
     * block i ({@code recvCounts[i]} elements at {@code recvOffset + recvDispls[i]}) from source i; {@code c} is on its
     * collective context. An allgather sends one block everywhere: every send displacement alike.
     */
    static void alltoallv(
        final Steps s, final Communicator c, final Neighborhood hood, final Object sendBuf, final int sendOffset, final int[] sendCounts,
        final int[] sendDispls, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls,
        final Primitive kind)
    {
        final ReceiveRequest[] receives = new ReceiveRequest[hood.inDegree()];
        final Request[] sends = new Request[hood.outDegree()];
        for (int i = 0; i < receives.length; i++)
        {
            final int source = hood.source(i);
            if (source != Communicator.PROC_NULL)
            {
                receives[i] = s.irecvSlot(c, 1 + i, recvBuf, kind, recvOffset + recvDispls[i], recvCounts[i], source);
            }
        }
        for (int k = 0; k < sends.length; k++)
        {
            final int block = hood.sendBlock(k);
            final int dest = hood.destination(block);
            if (dest != Communicator.PROC_NULL)
            {
                sends[k] = s.isendSlot(c, 1 + k, sendBuf, kind, sendOffset + sendDispls[block], sendCounts[block], dest,
                    Transfers.TAG_NEIGHBOR);
            }
        }
        s.awaitAll(c, receives, Transfers.TAG_NEIGHBOR);
        for (int i = 0; i < receives.length; i++)
        {
            if (receives[i] != null)
            {
                s.checkArrival(c, receives[i], recvBuf, kind, recvOffset + recvDispls[i], recvCounts[i], hood.source(i),
                    Transfers.TAG_NEIGHBOR);
            }
        }
        s.awaitAll(c, sends, Transfers.TAG_NEIGHBOR);
    }
}
