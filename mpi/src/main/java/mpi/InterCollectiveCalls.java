package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.Primitive;
import org.openmpj.engine.InterCalls;
import org.openmpj.engine.InterObjectCollectives;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.Reduction;
import org.openmpj.engine.datatype.CollectiveBuffer;
import org.openmpj.engine.datatype.TypedInterCollectives;
import org.openmpj.objects.ObjectCodec;

/**
 * The collectives of an intercommunicator, from the user's arguments to the engine: the root argument and each
 * buffer this rank has a role for are checked, non-contiguous data is presented as element runs by a
 * {@link CollectiveBuffer}, {@code MPI.OBJECT} goes to {@link InterObjectCollectives}, and reductions get the
 * operation as {@link ReductionCollectives} builds it. Counts and displacements of per-rank blocks are over the
 * other group. Failures are thrown for the communicator to raise.
 */
final class InterCollectiveCalls
{
    private InterCollectiveCalls()
    {
    }

    static void bcast(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object buf, final int offset, final int count, final Datatype type,
        final int root)
    {
        calls.enter(ic);
        root("Bcast", ic, root);
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        CollectiveArgs.buffer("Bcast", "buffer", buf, offset, count, type);
        TypedInterCollectives.bcast(calls, ic, codec, buf, offset, count, type.map(), root);
    }

    static void gatherv(
        final InterCalls calls, final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype, final int root)
    {
        calls.enter(ic);
        root("Gatherv", ic, root);
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        final boolean atRoot = root == MPI.ROOT;
        if (atRoot)
        {
            vector("Gatherv", "receive", ic, recvbuf, recvoffset, recvcounts, displs, recvtype);
        }
        else
        {
            CollectiveArgs.buffer("Gatherv", "send", sendbuf, sendoffset, sendcount, sendtype);
        }
        TypedInterCollectives.gatherv(calls, ic, codec, sendbuf, sendoffset, sendcount, sendtype.map(), recvbuf, recvoffset, recvcounts, displs,
            recvtype.map(), root);
    }

    static void scatterv(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] displs,
        final Datatype sendtype, final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        calls.enter(ic);
        root("Scatterv", ic, root);
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        final boolean atRoot = root == MPI.ROOT;
        if (atRoot)
        {
            vector("Scatterv", "send", ic, sendbuf, sendoffset, sendcounts, displs, sendtype);
        }
        else
        {
            CollectiveArgs.buffer("Scatterv", "receive", recvbuf, recvoffset, recvcount, recvtype);
        }
        TypedInterCollectives.scatterv(calls, ic, codec, sendbuf, sendoffset, sendcounts, displs, sendtype.map(), recvbuf, recvoffset, recvcount,
            recvtype.map(), root);
    }

    static void allgatherv(
        final InterCalls calls, final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype)
    {
        calls.enter(ic);
        CollectiveArgs.buffer("Allgatherv", "send", sendbuf, sendoffset, sendcount, sendtype);
        vector("Allgatherv", "receive", ic, recvbuf, recvoffset, recvcounts, displs, recvtype);
        sameKind("Allgatherv", sendtype, recvtype);
        TypedInterCollectives.allgatherv(calls, ic, codec, sendbuf, sendoffset, sendcount, sendtype.map(), recvbuf, recvoffset, recvcounts,
            displs, recvtype.map());
    }

    static void alltoallv(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls,
        final Datatype sendtype, final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls,
        final Datatype recvtype)
    {
        calls.enter(ic);
        vector("Alltoallv", "send", ic, sendbuf, sendoffset, sendcounts, sdispls, sendtype);
        vector("Alltoallv", "receive", ic, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
        sameKind("Alltoallv", sendtype, recvtype);
        TypedInterCollectives.alltoallv(calls, ic, codec, sendbuf, sendoffset, sendcounts, sdispls, sendtype.map(), recvbuf, recvoffset,
            recvcounts, rdispls, recvtype.map());
    }

    static void reduce(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final Datatype type, final Op op, final int root)
    {
        calls.enter(ic);
        root("Reduce", ic, root);
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        final boolean atRoot = root == MPI.ROOT;
        CollectiveArgs.buffer("Reduce", atRoot ? "receive" : "send", atRoot ? recvbuf : sendbuf, atRoot ? recvoffset : sendoffset, count, type);
        final Reduction reduction = ReductionCollectives.reduction("Reduce", op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        TypedInterCollectives.reduce(calls, ic, codec, sendbuf, sendoffset, recvbuf, recvoffset, count, type.map(), root, reduction, itemElements);
    }

    static void allreduce(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final Datatype type, final Op op)
    {
        calls.enter(ic);
        CollectiveArgs.buffer("Allreduce", "send", sendbuf, sendoffset, count, type);
        CollectiveArgs.buffer("Allreduce", "receive", recvbuf, recvoffset, count, type);
        final Reduction reduction = ReductionCollectives.reduction("Allreduce", op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        TypedInterCollectives.allreduce(calls, ic, codec, sendbuf, sendoffset, recvbuf, recvoffset, count, type.map(), reduction, itemElements);
    }

    static void reduceScatter(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int[] recvcounts, final Datatype type, final Op op)
    {
        calls.enter(ic);
        final int total = ReductionCollectives.total("Reduce_scatter", ic.local(), recvcounts);
        CollectiveArgs.buffer("Reduce_scatter", "send", sendbuf, sendoffset, total, type);
        CollectiveArgs.buffer("Reduce_scatter", "receive", recvbuf, recvoffset, recvcounts[ic.rank()], type);
        final Reduction reduction = ReductionCollectives.reduction("Reduce_scatter", op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        TypedInterCollectives.reduceScatter(calls, ic, codec, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type.map(), total, reduction,
            itemElements);
    }

    private static void root(final String call, final Intercommunicator ic, final int root)
    {
        if (root != MPI.ROOT && root != MPI.PROC_NULL && (root < 0 || root >= ic.remoteSize()))
        {
            throw MPIException.of(ErrorClass.ERR_ROOT, call + ": root=" + root + " is not valid on an intercommunicator whose other group"
                + " has " + ic.remoteSize() + " ranks; expected MPI.ROOT at the root, MPI.PROC_NULL in the rest of"
                + " its group, and 0 to " + (ic.remoteSize() - 1) + " in the other group");
        }
    }

    /** Checks per-rank blocks over the other group. */
    private static void vector(
        final String call, final String which, final Intercommunicator ic, final Object buf, final int offset,
        final int[] counts, final int[] displs, final Datatype type)
    {
        CollectiveArgs.vector(call, which, ic.remote(), buf, offset, counts, displs, type);
    }

    private static void sameKind(final String call, final Datatype sendtype, final Datatype recvtype)
    {
        final Primitive sendKind = sendtype.kind();
        if (sendKind != recvtype.kind())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " holds " + sendKind + " elements but receive type "
                + recvtype + " holds " + recvtype.kind() + " elements");
        }
    }
}
