package org.openmpj.engine.datatype;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.InterCalls;
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
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object buf, final int offset, final int count, final TypeMap type,
        final int root)
    {
        final CollectiveBuffer data = root == Intercommunicator.ROOT
            ? CollectiveBuffer.send(buf, offset, count, type)
            : CollectiveBuffer.receive(buf, offset, count, type);
        if (carriesObjects(calls, type))
        {
            InterObjectCollectives.bcast(ic, codec, (Object[])data.array(), data.offset(), data.elements(), root);
        }
        else
        {
            calls.bcast(ic, data.array(), type.kind(), data.offset(), data.elements(), root);
        }
        calls.then(data::finish);
    }

    public static void gatherv(
        final InterCalls calls, final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final TypeMap recvtype, final int root)
    {
        final boolean atRoot = root == Intercommunicator.ROOT;
        final CollectiveBuffer send = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype);
        final CollectiveBuffer recv = atRoot
            ? CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype, ic.remoteSize())
            : CollectiveBuffer.ABSENT;
        if (carriesObjects(calls, atRoot ? recvtype : sendtype))
        {
            InterObjectCollectives.gatherv(ic, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs(), root);
        }
        else
        {
            calls.gatherv(ic, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), (atRoot ? recvtype : sendtype).kind(), root);
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }

    public static void scatterv(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] displs,
        final TypeMap sendtype, final Object recvbuf, final int recvoffset, final int recvcount, final TypeMap recvtype, final int root)
    {
        final boolean atRoot = root == Intercommunicator.ROOT;
        final CollectiveBuffer send = atRoot
            ? CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, displs, sendtype, ic.remoteSize())
            : CollectiveBuffer.ABSENT;
        final CollectiveBuffer recv = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.receive(recvbuf, recvoffset, recvcount, recvtype);
        if (carriesObjects(calls, atRoot ? sendtype : recvtype))
        {
            InterObjectCollectives.scatterv(ic, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(),
                (Object[])recv.array(), recv.offset(), recv.elements(), root);
        }
        else
        {
            calls.scatterv(ic, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(),
                recv.elements(), (atRoot ? sendtype : recvtype).kind(), root);
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }

    public static void allgatherv(
        final InterCalls calls, final Intercommunicator ic, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final TypeMap recvtype)
    {
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype);
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype, ic.remoteSize());
        if (carriesObjects(calls, sendtype))
        {
            InterObjectCollectives.allgatherv(ic, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs());
        }
        else
        {
            calls.allgatherv(ic, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }

    public static void alltoallv(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls,
        final TypeMap sendtype, final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls,
        final TypeMap recvtype)
    {
        final CollectiveBuffer send = CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendtype, ic.remoteSize());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, rdispls, recvtype, ic.remoteSize());
        if (carriesObjects(calls, sendtype))
        {
            InterObjectCollectives.alltoallv(ic, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(),
                (Object[])recv.array(), recv.offset(), recv.counts(), recv.displs());
        }
        else
        {
            calls.alltoallv(ic, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(),
                recv.counts(), recv.displs(), sendtype.kind());
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }

    public static void reduce(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final TypeMap type, final int root, final Reduction reduction, final int itemElements)
    {
        final boolean atRoot = root == Intercommunicator.ROOT;
        final CollectiveBuffer send = atRoot ? CollectiveBuffer.ABSENT : CollectiveBuffer.send(sendbuf, sendoffset, count, type);
        final CollectiveBuffer recv = atRoot ? CollectiveBuffer.receive(recvbuf, recvoffset, count, type) : CollectiveBuffer.ABSENT;
        if (carriesObjects(calls, type))
        {
            InterObjectCollectives.reduce(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                type.elements(count), itemElements, reduction, root);
        }
        else
        {
            calls.reduce(ic, send.array(), send.offset(), recv.array(), recv.offset(), type.kind(), type.elements(count),
                itemElements, reduction, root);
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }

    public static void allreduce(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int count, final TypeMap type, final Reduction reduction, final int itemElements)
    {
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, count, type);
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, count, type);
        if (carriesObjects(calls, type))
        {
            InterObjectCollectives.allreduce(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                type.elements(count), itemElements, reduction);
        }
        else
        {
            calls.allreduce(ic, send.array(), send.offset(), recv.array(), recv.offset(), type.kind(), type.elements(count),
                itemElements, reduction);
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }

    public static void reduceScatter(
        final InterCalls calls, final Intercommunicator ic,
        final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset,
        final int[] recvcounts, final TypeMap type, final int total, final Reduction reduction, final int itemElements)
    {
        final int[] counts = new int[ic.localSize()];
        for (int i = 0; i < counts.length; i++)
        {
            counts[i] = type.elements(recvcounts[i]);
        }
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, total, type);
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, recvcounts[ic.rank()], type);
        if (carriesObjects(calls, type))
        {
            InterObjectCollectives.reduceScatter(ic, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(),
                counts, itemElements, reduction);
        }
        else
        {
            calls.reduceScatter(ic, send.array(), send.offset(), recv.array(), recv.offset(), counts, type.kind(),
                itemElements, reduction);
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }

    /**
     * @return whether a collective of {@code type} moves objects, which only blocking calls do.
     * @throws OpenMpjException {@code ERR_TYPE} for objects in a non-blocking call.
     */
    private static boolean carriesObjects(final InterCalls calls, final TypeMap type)
    {
        if (type.isObject() && calls != InterCalls.BLOCKING)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "non-blocking collectives carry primitive data; a collective of objects is"
                + " blocking only");
        }
        return type.isObject();
    }
}
