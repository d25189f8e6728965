package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Collectives;
import org.openmpj.engine.ScheduledCalls;
import org.openmpj.engine.messages.Operation;

/**
 * The blocking collectives of a communicator ({@link Comm} inherits them), on arrays and buffers of any datatype. Every
 * rank must call the same collectives in the same order. Counts are in items of the datatype and displacements in its
 * extents; buffers the root alone uses are not looked at elsewhere. The one-buffer forms are MPI's in-place variants:
 * the buffer is both this rank's contribution (where the call says) and where its result goes.
 */
abstract class BlockingCollectives extends PointToPoint
{
    BlockingCollectives(final String name)
    {
        super(name);
    }

    /**
     * Returns once every rank of the communicator has entered.
     *
     * @throws MPIException when the job fails.
     */
    public void barrier() throws MPIException
    {
        blocking("barrier", (calls, c) -> calls.barrier(c));
    }

    /**
     * Copies {@code count} items of the root's {@code buf} into every other rank's.
     *
     * @throws MPIException for a bad argument on this rank, or a failure of the operation.
     */
    public void bcast(final Object buf, final int count, final Datatype type, final int root) throws MPIException
    {
        blocking("bcast", (calls, c) -> CollectiveMapping.bcast(calls, "bcast", c, false, buf, count, type, root));
    }

    /**
     * Each rank sends {@code sendcount} items; the root receives rank i's {@code recvcount} items at block i of
     * {@code recvbuf}.
     *
     * @throws MPIException for a bad argument on this rank, or a failure of the operation.
     */
    public void gather(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype, final int root) throws MPIException
    {
        blocking("gather", (calls, c) -> CollectiveMapping.gatherv(calls, "gather", c, false, sendbuf, 0, sendcount, sendtype, recvbuf,
            CollectiveMapping.counts(c.size(), recvcount), CollectiveMapping.displs(c.size(), recvcount), recvtype, root, true));
    }

    /**
     * A {@link #gather} in place: at the root, {@code buf} receives every rank's {@code count} items and holds the root's
     * own already at its block; elsewhere {@code buf} is what the rank sends.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void gather(final Object buf, final int count, final Datatype type, final int root) throws MPIException
    {
        blocking("gather", (calls, c) -> gatherInPlace(calls, "gather", c, false, buf, count, type, root));
    }

    /**
     * Each rank sends {@code sendcount} items; the root receives rank i's {@code recvcount[i]} items at displacement
     * {@code displs[i]} of {@code recvbuf}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int[] recvcount,
        final int[] displs, final Datatype recvtype, final int root) throws MPIException
    {
        blocking("gatherv", (calls, c) -> CollectiveMapping.gatherv(calls, "gatherv", c, false, sendbuf, 0, sendcount, sendtype, recvbuf,
            recvcount, displs, recvtype, root, false));
    }

    /**
     * The root's side of a {@link #gatherv} in place: its own block is already at {@code displs[root]} of {@code recvbuf}.
     * The other ranks call {@link #gatherv(Object, int, Datatype, int)}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void gatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
        throws MPIException
    {
        blocking("gatherv", (calls, c) -> gathervAtRoot(calls, "gatherv", c, false, recvbuf, recvcount, displs, recvtype, root));
    }

    /**
     * The side of a {@link #gatherv} in place of the ranks other than the root: they only send.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final int root) throws MPIException
    {
        blocking("gatherv", (calls, c) -> CollectiveMapping.gatherv(calls, "gatherv", c, false, sendbuf, 0, sendcount, sendtype, null, null,
            null, sendtype, root, false));
    }

    /**
     * The root sends block i of {@code sendbuf}, {@code sendcount} items, to rank i, which receives {@code recvcount}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public void scatter(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype, final int root) throws MPIException
    {
        blocking("scatter", (calls, c) -> CollectiveMapping.scatterv(calls, "scatter", c, false, sendbuf,
            CollectiveMapping.counts(c.size(), sendcount), CollectiveMapping.displs(c.size(), sendcount), sendtype, recvbuf, 0, recvcount,
            recvtype, root, true));
    }

    /**
     * A {@link #scatter} in place: at the root {@code buf} is what it sends, and its own block stays where it is; elsewhere
     * {@code buf} receives the rank's {@code count} items.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void scatter(final Object buf, final int count, final Datatype type, final int root) throws MPIException
    {
        blocking("scatter", (calls, c) -> scatterInPlace(calls, "scatter", c, false, buf, count, type, root));
    }

    /**
     * The root sends {@code sendcount[i]} items from displacement {@code displs[i]} of {@code sendbuf} to rank i.
     *
     * @throws MPIException as {@link #gather}.
     */
    public void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final Object recvbuf,
        final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        blocking("scatterv", (calls, c) -> CollectiveMapping.scatterv(calls, "scatterv", c, false, sendbuf, sendcount, displs, sendtype,
            recvbuf, 0, recvcount, recvtype, root, false));
    }

    /**
     * The root's side of a {@link #scatterv} in place: its own block stays at {@code displs[root]} of {@code sendbuf}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final int root)
        throws MPIException
    {
        blocking("scatterv", (calls, c) -> scattervAtRoot(calls, "scatterv", c, false, sendbuf, sendcount, displs, sendtype, root));
    }

    /**
     * The side of a {@link #scatterv} in place of the ranks other than the root: they only receive.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void scatterv(final Object recvbuf, final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        blocking("scatterv", (calls, c) -> CollectiveMapping.scatterv(calls, "scatterv", c, false, null, null, null, recvtype, recvbuf, 0,
            recvcount, recvtype, root, false));
    }

    /**
     * Every rank receives every rank's {@code sendcount} items, rank i's at block i of {@code recvbuf}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public void allGather(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        blocking("allGather", (calls, c) -> CollectiveMapping.allgatherv(calls, "allGather", c, false, sendbuf, 0, sendcount, sendtype,
            recvbuf, CollectiveMapping.counts(c.size(), recvcount), CollectiveMapping.displs(c.size(), recvcount), recvtype));
    }

    /**
     * An {@link #allGather} in place: each rank's own {@code count} items are already at its block of {@code buf}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void allGather(final Object buf, final int count, final Datatype type) throws MPIException
    {
        blocking("allGather", (calls, c) -> CollectiveMapping.allgatherv(calls, "allGather", c, false, buf,
            CollectiveMapping.at(c.rank() * count, type), count, type, buf, CollectiveMapping.counts(c.size(), count),
            CollectiveMapping.displs(c.size(), count), type));
    }

    /**
     * Every rank receives rank i's {@code recvcount[i]} items at displacement {@code displs[i]} of {@code recvbuf}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public void allGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf,
        final int[] recvcount, final int[] displs, final Datatype recvtype) throws MPIException
    {
        blocking("allGatherv", (calls, c) -> CollectiveMapping.allgatherv(calls, "allGatherv", c, false, sendbuf, 0, sendcount, sendtype,
            recvbuf, recvcount, displs, recvtype));
    }

    /**
     * An {@link #allGatherv} in place: each rank's own items are already at its displacement in {@code recvbuf}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void allGatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
        throws MPIException
    {
        blocking("allGatherv", (calls, c) -> allGathervInPlace(calls, "allGatherv", c, false, recvbuf, recvcount, displs, recvtype));
    }

    /**
     * Rank r sends its block i of {@code sendbuf} ({@code sendcount} items) to rank i, and receives rank i's block r at
     * its block i of {@code recvbuf}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public void allToAll(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype) throws MPIException
    {
        blocking("allToAll", (calls, c) -> CollectiveMapping.alltoallv(calls, "allToAll", c, false, sendbuf,
            CollectiveMapping.counts(c.size(), sendcount), CollectiveMapping.displs(c.size(), sendcount), sendtype, recvbuf,
            CollectiveMapping.counts(c.size(), recvcount), CollectiveMapping.displs(c.size(), recvcount), recvtype, true));
    }

    /**
     * Rank r sends {@code sendcount[i]} items from {@code sdispls[i]} to rank i, and receives rank i's at {@code rdispls[i]}.
     *
     * @throws MPIException as {@link #gather}.
     */
    public void allToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype, final Object recvbuf,
        final int[] recvcount, final int[] rdispls, final Datatype recvtype) throws MPIException
    {
        blocking("allToAllv", (calls, c) -> CollectiveMapping.alltoallv(calls, "allToAllv", c, false, sendbuf, sendcount, sdispls, sendtype,
            recvbuf, recvcount, rdispls, recvtype, false));
    }

    /**
     * As {@link #allToAllv}, with a datatype per block on each side and displacements in bytes from the start of each buffer
     * (an array of any primitive type but {@code boolean}, or a buffer, seen as its bytes in native order). Each block's
     * bytes must be as many as its receiver expects.
     *
     * @throws MPIException as {@link #gather}.
     */
    public final void allToAllw(final Object sendBuf, final int[] sendCount, final int[] sDispls, final Datatype[] sendTypes, final Object recvBuf,
        final int[] recvCount, final int[] rDispls, final Datatype[] recvTypes) throws MPIException
    {
        blocking("allToAllw", (calls, c) -> CollectiveMapping.alltoallw(calls, "allToAllw", c, false, sendBuf, sendCount, sDispls, sendTypes,
            recvBuf, recvCount, rDispls, recvTypes));
    }

    /**
     * Combines every rank's {@code count} items with {@code op}, in rank order, into the root's {@code recvbuf}.
     *
     * @throws MPIException {@code ERR_OP} for an operation not defined on the type, or as {@link #gather}.
     */
    public void reduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final int root)
        throws MPIException
    {
        blocking("reduce", (calls, c) -> CollectiveMapping.reduce(calls, "reduce", c, false, sendbuf, recvbuf, count, type, op, root, false));
    }

    /**
     * A {@link #reduce} in place: at the root {@code buf} holds its contribution and receives the result; elsewhere it is
     * what the rank contributes.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    public final void reduce(final Object buf, final int count, final Datatype type, final Op op, final int root) throws MPIException
    {
        blocking("reduce", (calls, c) -> CollectiveMapping.reduce(calls, "reduce", c, false, buf, buf, count, type, op, root, true));
    }

    /**
     * Combines every rank's {@code count} items with {@code op}, in rank order, into every rank's {@code recvbuf}.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    public void allReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        blocking("allReduce", (calls, c) -> CollectiveMapping.everywhere(calls, "allReduce", c, false, sendbuf, recvbuf, count, type, op,
            false, CollectiveMapping.Combination.ALL));
    }

    /**
     * An {@link #allReduce} in place: {@code buf} holds each rank's contribution and receives the result.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    public final void allReduce(final Object buf, final int count, final Datatype type, final Op op) throws MPIException
    {
        blocking("allReduce", (calls, c) -> CollectiveMapping.everywhere(calls, "allReduce", c, false, buf, buf, count, type, op, true,
            CollectiveMapping.Combination.ALL));
    }

    /**
     * Combines every rank's items (the sum of {@code recvcounts}) with {@code op}; rank i receives {@code recvcounts[i]} of
     * the result, in order.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    public void reduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
        throws MPIException
    {
        blocking("reduceScatter", (calls, c) -> CollectiveMapping.reduceScatter(calls, "reduceScatter", c, false, sendbuf, recvbuf,
            recvcounts, type, op, false));
    }

    /**
     * A {@link #reduceScatter} in place: {@code buf} holds the rank's contribution, and its part of the result goes to the
     * start of {@code buf}.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    public final void reduceScatter(final Object buf, final int[] counts, final Datatype type, final Op op) throws MPIException
    {
        blocking("reduceScatter", (calls, c) -> CollectiveMapping.reduceScatter(calls, "reduceScatter", c, false, buf, buf, counts, type, op,
            true));
    }

    /**
     * A {@link #reduceScatter} in which every rank receives {@code recvcount} items.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    public void reduceScatterBlock(final Object sendbuf, final Object recvbuf, final int recvcount, final Datatype type, final Op op)
        throws MPIException
    {
        blocking("reduceScatterBlock", (calls, c) -> CollectiveMapping.reduceScatter(calls, "reduceScatterBlock", c, false, sendbuf, recvbuf,
            CollectiveMapping.counts(c.size(), recvcount), type, op, false));
    }

    /**
     * A {@link #reduceScatterBlock} in place: {@code buf} holds the rank's contribution, and its {@code count} items of the
     * result go to its start.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    public final void reduceScatterBlock(final Object buf, final int count, final Datatype type, final Op op) throws MPIException
    {
        blocking("reduceScatterBlock", (calls, c) -> CollectiveMapping.reduceScatter(calls, "reduceScatterBlock", c, false, buf, buf,
            CollectiveMapping.counts(c.size(), count), type, op, true));
    }

    /**
     * Combines {@code count} items of {@code inBuf} into those of {@code inOutBuf} with {@code op}, on this rank alone:
     * afterwards each item of {@code inOutBuf} is the item of {@code inBuf} combined with its old value.
     *
     * @throws MPIException {@code ERR_OP} for an operation not defined on the type, or a bad buffer; raised on
     *                      {@link MPI#COMM_WORLD}.
     */
    public static void reduceLocal(final Object inBuf, final Object inOutBuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        MPI.check("reduceLocal");
        try
        {
            CollectiveMapping.reduceLocal(inBuf, inOutBuf, count, type, op);
        }
        catch (final MPIException ex)
        {
            throw MPI.raiseOnWorld(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    // ---------------------------------------------------------------- internals

    /** What a collective call does on its communicator, through {@code calls}: check and map its arguments, and describe it. */
    @FunctionalInterface
    interface Body
    {
        void describe(CollectiveCalls calls, Communicator c) throws MPIException;
    }

    /** Runs a blocking collective; a call refused before it started tells the other ranks, so that they fail rather than wait. */
    final void blocking(final String call, final Body body) throws MPIException
    {
        final Communicator c = engine(call);
        if (intercommunicator() != null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, call + ": this form is for intracommunicators; " + this + " is an"
                + " intercommunicator (MPI defines no in-place forms, prefix reductions or neighbour collectives on one)"));
        }
        final int started = c.startedCollectives();
        try
        {
            body.describe(CollectiveCalls.BLOCKING, c);
        }
        catch (final MPIException ex)
        {
            throw failed(c, started, ex);
        }
        catch (final OpenMpjException ex)
        {
            throw failed(c, started, MPIException.of(ex));
        }
    }

    /** @return the request of a non-blocking collective, described by {@code body} and started; it keeps {@code buffers}. */
    final Request start(final String call, final Body body, final Object... buffers) throws MPIException
    {
        final Communicator c = engine(call);
        if (intercommunicator() != null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, call + ": this form is for intracommunicators; " + this + " is an"
                + " intercommunicator (MPI defines no in-place forms or neighbour collectives on one)"));
        }
        try
        {
            // The operation is counted before its arguments are checked, as on every rank, so that the ranks keep agreeing on
            // which operation comes next after a refusal here.
            final ScheduledCalls calls = ScheduledCalls.begin(c, call);
            body.describe(calls, c);
            return new Request(this, Operation.of(calls.start()), buffers);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    static void gatherInPlace(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct, final Object buf,
        final int count, final Datatype type, final int root) throws MPIException
    {
        if (c.rank() != root)
        {
            CollectiveMapping.gatherv(calls, call, c, direct, buf, 0, count, type, null, null, null, type, root, true);
            return;
        }
        Buffers.checkType(call, type);
        CollectiveMapping.gatherv(calls, call, c, direct, buf, CollectiveMapping.at(root * count, type), count, type, buf,
            CollectiveMapping.counts(c.size(), count), CollectiveMapping.displs(c.size(), count), type, root, true);
    }

    static void gathervAtRoot(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct, final Object recvbuf,
        final int[] recvcount, final int[] displs, final Datatype recvtype, final int root) throws MPIException
    {
        Args.root(call, c, root);
        Buffers.checkType(call, recvtype);
        final int own = entry(call, "recvcount", recvcount, c.rank());
        CollectiveMapping.gatherv(calls, call, c, direct, recvbuf, CollectiveMapping.at(entry(call, "displs", displs, c.rank()), recvtype),
            own, recvtype, recvbuf, recvcount, displs, recvtype, root, false);
    }

    static void scatterInPlace(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct, final Object buf,
        final int count, final Datatype type, final int root) throws MPIException
    {
        if (c.rank() != root)
        {
            CollectiveMapping.scatterv(calls, call, c, direct, null, null, null, type, buf, 0, count, type, root, true);
            return;
        }
        Buffers.checkType(call, type);
        CollectiveMapping.scatterv(calls, call, c, direct, buf, CollectiveMapping.counts(c.size(), count),
            CollectiveMapping.displs(c.size(), count), type, buf, CollectiveMapping.at(root * count, type), count, type, root, true);
    }

    static void scattervAtRoot(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct, final Object sendbuf,
        final int[] sendcount, final int[] displs, final Datatype sendtype, final int root) throws MPIException
    {
        Args.root(call, c, root);
        Buffers.checkType(call, sendtype);
        final int own = entry(call, "sendcount", sendcount, c.rank());
        CollectiveMapping.scatterv(calls, call, c, direct, sendbuf, sendcount, displs, sendtype, sendbuf,
            CollectiveMapping.at(entry(call, "displs", displs, c.rank()), sendtype), own, sendtype, root, false);
    }

    static void allGathervInPlace(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype) throws MPIException
    {
        Buffers.checkType(call, recvtype);
        CollectiveMapping.allgatherv(calls, call, c, direct, recvbuf, CollectiveMapping.at(entry(call, "displs", displs, c.rank()), recvtype),
            entry(call, "recvcount", recvcount, c.rank()), recvtype, recvbuf, recvcount, displs, recvtype);
    }

    /** @return {@code values[rank]}, after checking the array has it. */
    private static int entry(final String call, final String name, final int[] values, final int rank) throws MPIException
    {
        if (values == null || values.length <= rank)
        {
            throw MPIException.of(org.openmpj.ErrorClass.ERR_ARG, call + ": " + name + " needs an entry for every rank; got "
                + (values == null ? "null" : values.length + " entries"));
        }
        return values[rank];
    }

    private MPIException failed(final Communicator c, final int started, final MPIException failure)
    {
        if (c.startedCollectives() == started)
        {
            Collectives.abandon(c);
        }
        return raise(failure);
    }
}
