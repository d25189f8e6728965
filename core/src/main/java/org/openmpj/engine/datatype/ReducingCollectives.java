package org.openmpj.engine.datatype;

import org.openmpj.Primitive;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ObjectReductions;
import org.openmpj.engine.Reduction;
import org.openmpj.objects.ObjectCodec;

/**
 * The reductions of an intracommunicator (Reduce, Allreduce, Scan, Reduce_scatter) on buffers of any datatype, from
 * arguments a façade has checked and the {@link Reduction} it chose for the operation: contiguous items go to the
 * engine's algorithms as they lie, others through a {@link CollectiveBuffer}, and object buffers to
 * {@link ObjectReductions}. Failures are thrown for the façade to raise.
 */
public final class ReducingCollectives
{
    private ReducingCollectives()
    {
    }

    /** Combines every rank's {@code count} items with {@code op}, in rank order, into the root's receive buffer. */
    public static void reduce(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset,
        final Object recvbuf, final int recvoffset, final int count, final TypeMap type, final int root, final Reduction reduction,
        final int itemElements)
    {
        final boolean atRoot = c.rank() == root;
        // Contiguous items skip CollectiveBuffer altogether, which keeps the common case free of allocation.
        final boolean direct = type.isContiguous(count);
        final CollectiveBuffer send = direct ? null : CollectiveBuffer.send(sendbuf, sendoffset, count, type);
        final CollectiveBuffer recv = direct ? null
            : atRoot ? CollectiveBuffer.receive(recvbuf, recvoffset, count, type) : CollectiveBuffer.ABSENT;
        final Object in = direct ? sendbuf : send.array();
        final Object out = direct ? recvbuf : recv.array();
        final int inOffset = direct ? type.firstElement(sendoffset, count) : send.offset();
        final int outOffset = direct ? type.firstElement(recvoffset, count) : recv.offset();
        if (TypedCollectives.carriesObjects(calls, type))
        {
            ObjectReductions.reduce(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, type.elements(count), itemElements, reduction,
                root);
        }
        else
        {
            calls.reduce(c, in, inOffset, out, outOffset, type.kind(), type.elements(count), itemElements, reduction, root);
        }
        if (!direct)
        {
            calls.then(() -> TypedCollectives.finish(send, recv));
        }
    }

    /**
     * Combines every rank's {@code count} items with {@code op}, in rank order, into every rank's receive buffer; with
     * {@code prefix}, rank i gets the combination of ranks 0 to i only ({@code Scan}).
     */
    public static void everywhere(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset,
        final Object recvbuf, final int recvoffset, final int count, final TypeMap type, final boolean prefix, final Reduction reduction,
            final int itemElements)
    {
        // As in reduce: contiguous items skip CollectiveBuffer.
        final boolean direct = type.isContiguous(count);
        final CollectiveBuffer send = direct ? null : CollectiveBuffer.send(sendbuf, sendoffset, count, type);
        final CollectiveBuffer recv = direct ? null : CollectiveBuffer.receive(recvbuf, recvoffset, count, type);
        final Object in = direct ? sendbuf : send.array();
        final Object out = direct ? recvbuf : recv.array();
        final int inOffset = direct ? type.firstElement(sendoffset, count) : send.offset();
        final int outOffset = direct ? type.firstElement(recvoffset, count) : recv.offset();
        final int elements = type.elements(count);
        if (TypedCollectives.carriesObjects(calls, type) && prefix)
        {
            ObjectReductions.scan(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, elements, itemElements, reduction);
        }
        else if (TypedCollectives.carriesObjects(calls, type))
        {
            ObjectReductions.allreduce(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, elements, itemElements, reduction);
        }
        else if (prefix)
        {
            calls.scan(c, in, inOffset, out, outOffset, type.kind(), elements, itemElements, reduction);
        }
        else
        {
            calls.allreduce(c, in, inOffset, out, outOffset, type.kind(), elements, itemElements, reduction);
        }
        if (!direct)
        {
            calls.then(() -> TypedCollectives.finish(send, recv));
        }
    }

    /** Combines every rank's items (the sum of {@code recvcounts}) with {@code op}; rank i receives {@code recvcounts[i]} of them, in order. */
    public static void reduceScatter(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final TypeMap type, final int total, final Reduction reduction,
        final int itemElements)
    {
        final int n = c.size();
        final int[] counts = new int[n];
        for (int i = 0; i < n; i++)
        {
            counts[i] = type.elements(recvcounts[i]);
        }
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, total, type);
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, recvcounts[c.rank()], type);
        if (TypedCollectives.carriesObjects(calls, type))
        {
            ObjectReductions.reduceScatter(c, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(), counts,
                itemElements, reduction);
        }
        else
        {
            final Primitive kind = type.kind();
            final Object reduced = c.rank() == 0 ? ScratchPool.SHARED.acquire(kind, send.elements()) : null;
            calls.reduce(c, send.array(), send.offset(), reduced, 0, kind, send.elements(), itemElements, reduction, 0);
            final int[] displs = new int[n];
            for (int i = 1; i < n; i++)
            {
                displs[i] = displs[i - 1] + counts[i - 1];
            }
            calls.scatterv(c, reduced, 0, counts, displs, recv.array(), recv.offset(), counts[c.rank()], kind, 0);
            if (reduced != null)
            {
                calls.then(() -> ScratchPool.SHARED.release(kind, reduced));
            }
        }
        calls.then(() -> TypedCollectives.finish(send, recv));
    }
}
