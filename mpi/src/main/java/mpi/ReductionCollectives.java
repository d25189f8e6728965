package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.engine.Collectives;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ObjectReductions;
import org.openmpj.engine.Reduction;
import org.openmpj.engine.datatype.CollectiveBuffer;
import org.openmpj.engine.datatype.ScratchPool;
import org.openmpj.objects.ObjectCodec;

/**
 * The reductions of an intracommunicator (Reduce, Allreduce, Scan, Reduce_scatter), from the user's arguments to
 * the engine: the arguments are checked, each buffer this rank has a role for is presented as element runs by a
 * {@link CollectiveBuffer}, and {@code MPI.OBJECT} goes to {@link ObjectReductions}. The engine combines packed
 * elements in items of {@link Op#elementsPerReducedItem}. Failures are thrown for the communicator to raise.
 */
final class ReductionCollectives
{
    private ReductionCollectives()
    {
    }

    /** Combines every rank's {@code count} items with {@code op}, in rank order, into the root's receive buffer. */
    static void reduce(
        final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf,
        final int recvoffset, final int count, final Datatype type, final Op op, final int root)
    {
        final boolean atRoot = c.rank() == root;
        CollectiveArgs.root("Reduce", c, root);
        CollectiveArgs.buffer("Reduce", "send", sendbuf, sendoffset, count, type);
        if (atRoot)
        {
            CollectiveArgs.buffer("Reduce", "receive", recvbuf, recvoffset, count, type);
        }
        final Reduction reduction = reduction("Reduce", op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        // Contiguous items skip CollectiveBuffer altogether, which keeps the common case free of allocation.
        final boolean direct = type.isContiguous(count);
        final CollectiveBuffer send = direct ? null : CollectiveBuffer.send(sendbuf, sendoffset, count, type.map());
        final CollectiveBuffer recv = direct ? null
            : atRoot ? CollectiveBuffer.receive(recvbuf, recvoffset, count, type.map()) : CollectiveBuffer.ABSENT;
        final Object in = direct ? sendbuf : send.array();
        final Object out = direct ? recvbuf : recv.array();
        final int inOffset = direct ? type.firstElement(sendoffset, count) : send.offset();
        final int outOffset = direct ? type.firstElement(recvoffset, count) : recv.offset();
        if (type.isObject())
        {
            ObjectReductions.reduce(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, type.elements(count), itemElements, reduction,
                root);
        }
        else
        {
            Collectives.reduce(c, in, inOffset, out, outOffset, type.kind(), type.elements(count), itemElements, reduction, root);
        }
        if (!direct)
        {
            send.finish();
            recv.finish();
        }
    }

    /**
     * Combines every rank's {@code count} items with {@code op}, in rank order, into every rank's receive buffer; with
     * {@code prefix}, rank i gets the combination of ranks 0 to i only ({@code Scan}).
     */
    static void everywhere(
        final String call, final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset,
        final Object recvbuf, final int recvoffset, final int count, final Datatype type, final Op op, final boolean prefix)
    {
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, count, type);
        CollectiveArgs.buffer(call, "receive", recvbuf, recvoffset, count, type);
        final Reduction reduction = reduction(call, op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        // As in reduce: contiguous items skip CollectiveBuffer.
        final boolean direct = type.isContiguous(count);
        final CollectiveBuffer send = direct ? null : CollectiveBuffer.send(sendbuf, sendoffset, count, type.map());
        final CollectiveBuffer recv = direct ? null : CollectiveBuffer.receive(recvbuf, recvoffset, count, type.map());
        final Object in = direct ? sendbuf : send.array();
        final Object out = direct ? recvbuf : recv.array();
        final int inOffset = direct ? type.firstElement(sendoffset, count) : send.offset();
        final int outOffset = direct ? type.firstElement(recvoffset, count) : recv.offset();
        final int elements = type.elements(count);
        if (type.isObject() && prefix)
        {
            ObjectReductions.scan(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, elements, itemElements, reduction);
        }
        else if (type.isObject())
        {
            ObjectReductions.allreduce(c, codec, (Object[])in, inOffset, (Object[])out, outOffset, elements, itemElements, reduction);
        }
        else if (prefix)
        {
            Collectives.scan(c, in, inOffset, out, outOffset, type.kind(), elements, itemElements, reduction);
        }
        else
        {
            Collectives.allreduce(c, in, inOffset, out, outOffset, type.kind(), elements, itemElements, reduction);
        }
        if (!direct)
        {
            send.finish();
            recv.finish();
        }
    }

    /** Combines every rank's items (the sum of {@code recvcounts}) with {@code op}; rank i receives {@code recvcounts[i]} of them, in order. */
    static void reduceScatter(
        final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf,
        final int recvoffset, final int[] recvcounts, final Datatype type, final Op op)
    {
        final int total = total(c, recvcounts);
        CollectiveArgs.buffer("Reduce_scatter", "send", sendbuf, sendoffset, total, type);
        CollectiveArgs.buffer("Reduce_scatter", "receive", recvbuf, recvoffset, recvcounts[c.rank()], type);
        final Reduction reduction = reduction("Reduce_scatter", op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        final int n = c.size();
        final int[] counts = new int[n];
        for (int i = 0; i < n; i++)
        {
            counts[i] = type.elements(recvcounts[i]);
        }
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, total, type.map());
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, recvcounts[c.rank()], type.map());
        if (type.isObject())
        {
            ObjectReductions.reduceScatter(c, codec, (Object[])send.array(), send.offset(), (Object[])recv.array(), recv.offset(), counts,
                itemElements, reduction);
        }
        else
        {
            final Primitive kind = type.kind();
            final Object reduced = c.rank() == 0 ? ScratchPool.SHARED.acquire(kind, send.elements()) : null;
            Collectives.reduce(c, send.array(), send.offset(), reduced, 0, kind, send.elements(), itemElements, reduction, 0);
            final int[] displs = new int[n];
            for (int i = 1; i < n; i++)
            {
                displs[i] = displs[i - 1] + counts[i - 1];
            }
            Collectives.scatterv(c, reduced, 0, counts, displs, recv.array(), recv.offset(), counts[c.rank()], kind, 0);
            if (reduced != null)
            {
                ScratchPool.SHARED.release(kind, reduced);
            }
        }
        send.finish();
        recv.finish();
    }

    /** @return the sum of {@code recvcounts}, after checking there is one per rank, none negative. */
    static int total(final Communicator c, final int[] recvcounts)
    {
        final int n = c.size();
        if (recvcounts == null || recvcounts.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, "Reduce_scatter: recvcounts needs " + n + " entries, one per rank; got "
                + (recvcounts == null ? "null" : recvcounts.length));
        }
        long total = 0;
        for (int i = 0; i < n; i++)
        {
            if (recvcounts[i] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, "Reduce_scatter: recvcounts[" + i + "]=" + recvcounts[i] + " is negative");
            }
            total += recvcounts[i];
        }
        if (total > Integer.MAX_VALUE)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, "Reduce_scatter: recvcounts add up to " + total + " items, more than a Java array holds");
        }
        return (int)total;
    }

    /** @return {@code op} on items of {@code type}, after checking MPI defines it there. */
    static Reduction reduction(final String call, final Op op, final Datatype type)
    {
        if (op == null)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": op is null");
        }
        if (op.isPredefined() && type.isObject())
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": " + op + " is not defined on " + type
                + "; objects are combined by a user-defined Op");
        }
        if (op.isPairOperation() && type.layout().size() % 2 != 0)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": " + op + " combines (value, index) pairs such as MPI.INT2, but an item of "
                + type + " holds " + type.layout().size() + " elements");
        }
        try
        {
            return op.reduction(type);
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": " + ex.getMessage());
        }
    }
}
