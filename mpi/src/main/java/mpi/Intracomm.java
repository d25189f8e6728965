package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Primitive;
import org.openmpj.engine.Collectives;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Reduction;

/**
 * A communicator within one group of ranks, such as {@link MPI#COMM_WORLD}: point-to-point, and the
 * collective operations, which every rank of the communicator must call in the same order. Counts and
 * displacements are in items of the datatype; buffers that MPI reads only at the root are not looked at
 * elsewhere.
 */
public class Intracomm extends Comm
{
    Intracomm(final String name)
    {
        super(name);
    }

    /** @return a new communicator with the same group and a context of its own; collective. */
    @Override
    public Object clone()
    {
        return Communicators.dup(this, "clone");
    }

    /** @return a new communicator with the same group and a context of its own; collective. */
    public Intracomm Dup()
    {
        return Communicators.dup(this, "Dup");
    }

    /**
     * @return the communicator of the ranks that gave the same {@code color}, ordered by {@code key} and then by
     *         rank here; {@code MPI.COMM_NULL} for a rank that gave {@code MPI.UNDEFINED}. Collective.
     */
    public Intracomm Split(final int color, final int key)
    {
        return Communicators.split(this, color, key);
    }

    /** @return the communicator of {@code group}, a subset of this one's; {@code MPI.COMM_NULL} outside it. Collective. */
    public Intracomm Create(final Group group)
    {
        return Communicators.create(this, group);
    }

    /** @return {@code MPI.IDENT}, {@code CONGRUENT}, {@code SIMILAR} or {@code UNEQUAL}; as {@link Comm#Compare}. */
    public static int Compare(final Comm comm1, final Comm comm2)
    {
        return Comm.Compare(comm1, comm2);
    }

    /**
     * @return a communicator whose first {@code dims[0] * dims[1] * …} ranks form a Cartesian grid, in this
     *         communicator's order ({@code reorder} is allowed but not acted on); {@code MPI.COMM_NULL} for the
     *         ranks beyond it. Collective.
     */
    public Cartcomm Create_cart(final int[] dims, final boolean[] periods, final boolean reorder)
    {
        final int size = Topologies.gridSize(this, "Create_cart", dims, periods);
        final int[] gridDims = dims.clone();
        final boolean[] gridPeriods = periods.clone();
        return Communicators.prefix(this, "Create_cart", size, name -> new Cartcomm(name, gridDims, gridPeriods));
    }

    /**
     * @return a communicator whose first {@code index.length} ranks are the nodes of the graph; {@code MPI.COMM_NULL}
     *         for the other ranks. Collective.
     */
    public Graphcomm Create_graph(final int[] index, final int[] edges, final boolean reorder)
    {
        final int nodes = Topologies.graphSize(this, "Create_graph", index, edges);
        final int[] graphIndex = index.clone();
        final int[] graphEdges = edges.clone();
        return Communicators.prefix(this, "Create_graph", nodes, name -> new Graphcomm(name, graphIndex, graphEdges));
    }

    /** Returns once every rank has entered. */
    public void Barrier()
    {
        final Communicator communicator = engine("Barrier");
        try
        {
            Collectives.barrier(communicator);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Copies {@code count} items from {@code root}'s buffer into every rank's. */
    public void Bcast(final Object buf, final int offset, final int count, final Datatype datatype, final int root)
    {
        final Communicator communicator = engine("Bcast");
        final int perItem;
        try
        {
            CollectiveArgs.root("Bcast", communicator, root);
            perItem = CollectiveArgs.buffer("Bcast", "buffer", buf, offset, count, datatype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            if (datatype.isObject())
            {
                ObjectCollectives.bcast(communicator, apiLoader(), (Object[])buf, offset, count, root);
                return;
            }
            Collectives.bcast(communicator, buf, datatype.kind(), offset, count * perItem, root);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Each rank sends {@code sendcount} items; the root receives rank i's at item {@code i * recvcount} of its receive buffer. */
    public void Gather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        final Communicator communicator = engine("Gather");
        final int n = communicator.size();
        gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            Collectives.counts(n, recvcount), Collectives.blocks(n, recvcount), recvtype, root, "Gather", true);
    }

    /** Each rank sends {@code sendcount} items; the root receives rank i's {@code recvcount[i]} items at item {@code displs[i]}. */
    public void Gatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, root, "Gatherv", false);
    }

    /** The root sends {@code sendcount} items to each rank, rank i's from item {@code i * sendcount}. */
    public void Scatter(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        final Communicator communicator = engine("Scatter");
        final int n = communicator.size();
        scatterv(sendbuf, sendoffset, Collectives.counts(n, sendcount), Collectives.blocks(n, sendcount), sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root, "Scatter", true);
    }

    /** The root sends {@code sendcount[i]} items from item {@code displs[i]} to rank i. */
    public void Scatterv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        scatterv(sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root, "Scatterv", false);
    }

    /** Every rank receives every rank's {@code sendcount} items, rank i's at item {@code i * recvcount}. */
    public void Allgather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        final int n = engine("Allgather").size();
        allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            Collectives.counts(n, recvcount), Collectives.blocks(n, recvcount), recvtype, "Allgather");
    }

    /** Every rank receives rank i's items, {@code recvcount[i]} of them, at item {@code displs[i]}. */
    public void Allgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, "Allgatherv");
    }

    /** Rank r sends its block i ({@code sendcount} items) to rank i, and receives rank i's block r at its block i. */
    public void Alltoall(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        final int n = engine("Alltoall").size();
        alltoallv(sendbuf, sendoffset, Collectives.counts(n, sendcount), Collectives.blocks(n, sendcount), sendtype,
            recvbuf, recvoffset, Collectives.counts(n, recvcount), Collectives.blocks(n, recvcount), recvtype, "Alltoall");
    }

    /** Rank r sends {@code sendcount[i]} items from item {@code sdispls[i]} to rank i, and receives rank i's at {@code rdispls[i]}. */
    public void Alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        alltoallv(sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype, "Alltoallv");
    }

    /** Combines every rank's {@code count} items with {@code op}, in rank order, into the root's receive buffer. */
    public void Reduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op, final int root)
    {
        final Communicator communicator = engine("Reduce");
        final Reduction reduction;
        final int perItem;
        try
        {
            CollectiveArgs.root("Reduce", communicator, root);
            perItem = CollectiveArgs.buffer("Reduce", "send", sendbuf, sendoffset, count, datatype);
            if (communicator.rank() == root)
            {
                CollectiveArgs.buffer("Reduce", "receive", recvbuf, recvoffset, count, datatype);
            }
            reduction = reduction("Reduce", op, datatype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            Collectives.reduce(communicator, sendbuf, sendoffset, recvbuf, recvoffset, datatype.kind(), count * perItem, perItem,
                reduction, root);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Combines every rank's {@code count} items with {@code op}, in rank order, into every rank's receive buffer. */
    public void Allreduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        reduceEverywhere("Allreduce", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, false);
    }

    /** Rank i receives the combination, in rank order, of ranks 0 to i's {@code count} items. */
    public void Scan(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        reduceEverywhere("Scan", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, true);
    }

    /**
     * Combines every rank's items (the sum of {@code recvcounts}) with {@code op}, then gives rank i
     * {@code recvcounts[i]} items of the result, in order.
     */
    public void Reduce_scatter(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int[] recvcounts,
        final Datatype datatype, final Op op)
    {
        final Communicator communicator = engine("Reduce_scatter");
        final int n = communicator.size();
        final int perItem;
        final Reduction reduction;
        int total = 0;
        try
        {
            if (recvcounts == null || recvcounts.length < n)
            {
                throw MPIException.of(ErrorClass.ERR_ARG, "Reduce_scatter: recvcounts needs " + n + " entries, one per rank; got "
                    + (recvcounts == null ? "null" : recvcounts.length));
            }
            for (int i = 0; i < n; i++)
            {
                if (recvcounts[i] < 0)
                {
                    throw MPIException.of(ErrorClass.ERR_COUNT, "Reduce_scatter: recvcounts[" + i + "]=" + recvcounts[i] + " is negative");
                }
                total += recvcounts[i];
            }
            perItem = CollectiveArgs.buffer("Reduce_scatter", "send", sendbuf, sendoffset, total, datatype);
            CollectiveArgs.buffer("Reduce_scatter", "receive", recvbuf, recvoffset, recvcounts[communicator.rank()], datatype);
            reduction = reduction("Reduce_scatter", op, datatype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            final Primitive kind = datatype.kind();
            final Object reduced = kind.newArray(total * perItem);
            Collectives.reduce(communicator, sendbuf, sendoffset, reduced, 0, kind, total * perItem, perItem, reduction, 0);
            final int[] counts = CollectiveArgs.elements(recvcounts, n, perItem);
            final int[] displs = new int[n];
            for (int i = 1; i < n; i++)
            {
                displs[i] = displs[i - 1] + counts[i - 1];
            }
            Collectives.scatterv(communicator, reduced, 0, counts, displs, recvbuf, recvoffset, counts[communicator.rank()], kind, 0);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    // ---------------------------------------------------------------- internals

    private void reduceEverywhere(
        final String call, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op, final boolean prefix)
    {
        final Communicator communicator = engine(call);
        final Reduction reduction;
        final int perItem;
        try
        {
            perItem = CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, count, datatype);
            CollectiveArgs.buffer(call, "receive", recvbuf, recvoffset, count, datatype);
            reduction = reduction(call, op, datatype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            if (prefix)
            {
                Collectives.scan(communicator, sendbuf, sendoffset, recvbuf, recvoffset, datatype.kind(), count * perItem, perItem, reduction);
            }
            else
            {
                Collectives.allreduce(communicator, sendbuf, sendoffset, recvbuf, recvoffset, datatype.kind(), count * perItem, perItem,
                    reduction);
            }
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private static Reduction reduction(final String call, final Op op, final Datatype datatype)
    {
        if (op == null)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": op is null");
        }
        if (datatype.isObject())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": reductions on MPI.OBJECT are not implemented yet");
        }
        try
        {
            return op.reduction(datatype, datatype.kind());
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": " + ex.getMessage());
        }
    }

    private void gatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root,
        final String call, final boolean equalBlocks)
    {
        final Communicator communicator = engine(call);
        final int n = communicator.size();
        final int sendPerItem;
        int recvPerItem = 1;
        try
        {
            CollectiveArgs.root(call, communicator, root);
            sendPerItem = CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, sendcount, sendtype);
            if (communicator.rank() == root)
            {
                recvPerItem = CollectiveArgs.vector(call, "receive", communicator, recvbuf, recvoffset, recvcount, displs, recvtype);
                sameKind(call, sendtype, recvtype);
                if (equalBlocks)
                {
                    CollectiveArgs.sameBlock(call, "send", sendcount, sendtype, sendPerItem, "receive", recvcount[0], recvtype, recvPerItem);
                }
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            if (sendtype.isObject())
            {
                ObjectCollectives.gatherv(communicator, apiLoader(), (Object[])sendbuf, sendoffset, sendcount, (Object[])recvbuf, recvoffset,
                    recvcount, displs, root);
                return;
            }
            if (equalBlocks)
            {
                Collectives.gather(communicator, sendbuf, sendoffset, recvbuf, recvoffset, sendcount * sendPerItem, sendtype.kind(), root);
                return;
            }
            Collectives.gatherv(communicator, sendbuf, sendoffset, sendcount * sendPerItem, recvbuf, recvoffset,
                CollectiveArgs.elements(recvcount, n, recvPerItem), CollectiveArgs.elements(displs, n, recvPerItem), sendtype.kind(), root);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private void scatterv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root, final String call,
        final boolean equalBlocks)
    {
        final Communicator communicator = engine(call);
        final int n = communicator.size();
        int sendPerItem = 1;
        final int recvPerItem;
        try
        {
            CollectiveArgs.root(call, communicator, root);
            recvPerItem = CollectiveArgs.buffer(call, "receive", recvbuf, recvoffset, recvcount, recvtype);
            if (communicator.rank() == root)
            {
                sendPerItem = CollectiveArgs.vector(call, "send", communicator, sendbuf, sendoffset, sendcount, displs, sendtype);
                sameKind(call, sendtype, recvtype);
                if (equalBlocks)
                {
                    CollectiveArgs.sameBlock(call, "send", sendcount[0], sendtype, sendPerItem, "receive", recvcount, recvtype, recvPerItem);
                }
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            if (recvtype.isObject())
            {
                ObjectCollectives.scatterv(communicator, apiLoader(), (Object[])sendbuf, sendoffset, sendcount, displs, (Object[])recvbuf,
                    recvoffset, recvcount, root);
                return;
            }
            if (equalBlocks)
            {
                Collectives.scatter(communicator, sendbuf, sendoffset, recvbuf, recvoffset, recvcount * recvPerItem, recvtype.kind(), root);
                return;
            }
            Collectives.scatterv(communicator, sendbuf, sendoffset,
                CollectiveArgs.elements(sendcount, n, sendPerItem), CollectiveArgs.elements(displs, n, sendPerItem),
                recvbuf, recvoffset, recvcount * recvPerItem, recvtype.kind(), root);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private void allgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final String call)
    {
        final Communicator communicator = engine(call);
        final int n = communicator.size();
        final int sendPerItem;
        final int recvPerItem;
        try
        {
            sendPerItem = CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, sendcount, sendtype);
            recvPerItem = CollectiveArgs.vector(call, "receive", communicator, recvbuf, recvoffset, recvcount, displs, recvtype);
            sameKind(call, sendtype, recvtype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            if (sendtype.isObject())
            {
                ObjectCollectives.allgatherv(communicator, apiLoader(), (Object[])sendbuf, sendoffset, sendcount, (Object[])recvbuf,
                    recvoffset, recvcount, displs);
                return;
            }
            Collectives.allgatherv(communicator, sendbuf, sendoffset, sendcount * sendPerItem, recvbuf, recvoffset,
                CollectiveArgs.elements(recvcount, n, recvPerItem), CollectiveArgs.elements(displs, n, recvPerItem), sendtype.kind());
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private void alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype, final String call)
    {
        final Communicator communicator = engine(call);
        final int n = communicator.size();
        final int sendPerItem;
        final int recvPerItem;
        try
        {
            sendPerItem = CollectiveArgs.vector(call, "send", communicator, sendbuf, sendoffset, sendcount, sdispls, sendtype);
            recvPerItem = CollectiveArgs.vector(call, "receive", communicator, recvbuf, recvoffset, recvcount, rdispls, recvtype);
            sameKind(call, sendtype, recvtype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            if (sendtype.isObject())
            {
                ObjectCollectives.alltoallv(communicator, apiLoader(), (Object[])sendbuf, sendoffset, sendcount, sdispls, (Object[])recvbuf,
                    recvoffset, recvcount, rdispls);
                return;
            }
            Collectives.alltoallv(communicator, sendbuf, sendoffset, CollectiveArgs.elements(sendcount, n, sendPerItem),
                CollectiveArgs.elements(sdispls, n, sendPerItem), recvbuf, recvoffset, CollectiveArgs.elements(recvcount, n, recvPerItem),
                CollectiveArgs.elements(rdispls, n, recvPerItem), sendtype.kind());
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private static void sameKind(final String call, final Datatype sendtype, final Datatype recvtype)
    {
        if (sendtype.kind() != recvtype.kind())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " and receive type " + recvtype
                + " hold different kinds of elements");
        }
    }
}
