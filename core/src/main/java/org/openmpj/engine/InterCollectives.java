package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * The collective operations of an intercommunicator, as MPI defines them: data flows from one group to the
 * other. In a rooted operation the root passes {@link Intercommunicator#ROOT}, the rest of its group
 * {@link Communicator#PROC_NULL} (they take no part), and every rank of the other group the root's rank.
 * A group's own steps (combining its contributions, spreading what its leader received) run on its local
 * communicator with the intracommunicator algorithms; what crosses goes between the leaders, or between every
 * pair where each rank's data is its own. Offsets and counts are in elements. The messages that cross are those
 * of {@link Transfers}, so mismatched calls across the two groups are found as within one.
 *
 * <p>Each operation is written once over {@link Steps} for what crosses and {@link CollectiveCalls} for the group's own
 * steps: the public methods here take them at once (blocking), and {@link ScheduledInterCalls} writes them down as one
 * schedule (non-blocking).
 *
 * <p>Thread-safety: as {@link Collectives}. Arguments are trusted: the API façade checks them.
 */
public final class InterCollectives
{
    private static final byte[] NOTHING = new byte[0];

    private InterCollectives()
    {
    }

    /** Returns once every rank of both groups has entered. */
    public static void barrier(final Intercommunicator comm)
    {
        barrier(Steps.NOW, CollectiveCalls.BLOCKING, begin(comm), comm);
    }

    /** Copies the root's {@code count} elements into the buffer of every rank of the other group. */
    public static void bcast(
        final Intercommunicator comm, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        bcast(Steps.NOW, CollectiveCalls.BLOCKING, begin(comm), comm, buf, kind, offset, count, root);
    }

    /** Combines, in rank order, the other group's {@code count} elements into the root's receive buffer. */
    public static void reduce(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        reduce(Steps.NOW, CollectiveCalls.BLOCKING, begin(comm), comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op,
            root);
    }

    /** Every rank receives the combination, in rank order, of the other group's {@code count} elements. */
    public static void allreduce(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        allreduce(Steps.NOW, CollectiveCalls.BLOCKING, begin(comm), comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements,
            op);
    }

    /**
     * Combines, in rank order, the other group's vectors of {@code sum(recvCounts)} elements; rank i of this group
     * receives {@code recvCounts[i]} elements of the result, in order. Both groups' counts add up to the same total.
     */
    public static void reduceScatter(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int[] recvCounts, final Primitive kind, final int itemElements, final Reduction op)
    {
        reduceScatter(Steps.NOW, CollectiveCalls.BLOCKING, begin(comm), comm, sendBuf, sendOffset, recvBuf, recvOffset, recvCounts, kind,
            itemElements, op);
    }

    /** Each rank of the other group sends {@code sendCount} elements; the root places rank i's at {@code recvDispls[i]}. */
    public static void gatherv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind, final int root)
    {
        gatherv(Steps.NOW, begin(comm), comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind, root);
    }

    /** The root sends {@code sendCounts[i]} elements from {@code sendDispls[i]} to rank i of the other group. */
    public static void scatterv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        scatterv(Steps.NOW, begin(comm), comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCount, kind, root);
    }

    /** Every rank receives, from each rank i of the other group, {@code recvCounts[i]} elements at {@code recvDispls[i]}. */
    public static void allgatherv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        allgatherv(Steps.NOW, begin(comm), comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind);
    }

    /** Every rank sends its block i to rank i of the other group and receives that rank's block for it at its block i. */
    public static void alltoallv(
        final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        exchangeWithEveryone(Steps.NOW, begin(comm), comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts,
            recvDispls, kind, Transfers.TAG_ALLTOALL);
    }

    /**
     * Counts a collective call on {@code comm}. The API calls it once per collective on every rank of both groups,
     * the ranks that take no part ({@code PROC_NULL}) included, before the operations here: the count is part of the
     * tag of what crosses, so it must move alike everywhere.
     */
    public static void count(final Intercommunicator comm)
    {
        comm.remote().collectives().nextCollective();
    }

    // ---------------------------------------------------------------- the operations, over steps

    static void barrier(final Steps s, final CollectiveCalls group, final Communicator across, final Intercommunicator comm)
    {
        final Communicator local = comm.local();
        group.barrier(local);
        if (comm.rank() == 0)
        {
            s.exchange(across, NOTHING, Primitive.BYTE, 0, 0, 0, NOTHING, 0, 0, 0, Transfers.TAG_BARRIER);
        }
        group.bcast(local, NOTHING, Primitive.BYTE, 0, 0, 0);
    }

    static void bcast(
        final Steps s, final CollectiveCalls group, final Communicator across, final Intercommunicator comm, final Object buf,
        final Primitive kind, final int offset, final int count, final int root)
    {
        if (root == Intercommunicator.ROOT)
        {
            s.send(across, buf, kind, offset, count, 0, Transfers.tag(Transfers.TAG_BCAST, comm.rank()));
        }
        else if (root != Communicator.PROC_NULL)
        {
            if (comm.rank() == 0)
            {
                s.receive(across, buf, kind, offset, count, root, Transfers.tag(Transfers.TAG_BCAST, root));
            }
            group.bcast(comm.local(), buf, kind, offset, count, 0);
        }
    }

    static void reduce(
        final Steps s, final CollectiveCalls group, final Communicator across, final Intercommunicator comm, final Object sendBuf,
        final int sendOffset, final Object recvBuf, final int recvOffset, final Primitive kind, final int count, final int itemElements,
        final Reduction op, final int root)
    {
        if (root == Intercommunicator.ROOT)
        {
            s.receive(across, recvBuf, kind, recvOffset, count, 0, Transfers.tag(Transfers.TAG_REDUCE, comm.rank()));
        }
        else if (root != Communicator.PROC_NULL)
        {
            final Object combined = combineAtLeader(group, comm, sendBuf, sendOffset, kind, count, itemElements, op);
            if (comm.rank() == 0)
            {
                s.send(across, combined, kind, 0, count, root, Transfers.tag(Transfers.TAG_REDUCE, root));
            }
        }
    }

    static void allreduce(
        final Steps s, final CollectiveCalls group, final Communicator across, final Intercommunicator comm, final Object sendBuf,
        final int sendOffset, final Object recvBuf, final int recvOffset, final Primitive kind, final int count, final int itemElements,
        final Reduction op)
    {
        final Object combined = combineAtLeader(group, comm, sendBuf, sendOffset, kind, count, itemElements, op);
        if (comm.rank() == 0)
        {
            s.exchange(across, combined, kind, 0, count, 0, recvBuf, recvOffset, count, 0, Transfers.TAG_ALLREDUCE);
        }
        group.bcast(comm.local(), recvBuf, kind, recvOffset, count, 0);
    }

    static void reduceScatter(
        final Steps s, final CollectiveCalls group, final Communicator across, final Intercommunicator comm, final Object sendBuf,
        final int sendOffset, final Object recvBuf, final int recvOffset, final int[] recvCounts, final Primitive kind,
        final int itemElements, final Reduction op)
    {
        final int n = comm.localSize();
        final int[] displs = new int[n];
        int total = recvCounts[0];
        for (int i = 1; i < n; i++)
        {
            displs[i] = displs[i - 1] + recvCounts[i - 1];
            total += recvCounts[i];
        }
        final Object combined = combineAtLeader(group, comm, sendBuf, sendOffset, kind, total, itemElements, op);
        Object theirs = null;
        if (comm.rank() == 0)
        {
            theirs = kind.newArray(total);
            s.exchange(across, combined, kind, 0, total, 0, theirs, 0, total, 0, Transfers.TAG_REDUCE_SCATTER);
        }
        group.scatterv(comm.local(), theirs, 0, recvCounts, displs, recvBuf, recvOffset, recvCounts[comm.rank()], kind, 0);
    }

    static void gatherv(
        final Steps s, final Communicator across, final Intercommunicator comm, final Object sendBuf, final int sendOffset,
        final int sendCount, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind,
        final int root)
    {
        if (root == Intercommunicator.ROOT)
        {
            final int tag = Transfers.tag(Transfers.TAG_GATHER, comm.rank());
            final ReceiveRequest[] receives = new ReceiveRequest[comm.remoteSize()];
            for (int source = 0; source < receives.length; source++)
            {
                receives[source] = s.irecvSlot(across, 1 + source, recvBuf, kind, recvOffset + recvDispls[source], recvCounts[source], source);
            }
            awaitReceives(s, across, receives, recvBuf, kind, recvOffset, recvCounts, recvDispls, tag);
        }
        else if (root != Communicator.PROC_NULL)
        {
            s.send(across, sendBuf, kind, sendOffset, sendCount, root, Transfers.tag(Transfers.TAG_GATHER, root));
        }
    }

    static void scatterv(
        final Steps s, final Communicator across, final Intercommunicator comm, final Object sendBuf, final int sendOffset,
        final int[] sendCounts, final int[] sendDispls, final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind,
        final int root)
    {
        if (root == Intercommunicator.ROOT)
        {
            final int tag = Transfers.tag(Transfers.TAG_SCATTER, comm.rank());
            final Request[] sends = new Request[comm.remoteSize()];
            for (int dest = 0; dest < sends.length; dest++)
            {
                sends[dest] = s.isendSlot(across, 1 + dest, sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest, tag);
            }
            s.awaitAll(across, sends, tag);
        }
        else if (root != Communicator.PROC_NULL)
        {
            s.receive(across, recvBuf, kind, recvOffset, recvCount, root, Transfers.tag(Transfers.TAG_SCATTER, root));
        }
    }

    static void allgatherv(
        final Steps s, final Communicator across, final Intercommunicator comm, final Object sendBuf, final int sendOffset,
        final int sendCount, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int[] sendDispls = new int[comm.remoteSize()];
        final int[] sendCounts = Collectives.counts(comm.remoteSize(), sendCount);
        exchangeWithEveryone(s, across, comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind,
            Transfers.TAG_ALLGATHER);
    }

    static void exchangeWithEveryone(
        final Steps s, final Communicator across, final Intercommunicator comm, final Object sendBuf, final int sendOffset,
        final int[] sendCounts, final int[] sendDispls, final Object recvBuf, final int recvOffset, final int[] recvCounts,
        final int[] recvDispls, final Primitive kind, final int tag)
    {
        final int n = comm.remoteSize();
        final ReceiveRequest[] receives = new ReceiveRequest[n];
        final Request[] sends = new Request[n];
        for (int peer = 0; peer < n; peer++)
        {
            receives[peer] = s.irecvSlot(across, 1 + peer, recvBuf, kind, recvOffset + recvDispls[peer], recvCounts[peer], peer);
        }
        // Starting with the rank of the same number spreads the first messages over the other group's ranks.
        for (int step = 0; step < n; step++)
        {
            final int peer = (comm.rank() + step) % n;
            sends[peer] = s.isendSlot(across, 1 + peer, sendBuf, kind, sendOffset + sendDispls[peer], sendCounts[peer], peer, tag);
        }
        awaitReceives(s, across, receives, recvBuf, kind, recvOffset, recvCounts, recvDispls, tag);
        s.awaitAll(across, sends, tag);
    }

    /** @return the communicator to the other group on the collective context. */
    private static Communicator begin(final Intercommunicator comm)
    {
        return comm.remote().collectives();
    }

    /** @return at the leader, the combination in rank order of the group's contributions; null elsewhere. */
    private static Object combineAtLeader(
        final CollectiveCalls group, final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Primitive kind,
        final int count, final int itemElements, final Reduction op)
    {
        final Object combined = comm.rank() == 0 ? kind.newArray(count) : null;
        group.reduce(comm.local(), sendBuf, sendOffset, combined, 0, kind, count, itemElements, op, 0);
        return combined;
    }

    /** Waits for every receive, then checks each took a message of this collective and of its length. */
    private static void awaitReceives(
        final Steps s, final Communicator across, final ReceiveRequest[] receives, final Object recvBuf, final Primitive kind,
        final int recvOffset, final int[] counts, final int[] displs, final int tag)
    {
        s.awaitAll(across, receives, tag);
        for (int source = 0; source < receives.length; source++)
        {
            s.checkArrival(across, receives[source], recvBuf, kind, recvOffset + displs[source], counts[source], source, tag);
        }
    }
}
