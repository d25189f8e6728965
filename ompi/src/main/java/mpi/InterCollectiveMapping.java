package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.engine.InterCalls;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.datatype.TypedInterCollectives;

/**
 * The collectives of an intercommunicator from the arguments of Open MPI's API to the engine's {@link TypedInterCollectives},
 * blocking ({@link InterCalls#BLOCKING}) or started ({@link org.openmpj.engine.ScheduledInterCalls}): data moves from one
 * group to the other. In a rooted call the root passes {@link MPI#ROOT}, the rest of its group {@link MPI#PROC_NULL}, and
 * the other group the root's rank there; per-rank counts and displacements are per rank of the other group. Each call
 * enters first on every rank ({@link InterCalls#enter}), as the engine's intercommunicator collectives require, so that a
 * refusal here leaves the ranks agreeing on what comes next. Failures are thrown for the communicator to raise.
 */
final class InterCollectiveMapping
{
    private static final String WHOSE = "rank of the other group";

    private InterCollectiveMapping()
    {
    }

    static void barrier(final InterCalls calls, final Intercommunicator ic)
    {
        calls.enter(ic);
        calls.barrier(ic);
    }

    static void bcast(final InterCalls calls, final Intercommunicator ic, final String call, final Object buf, final int count, final Datatype type,
        final int root)
        throws MPIException
    {
        calls.enter(ic);
        if (root(call, ic, root))
        {
            final Buffers.Payload data = CollectiveMapping.payload(call, "buf", buf, type, root != MPI.ROOT, calls != InterCalls.BLOCKING);
            Buffers.items(call, "buf", data, 0, count, type);
            TypedInterCollectives.bcast(calls, ic, null, data.memory(), data.offset(), count, type.map(), root);
        }
    }

    static void gatherv(final InterCalls calls, final Intercommunicator ic, final String call, final Object sendbuf, final int sendcount,
        final Datatype sendtype,
        final Object recvbuf, final int[] recvcounts, final int[] displs, final Datatype recvtype, final int root) throws MPIException
    {
        calls.enter(ic);
        if (!root(call, ic, root))
        {
            return;
        }
        if (root == MPI.ROOT)
        {
            final Buffers.Payload recv = CollectiveMapping.payload(call, "recvbuf", recvbuf, recvtype, true, calls != InterCalls.BLOCKING);
            CollectiveMapping.blocks(call, "recvbuf", ic.remoteSize(), WHOSE, recv, recvcounts, displs, recvtype);
            TypedInterCollectives.gatherv(calls, ic, null, null, 0, 0, recvtype.map(), recv.memory(), recv.offset(), recvcounts, displs,
                recvtype.map(), root);
        }
        else
        {
            final Buffers.Payload send = CollectiveMapping.payload(call, "sendbuf", sendbuf, sendtype, false, calls != InterCalls.BLOCKING);
            Buffers.items(call, "sendbuf", send, 0, sendcount, sendtype);
            TypedInterCollectives.gatherv(calls, ic, null, send.memory(), send.offset(), sendcount, sendtype.map(), null, 0, null, null,
                sendtype.map(), root);
        }
    }

    static void scatterv(final InterCalls calls, final Intercommunicator ic, final String call, final Object sendbuf, final int[] sendcounts,
        final int[] displs,
        final Datatype sendtype, final Object recvbuf, final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        calls.enter(ic);
        if (!root(call, ic, root))
        {
            return;
        }
        if (root == MPI.ROOT)
        {
            final Buffers.Payload send = CollectiveMapping.payload(call, "sendbuf", sendbuf, sendtype, false, calls != InterCalls.BLOCKING);
            CollectiveMapping.blocks(call, "sendbuf", ic.remoteSize(), WHOSE, send, sendcounts, displs, sendtype);
            TypedInterCollectives.scatterv(calls, ic, null, send.memory(), send.offset(), sendcounts, displs, sendtype.map(), null, 0, 0,
                sendtype.map(), root);
        }
        else
        {
            final Buffers.Payload recv = CollectiveMapping.payload(call, "recvbuf", recvbuf, recvtype, true, calls != InterCalls.BLOCKING);
            Buffers.items(call, "recvbuf", recv, 0, recvcount, recvtype);
            TypedInterCollectives.scatterv(calls, ic, null, null, 0, null, null, recvtype.map(), recv.memory(), recv.offset(), recvcount,
                recvtype.map(), root);
        }
    }

    static void allgatherv(final InterCalls calls, final Intercommunicator ic, final String call, final Object sendbuf, final int sendcount,
        final Datatype sendtype,
        final Object recvbuf, final int[] recvcounts, final int[] displs, final Datatype recvtype) throws MPIException
    {
        calls.enter(ic);
        final Buffers.Payload send = CollectiveMapping.payload(call, "sendbuf", sendbuf, sendtype, false, calls != InterCalls.BLOCKING);
        Buffers.items(call, "sendbuf", send, 0, sendcount, sendtype);
        final Buffers.Payload recv = CollectiveMapping.payload(call, "recvbuf", recvbuf, recvtype, true, calls != InterCalls.BLOCKING);
        CollectiveMapping.blocks(call, "recvbuf", ic.remoteSize(), WHOSE, recv, recvcounts, displs, recvtype);
        sameKind(call, sendtype, recvtype);
        TypedInterCollectives.allgatherv(calls, ic, null, send.memory(), send.offset(), sendcount, sendtype.map(), recv.memory(), recv.offset(),
            recvcounts, displs, recvtype.map());
    }

    static void alltoallv(final InterCalls calls, final Intercommunicator ic, final String call, final Object sendbuf, final int[] sendcounts,
        final int[] sdispls,
        final Datatype sendtype, final Object recvbuf, final int[] recvcounts, final int[] rdispls, final Datatype recvtype)
        throws MPIException
    {
        calls.enter(ic);
        final Buffers.Payload send = CollectiveMapping.payload(call, "sendbuf", sendbuf, sendtype, false, calls != InterCalls.BLOCKING);
        CollectiveMapping.blocks(call, "sendbuf", ic.remoteSize(), WHOSE, send, sendcounts, sdispls, sendtype);
        final Buffers.Payload recv = CollectiveMapping.payload(call, "recvbuf", recvbuf, recvtype, true, calls != InterCalls.BLOCKING);
        CollectiveMapping.blocks(call, "recvbuf", ic.remoteSize(), WHOSE, recv, recvcounts, rdispls, recvtype);
        sameKind(call, sendtype, recvtype);
        TypedInterCollectives.alltoallv(calls, ic, null, send.memory(), send.offset(), sendcounts, sdispls, sendtype.map(), recv.memory(),
            recv.offset(), recvcounts, rdispls, recvtype.map());
    }

    static void reduce(final InterCalls calls, final Intercommunicator ic, final String call, final Object sendbuf, final Object recvbuf,
        final int count,
        final Datatype type, final Op op, final int root) throws MPIException
    {
        calls.enter(ic);
        if (!root(call, ic, root))
        {
            return;
        }
        final boolean atRoot = root == MPI.ROOT;
        final Buffers.Payload data = CollectiveMapping.payload(call, atRoot ? "recvbuf" : "sendbuf", atRoot ? recvbuf : sendbuf, type, atRoot,
            calls != InterCalls.BLOCKING);
        Buffers.items(call, atRoot ? "recvbuf" : "sendbuf", data, 0, count, type);
        TypedInterCollectives.reduce(calls, ic, null, atRoot ? null : data.memory(), atRoot ? 0 : data.offset(), atRoot ? data.memory() : null,
            atRoot ? data.offset() : 0, count, type.map(), root, CollectiveMapping.reduction(call, op, type), op.itemElements(type));
    }

    static void allreduce(final InterCalls calls, final Intercommunicator ic, final String call, final Object sendbuf, final Object recvbuf,
        final int count,
        final Datatype type, final Op op) throws MPIException
    {
        calls.enter(ic);
        final Buffers.Payload send = CollectiveMapping.payload(call, "sendbuf", sendbuf, type, false, calls != InterCalls.BLOCKING);
        Buffers.items(call, "sendbuf", send, 0, count, type);
        final Buffers.Payload recv = CollectiveMapping.payload(call, "recvbuf", recvbuf, type, true, calls != InterCalls.BLOCKING);
        Buffers.items(call, "recvbuf", recv, 0, count, type);
        TypedInterCollectives.allreduce(calls, ic, null, send.memory(), send.offset(), recv.memory(), recv.offset(), count, type.map(),
            CollectiveMapping.reduction(call, op, type), op.itemElements(type));
    }

    static void reduceScatter(final InterCalls calls, final Intercommunicator ic, final String call, final Object sendbuf, final Object recvbuf,
        final int[] recvcounts, final Datatype type, final Op op) throws MPIException
    {
        calls.enter(ic);
        final int n = ic.localSize();
        if (recvcounts == null || recvcounts.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": recvcounts needs " + n + " entries, one per rank of this group; got "
                + (recvcounts == null ? "null" : recvcounts.length));
        }
        long total = 0;
        for (int i = 0; i < n; i++)
        {
            if (recvcounts[i] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, call + ": recvcounts[" + i + "]=" + recvcounts[i] + " is negative");
            }
            total += recvcounts[i];
        }
        if (total > Integer.MAX_VALUE)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": recvcounts add up to " + total + " items, more than one buffer holds");
        }
        final Buffers.Payload send = CollectiveMapping.payload(call, "sendbuf", sendbuf, type, false, calls != InterCalls.BLOCKING);
        Buffers.items(call, "sendbuf", send, 0, (int)total, type);
        final Buffers.Payload recv = CollectiveMapping.payload(call, "recvbuf", recvbuf, type, true, calls != InterCalls.BLOCKING);
        Buffers.items(call, "recvbuf", recv, 0, recvcounts[ic.rank()], type);
        TypedInterCollectives.reduceScatter(calls, ic, null, send.memory(), send.offset(), recv.memory(), recv.offset(), recvcounts, type.map(),
            (int)total, CollectiveMapping.reduction(call, op, type), op.itemElements(type));
    }

    /** @return whether this rank takes part in a rooted call with {@code root}, after checking it: not when it is PROC_NULL. */
    private static boolean root(final String call, final Intercommunicator ic, final int root) throws MPIException
    {
        if (root != MPI.ROOT && root != MPI.PROC_NULL && (root < 0 || root >= ic.remoteSize()))
        {
            throw MPIException.of(ErrorClass.ERR_ROOT, call + ": root=" + root + " is not valid on an intercommunicator whose other group"
                + " has " + ic.remoteSize() + " ranks; expected MPI.ROOT at the root, MPI.PROC_NULL in the rest of its group, and 0 to "
                + (ic.remoteSize() - 1) + " in the other group");
        }
        return root != MPI.PROC_NULL;
    }

    private static void sameKind(final String call, final Datatype sendtype, final Datatype recvtype) throws MPIException
    {
        if (sendtype.kind() != recvtype.kind())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " and receive type " + recvtype
                + " have base types of different elements (" + sendtype.kind() + ", " + recvtype.kind() + ")");
        }
    }
}
