package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.Primitive;
import org.openmpj.engine.InterCollectives;
import org.openmpj.engine.InterObjectCollectives;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.Reduction;
import org.openmpj.engine.datatype.CollectiveBuffer;
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
        final Intercommunicator ic, final ObjectCodec codec, final Object buf, final int offset, final int count, final Datatype type,
        final int root)
    {
        InterCollectives.count(ic);
        root("Bcast", ic, root);
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        CollectiveArgs.buffer("Bcast", "buffer", buf, offset, count, type);
        final CollectiveBuffer data = root == MPI.ROOT
            ? CollectiveBuffer.send(buf, offset, count, type.map())
            : CollectiveBuffer.receive(buf, offset, count, type.map());
        if (type.isObject())
        {
            InterObjectCollectives.bcast(ic, codec, (Object[])data.array(), data.offset(), data.elements(), root);
        }
        else
        {
            InterCollectives.bcast(ic, data.array(), type.kind(), data.offset(), data.elements(), root);
        }
        data.finish();
    }

    static void gatherv(
        final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype, final int root)
    {
        InterCollectives.count(ic);
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
        final CollectiveBuffer send = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype.map());
        final CollectiveBuffer recv = atRoot
            ? CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype.map(), ic.remoteSize())
            : CollectiveBuffer.ABSENT;
        if ((atRoot ? recvtype : sendtype).isObject())
        {
            InterObjectCollectives.gatherv(ic, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs(), root);
        }
        else
        {
            InterCollectives.gatherv(ic, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), (atRoot ? recvtype : sendtype).kind(), root);
        }
        send.finish();
        recv.finish();
    }

    static void scatterv(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] displs,
        final Datatype sendtype, final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        InterCollectives.count(ic);
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
        final CollectiveBuffer send = atRoot
            ? CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, displs, sendtype.map(), ic.remoteSize())
            : CollectiveBuffer.ABSENT;
        final CollectiveBuffer recv = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.receive(recvbuf, recvoffset, recvcount, recvtype.map());
        if ((atRoot ? sendtype : recvtype).isObject())
        {
            InterObjectCollectives.scatterv(ic, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(),
                (Object[])recv.array(), recv.offset(), recv.elements(), root);
        }
        else
        {
            InterCollectives.scatterv(ic, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(),
                recv.elements(), (atRoot ? sendtype : recvtype).kind(), root);
        }
        send.finish();
        recv.finish();
    }

    static void allgatherv(
        final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype)
    {
        InterCollectives.count(ic);
        CollectiveArgs.buffer("Allgatherv", "send", sendbuf, sendoffset, sendcount, sendtype);
        vector("Allgatherv", "receive", ic, recvbuf, recvoffset, recvcounts, displs, recvtype);
        sameKind("Allgatherv", sendtype, recvtype);
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype.map());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype.map(), ic.remoteSize());
        if (sendtype.isObject())
        {
            InterObjectCollectives.allgatherv(ic, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs());
        }
        else
        {
            InterCollectives.allgatherv(ic, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        send.finish();
        recv.finish();
    }

    static void alltoallv(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls,
        final Datatype sendtype, final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls,
        final Datatype recvtype)
    {
        InterCollectives.count(ic);
        vector("Alltoallv", "send", ic, sendbuf, sendoffset, sendcounts, sdispls, sendtype);
        vector("Alltoallv", "receive", ic, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
        sameKind("Alltoallv", sendtype, recvtype);
        final CollectiveBuffer send = CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendtype.map(), ic.remoteSize());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, rdispls, recvtype.map(), ic.remoteSize());
        if (sendtype.isObject())
        {
            InterObjectCollectives.alltoallv(ic, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(),
                (Object[])recv.array(), recv.offset(), recv.counts(), recv.displs());
        }
        else
        {
            InterCollectives.alltoallv(ic, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(),
                recv.counts(), recv.displs(), sendtype.kind());
        }
        send.finish();
        recv.finish();
    }

    static void reduce(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final Datatype type, final Op op, final int root)
    {
        InterCollectives.count(ic);
        root("Reduce", ic, root);
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        final boolean atRoot = root == MPI.ROOT;
        CollectiveArgs.buffer("Reduce", atRoot ? "receive" : "send", atRoot ? recvbuf : sendbuf, atRoot ? recvoffset : sendoffset, count, type);
        final Reduction reduction = ReductionCollectives.reduction("Reduce", op, type);
        final CollectiveBuffer send = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.send(sendbuf, sendoffset, count, type.map());
        final CollectiveBuffer recv = atRoot ? CollectiveBuffer.receive(recvbuf, recvoffset, count, type.map()) : CollectiveBuffer.ABSENT;
        if (type.isObject())
        {
            InterObjectCollectives.reduce(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                type.elements(count), op.elementsPerReducedItem(type), reduction, root);
        }
        else
        {
            InterCollectives.reduce(ic, send.array(), send.offset(), recv.array(), recv.offset(), type.kind(), type.elements(count),
                op.elementsPerReducedItem(type), reduction, root);
        }
        send.finish();
        recv.finish();
    }

    static void allreduce(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final Datatype type, final Op op)
    {
        InterCollectives.count(ic);
        CollectiveArgs.buffer("Allreduce", "send", sendbuf, sendoffset, count, type);
        CollectiveArgs.buffer("Allreduce", "receive", recvbuf, recvoffset, count, type);
        final Reduction reduction = ReductionCollectives.reduction("Allreduce", op, type);
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, count, type.map());
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, count, type.map());
        if (type.isObject())
        {
            InterObjectCollectives.allreduce(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                type.elements(count), op.elementsPerReducedItem(type), reduction);
        }
        else
        {
            InterCollectives.allreduce(ic, send.array(), send.offset(), recv.array(), recv.offset(), type.kind(), type.elements(count),
                op.elementsPerReducedItem(type), reduction);
        }
        send.finish();
        recv.finish();
    }

    static void reduceScatter(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int[] recvcounts, final Datatype type, final Op op)
    {
        InterCollectives.count(ic);
        final int total = ReductionCollectives.total(ic.local(), recvcounts);
        CollectiveArgs.buffer("Reduce_scatter", "send", sendbuf, sendoffset, total, type);
        CollectiveArgs.buffer("Reduce_scatter", "receive", recvbuf, recvoffset, recvcounts[ic.rank()], type);
        final Reduction reduction = ReductionCollectives.reduction("Reduce_scatter", op, type);
        final int[] counts = new int[ic.localSize()];
        for (int i = 0; i < counts.length; i++)
        {
            counts[i] = type.elements(recvcounts[i]);
        }
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, total, type.map());
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, recvcounts[ic.rank()], type.map());
        if (type.isObject())
        {
            InterObjectCollectives.reduceScatter(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                counts, op.elementsPerReducedItem(type), reduction);
        }
        else
        {
            InterCollectives.reduceScatter(ic, send.array(), send.offset(), recv.array(), recv.offset(), counts, type.kind(),
                op.elementsPerReducedItem(type), reduction);
        }
        send.finish();
        recv.finish();
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
