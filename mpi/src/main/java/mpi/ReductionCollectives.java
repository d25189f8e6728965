package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ObjectReductions;
import org.openmpj.engine.Reduction;
import org.openmpj.engine.datatype.CollectiveBuffer;
import org.openmpj.engine.datatype.ReducingCollectives;
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
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset, final Object recvbuf,
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
        ReducingCollectives.reduce(calls, c, codec, sendbuf, sendoffset, recvbuf, recvoffset, count, type.map(), root, reduction, itemElements);
    }

    /**
     * Combines every rank's {@code count} items with {@code op}, in rank order, into every rank's receive buffer; with
     * {@code prefix}, rank i gets the combination of ranks 0 to i only ({@code Scan}).
     */
    static void everywhere(
        final CollectiveCalls calls, final String call, final Communicator c, final ObjectCodec codec, final Object sendbuf, final int sendoffset,
        final Object recvbuf, final int recvoffset, final int count, final Datatype type, final Op op, final boolean prefix)
    {
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, count, type);
        CollectiveArgs.buffer(call, "receive", recvbuf, recvoffset, count, type);
        final Reduction reduction = reduction(call, op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        ReducingCollectives.everywhere(calls, c, codec, sendbuf, sendoffset, recvbuf, recvoffset, count, type.map(), prefix, reduction, itemElements);
    }

    /** Gives rank i the combination, in rank order, of ranks 0 to i - 1's {@code count} items; rank 0's receive buffer is left undefined. */
    static void exclusive(
        final CollectiveCalls calls, final String call, final Communicator c, final Object sendbuf, final int sendoffset,
        final Object recvbuf, final int recvoffset, final int count, final Datatype type, final Op op)
    {
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, count, type);
        CollectiveArgs.buffer(call, "receive", recvbuf, recvoffset, count, type);
        final Reduction reduction = reduction(call, op, type);
        ReducingCollectives.exclusiveScan(calls, c, sendbuf, sendoffset, recvbuf, recvoffset, count, type.map(), reduction,
            op.elementsPerReducedItem(type));
    }

    /** Combines every rank's items (the sum of {@code recvcounts}) with {@code op}; rank i receives {@code recvcounts[i]} of them, in order. */
    static void reduceScatter(
        final CollectiveCalls calls, final String call, final Communicator c, final ObjectCodec codec, final Object sendbuf,
        final int sendoffset, final Object recvbuf, final int recvoffset, final int[] recvcounts, final Datatype type, final Op op)
    {
        final int total = total(call, c, recvcounts);
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, total, type);
        CollectiveArgs.buffer(call, "receive", recvbuf, recvoffset, recvcounts[c.rank()], type);
        final Reduction reduction = reduction(call, op, type);
        final int itemElements = op.elementsPerReducedItem(type);
        ReducingCollectives.reduceScatter(calls, c, codec, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, type.map(), total, reduction,
            itemElements);
    }

    /** @return the sum of {@code recvcounts}, after checking there is one per rank, none negative. */
    static int total(final String call, final Communicator c, final int[] recvcounts)
    {
        final int n = c.size();
        if (recvcounts == null || recvcounts.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": recvcounts needs " + n + " entries, one per rank; got "
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
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": recvcounts add up to " + total + " items, more than a Java array holds");
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
