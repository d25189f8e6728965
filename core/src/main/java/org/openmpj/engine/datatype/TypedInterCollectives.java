package org.openmpj.engine.datatype;

import org.openmpj.engine.InterCollectives;
import org.openmpj.engine.InterObjectCollectives;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.Reduction;
import org.openmpj.objects.ObjectCodec;

/**
 * The collectives of an intercommunicator on buffers of any datatype, from arguments a façade has checked (its root
 * argument, and each buffer this rank has a role for): non-contiguous data is presented as element runs by a
 * {@link CollectiveBuffer}, object buffers go to {@link InterObjectCollectives}, and reductions take the
 * {@link Reduction} the façade chose. Counts and displacements of per-rank blocks are over the other group. Failures are
 * thrown for the façade to raise.
 */
public final class TypedInterCollectives
{
    private TypedInterCollectives()
    {
    }

    public static void bcast(
        final Intercommunicator ic, final ObjectCodec codec, final Object buf, final int offset, final int count, final TypeMap type,
        final int root)
    {
        final CollectiveBuffer data = root == Intercommunicator.ROOT
            ? CollectiveBuffer.send(buf, offset, count, type)
            : CollectiveBuffer.receive(buf, offset, count, type);
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

    public static void gatherv(
        final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final TypeMap recvtype, final int root)
    {
        final boolean atRoot = root == Intercommunicator.ROOT;
        final CollectiveBuffer send = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype);
        final CollectiveBuffer recv = atRoot
            ? CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype, ic.remoteSize())
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

    public static void scatterv(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] displs,
        final TypeMap sendtype, final Object recvbuf, final int recvoffset, final int recvcount, final TypeMap recvtype, final int root)
    {
        final boolean atRoot = root == Intercommunicator.ROOT;
        final CollectiveBuffer send = atRoot
            ? CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, displs, sendtype, ic.remoteSize())
            : CollectiveBuffer.ABSENT;
        final CollectiveBuffer recv = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.receive(recvbuf, recvoffset, recvcount, recvtype);
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

    public static void allgatherv(
        final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final TypeMap recvtype)
    {
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype);
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype, ic.remoteSize());
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

    public static void alltoallv(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls,
        final TypeMap sendtype, final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls,
        final TypeMap recvtype)
    {
        final CollectiveBuffer send = CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendtype, ic.remoteSize());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, rdispls, recvtype, ic.remoteSize());
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

    public static void reduce(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final TypeMap type, final int root, final Reduction reduction, final int itemElements)
    {
        final boolean atRoot = root == Intercommunicator.ROOT;
        final CollectiveBuffer send = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.send(sendbuf, sendoffset, count, type);
        final CollectiveBuffer recv = atRoot ? CollectiveBuffer.receive(recvbuf, recvoffset, count, type) : CollectiveBuffer.ABSENT;
        if (type.isObject())
        {
            InterObjectCollectives.reduce(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                type.elements(count), itemElements, reduction, root);
        }
        else
        {
            InterCollectives.reduce(ic, send.array(), send.offset(), recv.array(), recv.offset(), type.kind(), type.elements(count),
                itemElements, reduction, root);
        }
        send.finish();
        recv.finish();
    }

    public static void allreduce(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final TypeMap type, final Reduction reduction, final int itemElements)
    {
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, count, type);
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, count, type);
        if (type.isObject())
        {
            InterObjectCollectives.allreduce(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                type.elements(count), itemElements, reduction);
        }
        else
        {
            InterCollectives.allreduce(ic, send.array(), send.offset(), recv.array(), recv.offset(), type.kind(), type.elements(count),
                itemElements, reduction);
        }
        send.finish();
        recv.finish();
    }

    public static void reduceScatter(
        final Intercommunicator ic, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int[] recvcounts, final TypeMap type, final int total, final Reduction reduction, final int itemElements)
    {
        final int[] counts = new int[ic.localSize()];
        for (int i = 0; i < counts.length; i++)
        {
            counts[i] = type.elements(recvcounts[i]);
        }
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, total, type);
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, recvcounts[ic.rank()], type);
        if (type.isObject())
        {
            InterObjectCollectives.reduceScatter(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                counts, itemElements, reduction);
        }
        else
        {
            InterCollectives.reduceScatter(ic, send.array(), send.offset(), recv.array(), recv.offset(), counts, type.kind(),
                itemElements, reduction);
        }
        send.finish();
        recv.finish();
    }
}
