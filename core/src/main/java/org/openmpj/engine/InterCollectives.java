package org.openmpj.engine;

import org.openmpj.OpenMpjException;
import org.openmpj.device.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.device.SendMode;

/**
 * The collective operations of an intercommunicator, as MPI defines them: data flows from one group to the
 * other. In a rooted operation the root passes {@link Intercommunicator#ROOT}, the rest of its group
 * {@link Communicator#PROC_NULL} (they take no part), and every rank of the other group the root's rank.
 * A group's own steps (combining its contributions, spreading what its leader received) run on its local
 * communicator with the intracommunicator algorithms; what crosses goes between the leaders, or between every
 * pair where each rank's data is its own. Offsets and counts are in elements.
 *
 * <p>Thread-safety: as {@link Collectives}. Arguments are trusted: the API façade checks them.
 */
public final class InterCollectives
{
    private static final int TAG_BARRIER = 1;
    private static final int TAG_BCAST = 2;
    private static final int TAG_REDUCE = 3;
    private static final int TAG_ALLREDUCE = 4;
    private static final int TAG_GATHER = 5;
    private static final int TAG_SCATTER = 6;
    private static final int TAG_ALLGATHER = 7;
    private static final int TAG_ALLTOALL = 8;
    private static final int TAG_REDUCE_SCATTER = 9;
    private static final byte[] NOTHING = new byte[0];

    private InterCollectives()
    {
    }

    /** Returns once every rank of both groups has entered. */
    public static void barrier(final Intercommunicator comm)
    {
        final Communicator local = comm.local();
        Collectives.barrier(local);
        if (local.rank() == 0)
        {
            comm.leaders(TAG_BARRIER).exchange(NOTHING, Primitive.BYTE, 0, NOTHING, 0);
        }
        Collectives.bcast(local, NOTHING, Primitive.BYTE, 0, 0, 0);
    }

    /** Copies the root's {@code count} elements into the buffer of every rank of the other group. */
    public static void bcast(
        final Intercommunicator comm, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        final Communicator across = comm.remote().collectives();
        if (root == Intercommunicator.ROOT)
        {
            across.send(buf, kind, offset, count, 0, TAG_BCAST, SendMode.STANDARD);
        }
        else if (root != Communicator.PROC_NULL)
        {
            if (comm.rank() == 0)
            {
                receive(across, buf, kind, offset, count, root, TAG_BCAST);
            }
            Collectives.bcast(comm.local(), buf, kind, offset, count, 0);
        }
    }

    /** Combines, in rank order, the other group's {@code count} elements into the root's receive buffer. */
    public static void reduce(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        final Communicator across = comm.remote().collectives();
        if (root == Intercommunicator.ROOT)
        {
            receive(across, recvBuf, kind, recvOffset, count, 0, TAG_REDUCE);
        }
        else if (root != Communicator.PROC_NULL)
        {
            final Object combined = combineAtLeader(comm, sendBuf, sendOffset, kind, count, itemElements, op);
            if (comm.rank() == 0)
            {
                across.send(combined, kind, 0, count, root, TAG_REDUCE, SendMode.STANDARD);
            }
        }
    }

    /** Every rank receives the combination, in rank order, of the other group's {@code count} elements. */
    public static void allreduce(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        final Object combined = combineAtLeader(comm, sendBuf, sendOffset, kind, count, itemElements, op);
        if (comm.rank() == 0)
        {
            exchangeAt(comm.remote().collectives(), combined, 0, count, recvBuf, recvOffset, count, kind, TAG_ALLREDUCE);
        }
        Collectives.bcast(comm.local(), recvBuf, kind, recvOffset, count, 0);
    }

    /**
     * Combines, in rank order, the other group's vectors of {@code sum(recvCounts)} elements; rank i of this group
     * receives {@code recvCounts[i]} elements of the result, in order. Both groups' counts add up to the same total.
     */
    public static void reduceScatter(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int[] recvCounts, final Primitive kind, final int itemElements, final Reduction op)
    {
        final int n = comm.localSize();
        final int[] displs = new int[n];
        int total = recvCounts[0];
        for (int i = 1; i < n; i++)
        {
            displs[i] = displs[i - 1] + recvCounts[i - 1];
            total += recvCounts[i];
        }
        final Object combined = combineAtLeader(comm, sendBuf, sendOffset, kind, total, itemElements, op);
        Object theirs = null;
        if (comm.rank() == 0)
        {
            theirs = kind.newArray(total);
            exchangeAt(comm.remote().collectives(), combined, 0, total, theirs, 0, total, kind, TAG_REDUCE_SCATTER);
        }
        Collectives.scatterv(comm.local(), theirs, 0, recvCounts, displs, recvBuf, recvOffset, recvCounts[comm.rank()], kind, 0);
    }

    /** Each rank of the other group sends {@code sendCount} elements; the root places rank i's at {@code recvDispls[i]}. */
    public static void gatherv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind, final int root)
    {
        final Communicator across = comm.remote().collectives();
        if (root == Intercommunicator.ROOT)
        {
            final ReceiveRequest[] receives = new ReceiveRequest[comm.remoteSize()];
            for (int source = 0; source < receives.length; source++)
            {
                receives[source] = across.irecv(recvBuf, kind, recvOffset + recvDispls[source], recvCounts[source], source, TAG_GATHER);
            }
            awaitAll(across, receives);
        }
        else if (root != Communicator.PROC_NULL)
        {
            across.send(sendBuf, kind, sendOffset, sendCount, root, TAG_GATHER, SendMode.STANDARD);
        }
    }

    /** The root sends {@code sendCounts[i]} elements from {@code sendDispls[i]} to rank i of the other group. */
    public static void scatterv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        final Communicator across = comm.remote().collectives();
        if (root == Intercommunicator.ROOT)
        {
            final Request[] sends = new Request[comm.remoteSize()];
            for (int dest = 0; dest < sends.length; dest++)
            {
                sends[dest] = across.isend(sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest, TAG_SCATTER,
                    SendMode.STANDARD);
            }
            awaitAll(across, sends);
        }
        else if (root != Communicator.PROC_NULL)
        {
            receive(across, recvBuf, kind, recvOffset, recvCount, root, TAG_SCATTER);
        }
    }

    /** Every rank receives, from each rank i of the other group, {@code recvCounts[i]} elements at {@code recvDispls[i]}. */
    public static void allgatherv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int[] sendDispls = new int[comm.remoteSize()];
        final int[] sendCounts = Collectives.counts(comm.remoteSize(), sendCount);
        exchangeWithEveryone(comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind,
            TAG_ALLGATHER);
    }

    /** Every rank sends its block i to rank i of the other group and receives that rank's block for it at its block i. */
    public static void alltoallv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        exchangeWithEveryone(comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind,
            TAG_ALLTOALL);
    }

    /** @return at the leader, the combination in rank order of the group's contributions; null elsewhere. */
    private static Object combineAtLeader(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Primitive kind, final int count,
        final int itemElements, final Reduction op)
    {
        final Object combined = comm.rank() == 0 ? kind.newArray(count) : null;
        Collectives.reduce(comm.local(), sendBuf, sendOffset, combined, 0, kind, count, itemElements, op, 0);
        return combined;
    }

    private static void exchangeWithEveryone(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind, final int tag)
    {
        final Communicator across = comm.remote().collectives();
        final int n = comm.remoteSize();
        final ReceiveRequest[] receives = new ReceiveRequest[n];
        final Request[] sends = new Request[n];
        for (int peer = 0; peer < n; peer++)
        {
            receives[peer] = across.irecv(recvBuf, kind, recvOffset + recvDispls[peer], recvCounts[peer], peer, tag);
        }
        // Starting with the rank of the same number spreads the first messages over the other group's ranks.
        for (int step = 0; step < n; step++)
        {
            final int peer = (comm.rank() + step) % n;
            sends[peer] = across.isend(sendBuf, kind, sendOffset + sendDispls[peer], sendCounts[peer], peer, tag, SendMode.STANDARD);
        }
        awaitAll(across, receives);
        awaitAll(across, sends);
    }

    private static void exchangeAt(
        final Communicator across, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int tag)
    {
        final Request sent = across.isend(sendBuf, kind, sendOffset, sendCount, 0, tag, SendMode.STANDARD);
        receive(across, recvBuf, kind, recvOffset, recvCount, 0, tag);
        across.await(sent);
    }

    private static void receive(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag)
    {
        final ReceiveRequest request = c.recv(buf, kind, offset, count, source, tag);
        final OpenMpjException error = request.error();
        if (error != null)
        {
            throw error;
        }
    }

    private static void awaitAll(final Communicator c, final Request[] requests)
    {
        for (final Request request : requests)
        {
            c.await(request);
            final OpenMpjException error = request.error();
            if (error != null)
            {
                throw error;
            }
        }
    }
}
