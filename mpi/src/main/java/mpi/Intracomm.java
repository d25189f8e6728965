package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Collectives;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Neighborhood;
import org.openmpj.engine.ScheduledCalls;
import org.openmpj.engine.datatype.RegularBlocks;

/**
 * A communicator within one group of ranks, such as {@link MPI#COMM_WORLD}: point-to-point, and the
 * collective operations, which every rank of the communicator must call in the same order. Collectives take
 * every datatype: counts are in items of it, displacements in multiples of its extent (as MPI defines them), and
 * a send type and its receive type may differ as long as their type signatures match (the same sequence of
 * elements, such as 4 x {@code MPI.INT} and 1 x {@code Contiguous(4, MPI.INT)}). Buffers that MPI uses only at
 * the root are not looked at elsewhere. Predefined operations combine the elements of a derived type one by one
 * (MAXLOC and MINLOC pair by pair); a user-defined {@link Op} gets whole items, laid out as the datatype
 * describes, and on {@code MPI.OBJECT} the objects themselves, as the calling rank's classes.
 */
public class Intracomm extends Comm
{
    /** The send side's equal blocks of this rank's last Scatter or Alltoall; made on first use. */
    private RegularBlocks sentBlocks;
    /** The receive side's equal blocks of this rank's last Gather, Allgather or Alltoall; made on first use. */
    private RegularBlocks receivedBlocks;

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
        final int started = communicator.startedCollectives();
        try
        {
            DataCollectives.bcast(CollectiveCalls.BLOCKING, communicator, objectCodec(), buf, offset, count, datatype, root);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    /** Each rank sends {@code sendcount} items; the root receives rank i's at item {@code i * recvcount} of its receive buffer. */
    public void Gather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        final RegularBlocks received = receivedBlocks(engine("Gather").size());
        gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            received.counts(recvcount), received.displs(recvcount), recvtype, root, "Gather", true);
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
        final RegularBlocks sent = sentBlocks(engine("Scatter").size());
        scatterv(sendbuf, sendoffset, sent.counts(sendcount), sent.displs(sendcount), sendtype,
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
        final RegularBlocks received = receivedBlocks(engine("Allgather").size());
        allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            received.counts(recvcount), received.displs(recvcount), recvtype, "Allgather");
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
        final RegularBlocks sent = sentBlocks(n);
        final RegularBlocks received = receivedBlocks(n);
        alltoallv(sendbuf, sendoffset, sent.counts(sendcount), sent.displs(sendcount), sendtype,
            recvbuf, recvoffset, received.counts(recvcount), received.displs(recvcount), recvtype, "Alltoall", true);
    }

    /** Rank r sends {@code sendcount[i]} items from item {@code sdispls[i]} to rank i, and receives rank i's at {@code rdispls[i]}. */
    public void Alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        alltoallv(sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype, "Alltoallv", false);
    }

    /** Combines every rank's {@code count} items with {@code op}, in rank order, into the root's receive buffer. */
    public void Reduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op, final int root)
    {
        final Communicator communicator = engine("Reduce");
        final int started = communicator.startedCollectives();
        try
        {
            ReductionCollectives.reduce(CollectiveCalls.BLOCKING, communicator, objectCodec(), sendbuf, sendoffset, recvbuf, recvoffset, count,
                datatype, op, root);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
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
        final int started = communicator.startedCollectives();
        try
        {
            ReductionCollectives.reduceScatter(CollectiveCalls.BLOCKING, "Reduce_scatter", communicator, objectCodec(), sendbuf, sendoffset,
                recvbuf, recvoffset, recvcounts, datatype, op);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    /**
     * Gives rank i the combination with {@code op}, in rank order, of ranks 0 to i - 1's {@code count} items
     * ({@code MPI_Exscan}, an extension of mpiJava 1.2); rank 0's receive buffer is left undefined. {@code MPI.OBJECT} is
     * refused ({@code ERR_TYPE}).
     */
    public void Exscan(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        blocking("Exscan", (calls, c) -> ReductionCollectives.exclusive(calls, "Exscan", c, sendbuf, sendoffset, recvbuf, recvoffset, count,
            datatype, op));
    }

    /**
     * As {@link #Reduce_scatter} with {@code recvcount} items for every rank ({@code MPI_Reduce_scatter_block}, an extension
     * of mpiJava 1.2): the send buffer holds {@code recvcount} items per rank.
     */
    public void Reduce_scatter_block(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int recvcount,
        final Datatype datatype, final Op op)
    {
        blocking("Reduce_scatter_block", (calls, c) -> ReductionCollectives.reduceScatter(calls, "Reduce_scatter_block", c, objectCodec(),
            sendbuf, sendoffset, recvbuf, recvoffset, Collectives.counts(c.size(), recvcount), datatype, op));
    }

    // ---------------------------------------------------------------- non-blocking collectives (MPI-3; an extension of mpiJava 1.2)

    /**
     * Starts a barrier ({@code MPI_Ibarrier}, an extension of mpiJava 1.2, as are the calls below): the request completes
     * once every rank has started it. Every rank must start the same collectives in the same order, blocking and
     * non-blocking alike; any number may be in flight. A non-blocking collective's buffers belong to it until its request
     * completes; its status is empty; it cannot be cancelled. Its arguments are those of the blocking call of the same
     * name, but for {@code MPI.OBJECT}, which only the blocking calls carry.
     */
    public Request Ibarrier()
    {
        return start("Ibarrier", (calls, c) -> calls.barrier(c));
    }

    /** Starts a {@link #Bcast}. */
    public Request Ibcast(final Object buf, final int offset, final int count, final Datatype datatype, final int root)
    {
        return start("Ibcast", (calls, c) -> DataCollectives.bcast(calls, c, objectCodec(), buf, offset, count, datatype, root));
    }

    /** Starts a {@link #Gather}. */
    public Request Igather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        return start("Igather", (calls, c) -> DataCollectives.gatherv(calls, "Igather", c, objectCodec(), sendbuf, sendoffset, sendcount,
            sendtype, recvbuf, recvoffset, Collectives.counts(c.size(), recvcount), Collectives.blocks(c.size(), recvcount), recvtype, root,
            true));
    }

    /** Starts a {@link #Gatherv}. */
    public Request Igatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        return start("Igatherv", (calls, c) -> DataCollectives.gatherv(calls, "Igatherv", c, objectCodec(), sendbuf, sendoffset, sendcount,
            sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, root, false));
    }

    /** Starts a {@link #Scatter}. */
    public Request Iscatter(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        return start("Iscatter", (calls, c) -> DataCollectives.scatterv(calls, "Iscatter", c, objectCodec(), sendbuf, sendoffset,
            Collectives.counts(c.size(), sendcount), Collectives.blocks(c.size(), sendcount), sendtype, recvbuf, recvoffset, recvcount, recvtype,
            root, true));
    }

    /** Starts a {@link #Scatterv}. */
    public Request Iscatterv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        return start("Iscatterv", (calls, c) -> DataCollectives.scatterv(calls, "Iscatterv", c, objectCodec(), sendbuf, sendoffset, sendcount,
            displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root, false));
    }

    /** Starts an {@link #Allgather}. */
    public Request Iallgather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        return start("Iallgather", (calls, c) -> DataCollectives.allgatherv(calls, "Iallgather", c, objectCodec(), sendbuf, sendoffset,
            sendcount, sendtype, recvbuf, recvoffset, Collectives.counts(c.size(), recvcount), Collectives.blocks(c.size(), recvcount),
            recvtype));
    }

    /** Starts an {@link #Allgatherv}. */
    public Request Iallgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        return start("Iallgatherv", (calls, c) -> DataCollectives.allgatherv(calls, "Iallgatherv", c, objectCodec(), sendbuf, sendoffset,
            sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype));
    }

    /** Starts an {@link #Alltoall}. */
    public Request Ialltoall(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        return start("Ialltoall", (calls, c) -> DataCollectives.alltoallv(calls, "Ialltoall", c, objectCodec(), sendbuf, sendoffset,
            Collectives.counts(c.size(), sendcount), Collectives.blocks(c.size(), sendcount), sendtype, recvbuf, recvoffset,
            Collectives.counts(c.size(), recvcount), Collectives.blocks(c.size(), recvcount), recvtype, true));
    }

    /** Starts an {@link #Alltoallv}. */
    public Request Ialltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        return start("Ialltoallv", (calls, c) -> DataCollectives.alltoallv(calls, "Ialltoallv", c, objectCodec(), sendbuf, sendoffset,
            sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype, false));
    }

    /** Starts a {@link #Reduce}. */
    public Request Ireduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op, final int root)
    {
        return start("Ireduce", (calls, c) -> ReductionCollectives.reduce(calls, c, objectCodec(), sendbuf, sendoffset, recvbuf, recvoffset,
            count, datatype, op, root));
    }

    /** Starts an {@link #Allreduce}. */
    public Request Iallreduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        return start("Iallreduce", (calls, c) -> ReductionCollectives.everywhere(calls, "Iallreduce", c, objectCodec(), sendbuf, sendoffset,
            recvbuf, recvoffset, count, datatype, op, false));
    }

    /** Starts a {@link #Scan}. */
    public Request Iscan(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        return start("Iscan", (calls, c) -> ReductionCollectives.everywhere(calls, "Iscan", c, objectCodec(), sendbuf, sendoffset, recvbuf,
            recvoffset, count, datatype, op, true));
    }

    /** Starts a {@link #Reduce_scatter}. */
    public Request Ireduce_scatter(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int[] recvcounts,
        final Datatype datatype, final Op op)
    {
        return start("Ireduce_scatter", (calls, c) -> ReductionCollectives.reduceScatter(calls, "Ireduce_scatter", c, objectCodec(), sendbuf,
            sendoffset, recvbuf, recvoffset, recvcounts, datatype, op));
    }

    /** Starts an {@link #Exscan}. */
    public Request Iexscan(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        return start("Iexscan", (calls, c) -> ReductionCollectives.exclusive(calls, "Iexscan", c, sendbuf, sendoffset, recvbuf, recvoffset,
            count, datatype, op));
    }

    /** Starts a {@link #Reduce_scatter_block}. */
    public Request Ireduce_scatter_block(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int recvcount,
        final Datatype datatype, final Op op)
    {
        return start("Ireduce_scatter_block", (calls, c) -> ReductionCollectives.reduceScatter(calls, "Ireduce_scatter_block", c, objectCodec(),
            sendbuf, sendoffset, recvbuf, recvoffset, Collectives.counts(c.size(), recvcount), datatype, op));
    }

    // ---------------------------------------------------------------- neighbour collectives (MPI-3; an extension of mpiJava 1.2)

    /**
     * Sends the same {@code sendcount} items to each neighbour and receives {@code recvcount} items from each, block i from
     * neighbour i ({@code MPI_Neighbor_allgather}, an extension of mpiJava 1.2, as are the calls below). A Cartesian
     * communicator's neighbours are, per dimension in turn, the ranks one below and one above (a block from beyond a
     * non-periodic edge is left as it was); a graph communicator's are its {@code Neighbours}, in their order. A
     * communicator without a process topology raises {@code ERR_TOPOLOGY}; {@code MPI.OBJECT} raises {@code ERR_TYPE}.
     */
    public void Neighbor_allgather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        neighbors("Neighbor_allgather", (calls, c, hood) -> NeighborCollectives.allgatherv(calls, "Neighbor_allgather", c, hood, sendbuf,
            sendoffset, sendcount, sendtype, recvbuf, recvoffset, Collectives.counts(hood.inDegree(), recvcount),
            Collectives.blocks(hood.inDegree(), recvcount), recvtype));
    }

    /** As {@link #Neighbor_allgather}, receiving {@code recvcount[i]} items at displacement {@code displs[i]} from neighbour i. */
    public void Neighbor_allgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        neighbors("Neighbor_allgatherv", (calls, c, hood) -> NeighborCollectives.allgatherv(calls, "Neighbor_allgatherv", c, hood, sendbuf,
            sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype));
    }

    /** Sends block i of {@code sendcount} items to neighbour i and receives block i of {@code recvcount} items from it. */
    public void Neighbor_alltoall(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        neighbors("Neighbor_alltoall", (calls, c, hood) -> neighborAlltoall(calls, "Neighbor_alltoall", c, hood, sendbuf, sendoffset, sendcount,
            sendtype, recvbuf, recvoffset, recvcount, recvtype));
    }

    /** As {@link #Neighbor_alltoall}, with a count and a displacement per block on each side. */
    public void Neighbor_alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        neighbors("Neighbor_alltoallv", (calls, c, hood) -> NeighborCollectives.alltoallv(calls, "Neighbor_alltoallv", c, hood, sendbuf,
            sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype));
    }

    /** Starts a {@link #Neighbor_allgather}, as the non-blocking collectives start. */
    public Request Ineighbor_allgather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        return startNeighbors("Ineighbor_allgather", (calls, c, hood) -> NeighborCollectives.allgatherv(calls, "Ineighbor_allgather", c, hood,
            sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, Collectives.counts(hood.inDegree(), recvcount),
            Collectives.blocks(hood.inDegree(), recvcount), recvtype));
    }

    /** Starts a {@link #Neighbor_allgatherv}. */
    public Request Ineighbor_allgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        return startNeighbors("Ineighbor_allgatherv", (calls, c, hood) -> NeighborCollectives.allgatherv(calls, "Ineighbor_allgatherv", c, hood,
            sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype));
    }

    /** Starts a {@link #Neighbor_alltoall}. */
    public Request Ineighbor_alltoall(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        return startNeighbors("Ineighbor_alltoall", (calls, c, hood) -> neighborAlltoall(calls, "Ineighbor_alltoall", c, hood, sendbuf,
            sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype));
    }

    /** Starts a {@link #Neighbor_alltoallv}. */
    public Request Ineighbor_alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        return startNeighbors("Ineighbor_alltoallv", (calls, c, hood) -> NeighborCollectives.alltoallv(calls, "Ineighbor_alltoallv", c, hood,
            sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype));
    }

    /**
     * @return whom this rank exchanges with in a neighbour collective.
     * @throws MPIException ({@code ERR_TOPOLOGY}) here: only communicators with a process topology have neighbours.
     */
    Neighborhood neighborhood(final String call)
    {
        throw MPIException.of(ErrorClass.ERR_TOPOLOGY, call + ": the communicator has no process topology; neighbour collectives take one"
            + " made by Create_cart or Create_graph");
    }

    // ---------------------------------------------------------------- internals

    /** What a non-blocking collective does: checks its arguments and makes its calls through {@code calls}. */
    @FunctionalInterface
    private interface Started
    {
        void describe(CollectiveCalls calls, Communicator communicator);
    }

    /** @return the request of the non-blocking collective {@code call}, described by {@code started} and started. */
    private Request start(final String call, final Started started)
    {
        final Communicator communicator = engine(call);
        // The operation is counted before its arguments are checked, as on every rank, so that a refusal here leaves the
        // ranks agreeing on which operation comes next; the others learn of the refusal when they wait for it.
        final ScheduledCalls calls = ScheduledCalls.begin(communicator, call);
        return startCollective(calls, () -> started.describe(calls, communicator));
    }

    private void reduceEverywhere(
        final String call, final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op, final boolean prefix)
    {
        final Communicator communicator = engine(call);
        final int started = communicator.startedCollectives();
        try
        {
            ReductionCollectives.everywhere(CollectiveCalls.BLOCKING, call, communicator, objectCodec(), sendbuf, sendoffset, recvbuf,
                recvoffset, count, datatype, op,
                prefix);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    private void gatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root,
        final String call, final boolean equalBlocks)
    {
        final Communicator communicator = engine(call);
        final int started = communicator.startedCollectives();
        try
        {
            DataCollectives.gatherv(CollectiveCalls.BLOCKING, call, communicator, objectCodec(), sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount,
                displs, recvtype, root, equalBlocks);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    private void scatterv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root, final String call,
        final boolean equalBlocks)
    {
        final Communicator communicator = engine(call);
        final int started = communicator.startedCollectives();
        try
        {
            DataCollectives.scatterv(CollectiveCalls.BLOCKING, call, communicator, objectCodec(), sendbuf, sendoffset, sendcount, displs,
                sendtype, recvbuf, recvoffset,
                recvcount, recvtype, root, equalBlocks);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    private void allgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final String call)
    {
        final Communicator communicator = engine(call);
        final int started = communicator.startedCollectives();
        try
        {
            DataCollectives.allgatherv(CollectiveCalls.BLOCKING, call, communicator, objectCodec(), sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset,
                recvcount, displs, recvtype);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    private RegularBlocks sentBlocks(final int ranks)
    {
        sentBlocks = RegularBlocks.of(sentBlocks, ranks);
        return sentBlocks;
    }

    private RegularBlocks receivedBlocks(final int ranks)
    {
        receivedBlocks = RegularBlocks.of(receivedBlocks, ranks);
        return receivedBlocks;
    }

    /** Runs the blocking collective {@code call}, described by {@code body}; a refusal before it starts tells the other ranks. */
    private void blocking(final String call, final Started body)
    {
        final Communicator communicator = engine(call);
        final int started = communicator.startedCollectives();
        try
        {
            body.describe(CollectiveCalls.BLOCKING, communicator);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    /** What a neighbour collective does: checks its arguments and makes its calls through {@code calls}. */
    @FunctionalInterface
    private interface NeighborCall
    {
        void describe(CollectiveCalls calls, Communicator communicator, Neighborhood hood);
    }

    private void neighbors(final String call, final NeighborCall body)
    {
        engine(call);
        final Neighborhood hood;
        try
        {
            // Every rank of a communicator without a topology refuses alike, before the call is counted: no one waits.
            hood = neighborhood(call);
        }
        catch (final MPIException refused)
        {
            throw raise(refused);
        }
        blocking(call, (calls, c) -> body.describe(calls, c, hood));
    }

    private Request startNeighbors(final String call, final NeighborCall body)
    {
        return start(call, (calls, c) -> body.describe(calls, c, neighborhood(call)));
    }

    private static void neighborAlltoall(
        final CollectiveCalls calls, final String call, final Communicator c, final Neighborhood hood,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        NeighborCollectives.alltoallv(calls, call, c, hood, sendbuf, sendoffset, Collectives.counts(hood.outDegree(), sendcount),
            Collectives.blocks(hood.outDegree(), sendcount), sendtype, recvbuf, recvoffset, Collectives.counts(hood.inDegree(), recvcount),
            Collectives.blocks(hood.inDegree(), recvcount), recvtype);
    }

    /** @param regular whether every block has the same count by the call's definition (Alltoall), on every rank alike. */
    private void alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype, final String call,
        final boolean regular)
    {
        final Communicator communicator = engine(call);
        final int started = communicator.startedCollectives();
        try
        {
            DataCollectives.alltoallv(CollectiveCalls.BLOCKING, call, communicator, objectCodec(), sendbuf, sendoffset, sendcount, sdispls,
                sendtype, recvbuf, recvoffset,
                recvcount, rdispls, recvtype, regular);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw failed(communicator, started, ex);
        }
    }

    /**
     * @return the failure of a collective call, raised; a call that failed before it started its collective (its
     *         arguments refused here) first tells the other ranks, so that those waiting in the call fail too.
     */
    private MPIException failed(final Communicator communicator, final int started, final RuntimeException failure)
    {
        if (communicator.startedCollectives() == started)
        {
            Collectives.abandon(communicator);
        }
        return failure instanceof MPIException refused ? raise(refused) : raise((OpenMpjException)failure);
    }
}
