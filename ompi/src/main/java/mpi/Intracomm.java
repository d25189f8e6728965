package mpi;

import java.nio.Buffer;

/**
 * A communicator within one group of ranks, such as {@link MPI#COMM_WORLD}: everything a {@link Comm} does, plus splits
 * and subsets of it and the prefix reductions ({@link #scan}, {@link #exScan}). Thread-safety: as {@link Comm}.
 */
public class Intracomm extends Comm
{
    Intracomm(final String name)
    {
        super(name);
    }

    /** @return a duplicate, as {@link #dup()}; an unchecked {@code IllegalStateException} when that fails. */
    @Override
    public Intracomm clone()
    {
        try
        {
            return dup();
        }
        catch (final MPIException ex)
        {
            throw new IllegalStateException(ex.getMessage(), ex);
        }
    }

    /**
     * @return a new communicator of the same group with a context of its own and the same error handler. Collective.
     * @throws MPIException when the ranks cannot agree on a context.
     */
    @Override
    public Intracomm dup() throws MPIException
    {
        return CommCreation.dup(this, "dup");
    }

    /**
     * Duplicates the communicator as {@link #dup()}; the duplicate is ready at once and its {@link #getRequest()} is complete.
     *
     * @return the duplicate.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public Intracomm iDup() throws MPIException
    {
        return completed(CommCreation.dup(this, "iDup"));
    }

    /**
     * @param info hints for the duplicate, kept but not acted on.
     * @return a duplicate, as {@link #dup()}, with {@code info}.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public Intracomm dupWithInfo(final Info info) throws MPIException
    {
        return withInfo(CommCreation.dup(this, "dupWithInfo"), info);
    }

    /**
     * Splits the communicator by colour. Collective.
     *
     * @param colour the group this rank joins, 0 or more; {@link MPI#UNDEFINED} joins none.
     * @param key    orders the ranks of a group; ties keep their order here.
     * @return the communicator of the ranks that gave this rank's colour; a null communicator ({@link #isNull()}) for
     *         {@link MPI#UNDEFINED}.
     * @throws MPIException {@code ERR_ARG} for another negative colour.
     */
    public final Intracomm split(final int colour, final int key) throws MPIException
    {
        return CommCreation.split(this, colour, key);
    }

    /**
     * Makes the communicator of a subset of this one's ranks. Collective over this communicator.
     *
     * @param group the ranks of the new communicator, in its order: a subset of this one's group.
     * @return the new communicator; a null communicator on the ranks outside {@code group}.
     * @throws MPIException {@code ERR_GROUP} for a null group or one with processes outside this communicator.
     */
    public final Intracomm create(final Group group) throws MPIException
    {
        return CommCreation.create(this, group);
    }

    /**
     * Splits the communicator by a property of the ranks. Collective.
     *
     * @param splitType {@link Comm#TYPE_SHARED}: the ranks that share this rank's host, and so its memory; {@link MPI#UNDEFINED}
     *                  joins none.
     * @param key       orders the ranks of a part; ties keep their order here.
     * @param info      hints, not acted on.
     * @return the communicator of this rank's part; a null communicator for {@link MPI#UNDEFINED}.
     * @throws MPIException {@code ERR_ARG} for another split type.
     */
    public final Intracomm splitType(final int splitType, final int key, final Info info) throws MPIException
    {
        return CommCreation.splitType(this, splitType, key);
    }

    /**
     * Makes the communicator of a subset of this one's ranks, as {@link #create}, but only the ranks of {@code group} call it.
     * Collective over the group.
     *
     * @param group the ranks of the new communicator, in its order; the caller among them.
     * @param tag   tells concurrent creations on this communicator apart; its messages use it here.
     * @return the new communicator.
     * @throws MPIException {@code ERR_GROUP} for a null group, one with processes outside this communicator or without the
     *                      caller; {@code ERR_TAG} for a negative tag.
     */
    public final Intracomm createGroup(final Group group, final int tag) throws MPIException
    {
        return CommCreation.createGroup(this, group, tag);
    }

    /**
     * Makes a communicator whose ranks form a Cartesian grid of {@code dims}, the first ranks of this one in row-major order
     * (they keep their order: {@code reorder} is allowed, not acted on). Collective.
     *
     * @param dims    the number of ranks along each dimension.
     * @param periods whether each dimension wraps around.
     * @param reorder whether ranks may be renumbered.
     * @return the grid's communicator; a null communicator on the ranks beyond the grid.
     * @throws MPIException {@code ERR_DIMS} for a grid larger than this communicator or with a dimension under 1.
     */
    public final CartComm createCart(final int[] dims, final boolean[] periods, final boolean reorder) throws MPIException
    {
        return Topologies.createCart(this, dims, periods);
    }

    /**
     * Makes a communicator whose first ranks are the nodes of a graph every rank gives whole; ranks keep their order.
     * Collective.
     *
     * @param index   node i's edges end at {@code index[i]} of {@code edges} (its cumulative degree).
     * @param edges   the neighbours of node 0, then of node 1, and so on.
     * @param reorder whether ranks may be renumbered (not acted on).
     * @return the graph's communicator; a null communicator on the ranks beyond the graph's nodes.
     * @throws MPIException {@code ERR_ARG} for a graph description that does not hold together.
     */
    public final GraphComm createGraph(final int[] index, final int[] edges, final boolean reorder) throws MPIException
    {
        return Topologies.createGraph(this, index, edges);
    }

    /**
     * Makes a communicator of a distributed graph whose edges any rank may give: edges from {@code sources[i]} to the next
     * {@code degrees[i]} entries of {@code destinations}, with their {@code weights}. Each rank learns the edges into and
     * out of it. Collective.
     *
     * @return the graph's communicator, of every rank of this one.
     * @throws MPIException {@code ERR_RANK} for a rank outside this communicator, {@code ERR_ARG} for bad counts or weights.
     */
    public final GraphComm createDistGraph(final int[] sources, final int[] degrees, final int[] destinations, final int[] weights,
        final Info info, final boolean reorder) throws MPIException
    {
        return Topologies.createDistGraph(this, sources, degrees, destinations, weights, true);
    }

    /**
     * As {@link #createDistGraph(int[], int[], int[], int[], Info, boolean)}, for a graph without weights.
     *
     * @return the graph's communicator, of every rank of this one.
     * @throws MPIException as {@link #createDistGraph(int[], int[], int[], int[], Info, boolean)}.
     */
    public final GraphComm createDistGraph(final int[] sources, final int[] degrees, final int[] destinations, final Info info,
        final boolean reorder) throws MPIException
    {
        return Topologies.createDistGraph(this, sources, degrees, destinations, null, false);
    }

    /**
     * Makes a communicator of a distributed graph in which each rank gives its own edges: those from {@code sources} into
     * it and those out of it to {@code destinations}, with their weights. The edges the ranks give must agree. Collective.
     *
     * @return the graph's communicator, of every rank of this one.
     * @throws MPIException {@code ERR_RANK} for a rank outside this communicator, {@code ERR_ARG} for bad weights.
     */
    public final GraphComm createDistGraphAdjacent(final int[] sources, final int[] sourceWeights, final int[] destinations,
        final int[] destWeights, final Info info, final boolean reorder) throws MPIException
    {
        return Topologies.createDistGraphAdjacent(this, sources, sourceWeights, destinations, destWeights, true);
    }

    /**
     * As {@link #createDistGraphAdjacent(int[], int[], int[], int[], Info, boolean)}, for a graph without weights.
     *
     * @return the graph's communicator, of every rank of this one.
     * @throws MPIException as {@link #createDistGraphAdjacent(int[], int[], int[], int[], Info, boolean)}.
     */
    public final GraphComm createDistGraphAdjacent(final int[] sources, final int[] destinations, final Info info, final boolean reorder)
        throws MPIException
    {
        return Topologies.createDistGraphAdjacent(this, sources, null, destinations, null, false);
    }

    /**
     * Rank i receives the combination with {@code op}, in rank order, of ranks 0 to i's {@code count} items.
     *
     * @throws MPIException {@code ERR_OP} for an operation not defined on the type, or a bad buffer on this rank.
     */
    public final void scan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op) throws MPIException
    {
        blocking("scan", (calls, c) -> CollectiveMapping.everywhere(calls, "scan", c, false, sendbuf, recvbuf, count, type, op, false,
            CollectiveMapping.Combination.PREFIX));
    }

    /**
     * A {@link #scan(Object, Object, int, Datatype, Op)} in place: {@code recvbuf} holds the rank's contribution and receives
     * its result.
     *
     * @throws MPIException as {@link #scan(Object, Object, int, Datatype, Op)}.
     */
    public final void scan(final Object recvbuf, final int count, final Datatype type, final Op op) throws MPIException
    {
        blocking("scan", (calls, c) -> CollectiveMapping.everywhere(calls, "scan", c, false, recvbuf, recvbuf, count, type, op, true,
            CollectiveMapping.Combination.PREFIX));
    }

    /**
     * Starts a {@link #scan(Object, Object, int, Datatype, Op)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException {@code ERR_BUFFER} for a heap buffer, or as the blocking call.
     */
    public final Request iScan(final Buffer sendbuf, final Buffer recvbuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        return start("iScan", (calls, c) -> CollectiveMapping.everywhere(calls, "iScan", c, true, sendbuf, recvbuf, count, type, op, false,
            CollectiveMapping.Combination.PREFIX), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #scan(Object, int, Datatype, Op)} in place on a direct buffer.
     *
     * @return the request.
     * @throws MPIException as {@link #iScan(Buffer, Buffer, int, Datatype, Op)}.
     */
    public final Request iScan(final Buffer buf, final int count, final Datatype type, final Op op) throws MPIException
    {
        return start("iScan", (calls, c) -> CollectiveMapping.everywhere(calls, "iScan", c, true, buf, buf, count, type, op, true,
            CollectiveMapping.Combination.PREFIX), buf);
    }

    /**
     * Rank i receives the combination with {@code op}, in rank order, of ranks 0 to i - 1's {@code count} items; rank 0's
     * {@code recvbuf} is not defined afterwards.
     *
     * @throws MPIException as {@link #scan(Object, Object, int, Datatype, Op)}.
     */
    public final void exScan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        blocking("exScan", (calls, c) -> CollectiveMapping.everywhere(calls, "exScan", c, false, sendbuf, recvbuf, count, type, op, false,
            CollectiveMapping.Combination.EXCLUSIVE_PREFIX));
    }

    /**
     * An {@link #exScan(Object, Object, int, Datatype, Op)} in place: {@code buf} holds the rank's contribution and receives
     * its result.
     *
     * @throws MPIException as {@link #scan(Object, Object, int, Datatype, Op)}.
     */
    public final void exScan(final Object buf, final int count, final Datatype type, final Op op) throws MPIException
    {
        blocking("exScan", (calls, c) -> CollectiveMapping.everywhere(calls, "exScan", c, false, buf, buf, count, type, op, true,
            CollectiveMapping.Combination.EXCLUSIVE_PREFIX));
    }

    /**
     * Starts an {@link #exScan(Object, Object, int, Datatype, Op)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iScan(Buffer, Buffer, int, Datatype, Op)}.
     */
    public final Request iExScan(final Buffer sendbuf, final Buffer recvbuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        return start("iExScan", (calls, c) -> CollectiveMapping.everywhere(calls, "iExScan", c, true, sendbuf, recvbuf, count, type, op,
            false, CollectiveMapping.Combination.EXCLUSIVE_PREFIX), sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #exScan(Object, int, Datatype, Op)} in place on a direct buffer.
     *
     * @return the request.
     * @throws MPIException as {@link #iScan(Buffer, Buffer, int, Datatype, Op)}.
     */
    public final Request iExScan(final Buffer buf, final int count, final Datatype type, final Op op) throws MPIException
    {
        return start("iExScan", (calls, c) -> CollectiveMapping.everywhere(calls, "iExScan", c, true, buf, buf, count, type, op, true,
            CollectiveMapping.Combination.EXCLUSIVE_PREFIX), buf);
    }
}
