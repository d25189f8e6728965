package org.openmpj.engine.datatype;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ObjectReductions;
import org.openmpj.engine.Reduction;
import org.openmpj.objects.ObjectCodec;

/**
 * The reductions of an intracommunicator (Reduce, Allreduce, Scan, Exscan, Reduce_scatter, and the local one) on buffers
 * of any datatype, from arguments a façade has checked and the {@link Reduction} it chose for the operation: contiguous
 * items go to the engine's algorithms as they lie, others through a {@link CollectiveBuffer}, and object buffers to
 * {@link ObjectReductions}. A buffer may be a memory segment of the datatype's elements, which goes through scratch memory.
 * Failures are thrown for the façade to raise.
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
        final boolean direct = type.isContiguous(count) && CollectiveBuffer.takesDirectly(sendbuf) && CollectiveBuffer.takesDirectly(recvbuf);
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
        combine(calls, c, codec, sendbuf, sendoffset, recvbuf, recvoffset, count, type, prefix ? Reach.PREFIX : Reach.ALL, reduction,
            itemElements);
    }

    /**
     * Rank i receives the combination, in rank order, of ranks 0 to i - 1's {@code count} items ({@code Exscan}); rank 0's
     * receive buffer is not defined afterwards. Primitive data only.
     *
     * @throws OpenMpjException {@code ERR_TYPE} for objects.
     */
    public static void exclusiveScan(
        final CollectiveCalls calls, final Communicator c, final Object sendbuf, final int sendoffset, final Object recvbuf,
        final int recvoffset, final int count, final TypeMap type, final Reduction reduction, final int itemElements)
    {
        if (type.isObject())
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "an exclusive scan combines primitive data, not objects");
        }
        combine(calls, c, null, sendbuf, sendoffset, recvbuf, recvoffset, count, type, Reach.EXCLUSIVE_PREFIX, reduction, itemElements);
    }

    /** Which ranks' contributions each rank's result combines. */
    private enum Reach
    {
        ALL, PREFIX, EXCLUSIVE_PREFIX
    }

    private static void combine(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset,
        final Object recvbuf, final int recvoffset, final int count, final TypeMap type, final Reach reach, final Reduction reduction,
        final int itemElements)
    {
        // As in reduce: contiguous items skip CollectiveBuffer.
        final boolean direct = type.isContiguous(count) && CollectiveBuffer.takesDirectly(sendbuf) && CollectiveBuffer.takesDirectly(recvbuf);
        final CollectiveBuffer send = direct ? null : CollectiveBuffer.send(sendbuf, sendoffset, count, type);
        final CollectiveBuffer recv = direct ? null : CollectiveBuffer.receive(recvbuf, recvoffset, count, type);
        final Object in = direct ? sendbuf : send.array();
        final Object out = direct ? recvbuf : recv.array();
        final int inOffset = direct ? type.firstElement(sendoffset, count) : send.offset();
        final int outOffset = direct ? type.firstElement(recvoffset, count) : recv.offset();
        final int elements = type.elements(count);
        if (reach == Reach.EXCLUSIVE_PREFIX)
        {
            calls.exscan(c, in, inOffset, out, outOffset, type.kind(), elements, itemElements, reduction);
        }
        else if (TypedCollectives.carriesObjects(calls, type) && reach == Reach.PREFIX)
        {
            ObjectReductions.scan(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, elements, itemElements, reduction);
        }
        else if (TypedCollectives.carriesObjects(calls, type))
        {
            ObjectReductions.allreduce(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, elements, itemElements, reduction);
        }
        else if (reach == Reach.PREFIX)
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

    /**
     * Combines {@code count} items of {@code in} into those of {@code inout} on this rank alone ({@code MPI_Reduce_local}):
     * afterwards each item of {@code inout} is the item of {@code in} combined with its old value, in that order.
     */
    public static void local(
        final Object in, final int inOffset, final Object inout, final int inoutOffset, final int count, final TypeMap type,
        final Reduction reduction, final int itemElements)
    {
        final int elements = type.elements(count);
        if (type.isContiguous(count) && CollectiveBuffer.takesDirectly(in) && CollectiveBuffer.takesDirectly(inout))
        {
            reduction.reduce(in, type.firstElement(inOffset, count), inout, type.firstElement(inoutOffset, count), elements / itemElements);
            return;
        }
        final Staging operand = Staging.packed(in, inOffset, count, type);
        final Staging result = Staging.packed(inout, inoutOffset, count, type);
        reduction.reduce(operand.scratch(), 0, result.scratch(), 0, elements / itemElements);
        type.layout().unpack(type.kind(), result.scratch(), 0, inout, inoutOffset, elements);
        operand.release();
        result.release();
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
