package mpi;

import java.nio.Buffer;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.InterCalls;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.ScheduledInterCalls;
import org.openmpj.engine.messages.Operation;

/**
 * A communicator between two disjoint groups, made by {@link Comm#createIntercomm}: point-to-point calls name ranks of
 * the other (remote) group, and statuses report senders by their rank there; {@link #getSize()}, {@link #getRank()} and
 * {@link #getGroup()} describe this rank's own (local) group. Its blocking collectives move data from one group to the
 * other: in a rooted one the root passes {@link MPI#ROOT}, the rest of its group {@link MPI#PROC_NULL}, and the other
 * group the root's rank there; the non-blocking forms start the same operations on direct buffers. The in-place forms,
 * which MPI does not define on intercommunicators, and {@code allToAllw} raise {@code ERR_COMM} here.
 *
 * <p>Thread-safety: as {@link Comm}.
 */
public final class Intercomm extends Comm
{
    private volatile Intercommunicator inter;

    Intercomm(final String name)
    {
        super(name);
    }

    /** @return the intercommunicator of {@code intercommunicator}, with the handler of {@code parent}. */
    static Intercomm wrap(final String name, final Intercommunicator intercommunicator, final Comm parent)
    {
        final Intercomm created = new Intercomm(name);
        created.handler(parent.handler());
        created.inter = intercommunicator;
        created.bind(intercommunicator.remote(), parent.session());
        return created;
    }

    /**
     * @return the parent of a spawned process: here always a null intercommunicator ({@link #isNull()}), as OpenMPJ starts
     *         no processes at run time.
     * @throws MPIException when MPI is not active.
     */
    public static Intercomm getParent() throws MPIException
    {
        MPI.check("getParent");
        return new Intercomm("the parent (none: no process was spawned)");
    }

    /** @return a duplicate, as {@link #dup()}; an unchecked {@code IllegalStateException} when that fails. */
    @Override
    public Intercomm clone()
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
     * @return a new intercommunicator of the same two groups with contexts of its own and the same error handler.
     *         Collective over both groups.
     * @throws MPIException when the ranks cannot agree on contexts.
     */
    @Override
    public Intercomm dup() throws MPIException
    {
        return dup("dup");
    }

    /**
     * Duplicates the intercommunicator as {@link #dup()}; the duplicate is ready at once and its {@link #getRequest()} is
     * complete.
     *
     * @return the duplicate.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public Intercomm iDup() throws MPIException
    {
        return completed(dup("iDup"));
    }

    /**
     * @param info hints for the duplicate, kept but not acted on.
     * @return a duplicate, as {@link #dup()}, with {@code info}.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public Intercomm dupWithInfo(final Info info) throws MPIException
    {
        return withInfo(dup("dupWithInfo"), info);
    }

    /**
     * @return the number of ranks in this rank's own group.
     * @throws MPIException for the null communicator.
     */
    @Override
    public int getSize() throws MPIException
    {
        return inter("getSize").localSize();
    }

    /**
     * @return this rank's rank in its own group.
     * @throws MPIException for the null communicator.
     */
    @Override
    public int getRank() throws MPIException
    {
        return inter("getRank").rank();
    }

    /**
     * @return this rank's own group.
     * @throws MPIException for the null communicator.
     */
    @Override
    public Group getGroup() throws MPIException
    {
        final Communicator local = inter("getGroup").local();
        return Group.of(local.worldRanks(), local.worldRank(local.rank()));
    }

    /**
     * @return the number of ranks in the other group.
     * @throws MPIException for the null communicator.
     */
    public int getRemoteSize() throws MPIException
    {
        return inter("getRemoteSize").remoteSize();
    }

    /**
     * @return the other group.
     * @throws MPIException for the null communicator.
     */
    public Group getRemoteGroup() throws MPIException
    {
        final Intercommunicator intercommunicator = inter("getRemoteGroup");
        return Group.of(intercommunicator.remote().worldRanks(), intercommunicator.local().worldRank(intercommunicator.rank()));
    }

    /**
     * Makes an intracommunicator of both groups: first the group whose ranks passed {@code high} false, then the other; when
     * both passed the same value, the group whose first rank has the lower world rank comes first. Every rank of a group must
     * pass the same value. Collective over both groups.
     *
     * @return the merged communicator, with this one's error handler.
     * @throws MPIException when the ranks cannot agree on a context.
     */
    public Intracomm merge(final boolean high) throws MPIException
    {
        final Intercommunicator intercommunicator = inter("merge");
        try
        {
            return CommCreation.bind(this, new Intracomm("merge of " + this), intercommunicator.merge(session().contextIds(), high));
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    // ---------------------------------------------------------------- collectives from one group to the other

    /**
     * Returns once every rank of both groups has entered.
     *
     * @throws MPIException when the job fails.
     */
    @Override
    public void barrier() throws MPIException
    {
        across("barrier", InterCollectiveMapping::barrier);
    }

    /**
     * Copies {@code count} items of the root's {@code buf} into the buffer of every rank of the other group.
     *
     * @throws MPIException {@code ERR_ROOT} for a root that is none of {@link MPI#ROOT}, {@link MPI#PROC_NULL} and a rank of the
     *                      other group; or a bad buffer.
     */
    @Override
    public void bcast(final Object buf, final int count, final Datatype type, final int root) throws MPIException
    {
        across("bcast", (calls, ic) -> InterCollectiveMapping.bcast(calls, ic, "bcast", buf, count, type, root));
    }

    /**
     * Each rank of the other group sends {@code sendcount} items; the root receives rank i's {@code recvcount} at block i.
     *
     * @throws MPIException as {@link #bcast}.
     */
    @Override
    public void gather(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype, final int root) throws MPIException
    {
        across("gather", (calls, ic) -> InterCollectiveMapping.gatherv(calls, ic, "gather", sendbuf, sendcount, sendtype, recvbuf,
            CollectiveMapping.counts(ic.remoteSize(), recvcount), CollectiveMapping.displs(ic.remoteSize(), recvcount), recvtype, root));
    }

    /**
     * Each rank of the other group sends {@code sendcount} items; the root receives rank i's {@code recvcount[i]} at
     * {@code displs[i]}.
     *
     * @throws MPIException as {@link #bcast}.
     */
    @Override
    public void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int[] recvcount,
        final int[] displs, final Datatype recvtype, final int root) throws MPIException
    {
        across("gatherv", (calls, ic) -> InterCollectiveMapping.gatherv(calls, ic, "gatherv", sendbuf, sendcount, sendtype, recvbuf, recvcount,
            displs,
            recvtype, root));
    }

    /**
     * The root sends block i of {@code sendbuf}, {@code sendcount} items, to rank i of the other group.
     *
     * @throws MPIException as {@link #bcast}.
     */
    @Override
    public void scatter(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype, final int root) throws MPIException
    {
        across("scatter", (calls, ic) -> InterCollectiveMapping.scatterv(calls, ic, "scatter", sendbuf,
            CollectiveMapping.counts(ic.remoteSize(), sendcount),
            CollectiveMapping.displs(ic.remoteSize(), sendcount), sendtype, recvbuf, recvcount, recvtype, root));
    }

    /**
     * The root sends {@code sendcount[i]} items from {@code displs[i]} to rank i of the other group.
     *
     * @throws MPIException as {@link #bcast}.
     */
    @Override
    public void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final Object recvbuf,
        final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        across("scatterv", (calls, ic) -> InterCollectiveMapping.scatterv(calls, ic, "scatterv", sendbuf, sendcount, displs, sendtype, recvbuf,
            recvcount,
            recvtype, root));
    }

    /**
     * Every rank receives the {@code sendcount} items of every rank of the other group, rank i's at block i.
     *
     * @throws MPIException for a bad buffer.
     */
    @Override
    public void allGather(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype) throws MPIException
    {
        across("allGather", (calls, ic) -> InterCollectiveMapping.allgatherv(calls, ic, "allGather", sendbuf, sendcount, sendtype, recvbuf,
            CollectiveMapping.counts(ic.remoteSize(), recvcount), CollectiveMapping.displs(ic.remoteSize(), recvcount), recvtype));
    }

    /**
     * Every rank receives rank i of the other group's items, {@code recvcount[i]} of them, at {@code displs[i]}.
     *
     * @throws MPIException for a bad buffer.
     */
    @Override
    public void allGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int[] recvcount,
        final int[] displs, final Datatype recvtype) throws MPIException
    {
        across("allGatherv", (calls, ic) -> InterCollectiveMapping.allgatherv(calls, ic, "allGatherv", sendbuf, sendcount, sendtype, recvbuf,
            recvcount,
            displs, recvtype));
    }

    /**
     * Every rank sends its block i to rank i of the other group and receives that rank's block for it at block i.
     *
     * @throws MPIException for a bad buffer.
     */
    @Override
    public void allToAll(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype) throws MPIException
    {
        across("allToAll", (calls, ic) -> InterCollectiveMapping.alltoallv(calls, ic, "allToAll", sendbuf,
            CollectiveMapping.counts(ic.remoteSize(),
            sendcount), CollectiveMapping.displs(ic.remoteSize(), sendcount), sendtype, recvbuf, CollectiveMapping.counts(ic.remoteSize(),
            recvcount), CollectiveMapping.displs(ic.remoteSize(), recvcount), recvtype));
    }

    /**
     * Every rank sends {@code sendcount[i]} items from {@code sdispls[i]} to rank i of the other group and receives its
     * items at {@code rdispls[i]}.
     *
     * @throws MPIException for a bad buffer.
     */
    @Override
    public void allToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype, final Object recvbuf,
        final int[] recvcount, final int[] rdispls, final Datatype recvtype) throws MPIException
    {
        across("allToAllv", (calls, ic) -> InterCollectiveMapping.alltoallv(calls, ic, "allToAllv", sendbuf, sendcount, sdispls, sendtype,
            recvbuf,
            recvcount, rdispls, recvtype));
    }

    /**
     * Combines, in rank order, the {@code count} items of every rank of the other group into the root's {@code recvbuf}.
     *
     * @throws MPIException as {@link #bcast}; {@code ERR_OP} for an operation not defined on the type.
     */
    @Override
    public void reduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final int root)
        throws MPIException
    {
        across("reduce", (calls, ic) -> InterCollectiveMapping.reduce(calls, ic, "reduce", sendbuf, recvbuf, count, type, op, root));
    }

    /**
     * Every rank receives the combination, in rank order, of the {@code count} items of every rank of the other group.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    @Override
    public void allReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        across("allReduce", (calls, ic) -> InterCollectiveMapping.allreduce(calls, ic, "allReduce", sendbuf, recvbuf, count, type, op));
    }

    /**
     * Combines, in rank order, the vectors of every rank of the other group; rank i of this group receives
     * {@code recvcounts[i]} items of the result, in order. Both groups' counts must add up to the same total.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    @Override
    public void reduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
        throws MPIException
    {
        across("reduceScatter", (calls, ic) -> InterCollectiveMapping.reduceScatter(calls, ic, "reduceScatter", sendbuf, recvbuf, recvcounts,
            type, op));
    }

    /**
     * A {@link #reduceScatter(Object, Object, int[], Datatype, Op)} in which every rank of this group receives
     * {@code recvcount} items.
     *
     * @throws MPIException as {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     */
    @Override
    public void reduceScatterBlock(final Object sendbuf, final Object recvbuf, final int recvcount, final Datatype type, final Op op)
        throws MPIException
    {
        across("reduceScatterBlock", (calls, ic) -> InterCollectiveMapping.reduceScatter(calls, ic, "reduceScatterBlock", sendbuf, recvbuf,
            CollectiveMapping.counts(ic.localSize(), recvcount), type, op));
    }

    /**
     * Starts a {@link #barrier()}: the request completes once every rank of both groups has started it.
     *
     * @return the request.
     * @throws MPIException when the operation cannot start.
     */
    @Override
    public Request iBarrier() throws MPIException
    {
        return started("iBarrier", InterCollectiveMapping::barrier);
    }

    /**
     * Starts a {@link #bcast} on a direct buffer.
     *
     * @return the request.
     * @throws MPIException {@code ERR_BUFFER} for a heap buffer, or as the blocking call.
     */
    @Override
    public Request iBcast(final Buffer buf, final int count, final Datatype type, final int root) throws MPIException
    {
        return started("iBcast", (calls, ic) -> InterCollectiveMapping.bcast(calls, ic, "iBcast", buf, count, type, root), buf);
    }

    /**
     * Starts a {@link #gather(Object, int, Datatype, Object, int, Datatype, int)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iGather(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf, final int recvcount,
        final Datatype recvtype, final int root) throws MPIException
    {
        return started("iGather", (calls, ic) -> InterCollectiveMapping.gatherv(calls, ic, "iGather", sendbuf, sendcount, sendtype, recvbuf,
            CollectiveMapping.counts(ic.remoteSize(), recvcount), CollectiveMapping.displs(ic.remoteSize(), recvcount), recvtype, root),
            sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #gatherv(Object, int, Datatype, Object, int[], int[], Datatype, int)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iGatherv(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf, final int[] recvcount,
        final int[] displs, final Datatype recvtype, final int root) throws MPIException
    {
        return started("iGatherv", (calls, ic) -> InterCollectiveMapping.gatherv(calls, ic, "iGatherv", sendbuf, sendcount, sendtype, recvbuf,
            recvcount, displs, recvtype, root), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #scatter(Object, int, Datatype, Object, int, Datatype, int)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iScatter(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf, final int recvcount,
        final Datatype recvtype, final int root) throws MPIException
    {
        return started("iScatter", (calls, ic) -> InterCollectiveMapping.scatterv(calls, ic, "iScatter", sendbuf,
            CollectiveMapping.counts(ic.remoteSize(), sendcount), CollectiveMapping.displs(ic.remoteSize(), sendcount), sendtype, recvbuf,
            recvcount, recvtype, root), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #scatterv(Object, int[], int[], Datatype, Object, int, Datatype, int)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iScatterv(final Buffer sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final Buffer recvbuf,
        final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        return started("iScatterv", (calls, ic) -> InterCollectiveMapping.scatterv(calls, ic, "iScatterv", sendbuf, sendcount, displs,
            sendtype, recvbuf, recvcount, recvtype, root), sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allGather(Object, int, Datatype, Object, int, Datatype)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iAllGather(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf, final int recvcount,
        final Datatype recvtype) throws MPIException
    {
        return started("iAllGather", (calls, ic) -> InterCollectiveMapping.allgatherv(calls, ic, "iAllGather", sendbuf, sendcount, sendtype,
            recvbuf, CollectiveMapping.counts(ic.remoteSize(), recvcount), CollectiveMapping.displs(ic.remoteSize(), recvcount), recvtype),
            sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allGatherv(Object, int, Datatype, Object, int[], int[], Datatype)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iAllGatherv(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int[] recvcount, final int[] displs, final Datatype recvtype) throws MPIException
    {
        return started("iAllGatherv", (calls, ic) -> InterCollectiveMapping.allgatherv(calls, ic, "iAllGatherv", sendbuf, sendcount,
            sendtype, recvbuf, recvcount, displs, recvtype), sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allToAll} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iAllToAll(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf, final int recvcount,
        final Datatype recvtype) throws MPIException
    {
        return started("iAllToAll", (calls, ic) -> InterCollectiveMapping.alltoallv(calls, ic, "iAllToAll", sendbuf,
            CollectiveMapping.counts(ic.remoteSize(), sendcount), CollectiveMapping.displs(ic.remoteSize(), sendcount), sendtype, recvbuf,
            CollectiveMapping.counts(ic.remoteSize(), recvcount), CollectiveMapping.displs(ic.remoteSize(), recvcount), recvtype),
            sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allToAllv} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    @Override
    public Request iAllToAllv(final Buffer sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Buffer recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype) throws MPIException
    {
        return started("iAllToAllv", (calls, ic) -> InterCollectiveMapping.alltoallv(calls, ic, "iAllToAllv", sendbuf, sendcount, sdispls,
            sendtype, recvbuf, recvcount, rdispls, recvtype), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #reduce(Object, Object, int, Datatype, Op, int)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}; {@code ERR_OP} for an operation not defined on the type.
     */
    @Override
    public Request iReduce(final Buffer sendbuf, final Buffer recvbuf, final int count, final Datatype type, final Op op, final int root)
        throws MPIException
    {
        return started("iReduce", (calls, ic) -> InterCollectiveMapping.reduce(calls, ic, "iReduce", sendbuf, recvbuf, count, type, op, root),
            sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allReduce(Object, Object, int, Datatype, Op)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    @Override
    public Request iAllReduce(final Buffer sendbuf, final Buffer recvbuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        return started("iAllReduce", (calls, ic) -> InterCollectiveMapping.allreduce(calls, ic, "iAllReduce", sendbuf, recvbuf, count, type,
            op), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #reduceScatter(Object, Object, int[], Datatype, Op)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    @Override
    public Request iReduceScatter(final Buffer sendbuf, final Buffer recvbuf, final int[] recvcounts, final Datatype type, final Op op)
        throws MPIException
    {
        return started("iReduceScatter", (calls, ic) -> InterCollectiveMapping.reduceScatter(calls, ic, "iReduceScatter", sendbuf, recvbuf,
            recvcounts, type, op), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #reduceScatterBlock(Object, Object, int, Datatype, Op)} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    @Override
    public Request iReduceScatterBlock(final Buffer sendbuf, final Buffer recvbuf, final int recvcount, final Datatype type, final Op op)
        throws MPIException
    {
        return started("iReduceScatterBlock", (calls, ic) -> InterCollectiveMapping.reduceScatter(calls, ic, "iReduceScatterBlock", sendbuf,
            recvbuf, CollectiveMapping.counts(ic.localSize(), recvcount), type, op), sendbuf, recvbuf);
    }

    /**
     * @return the request of a non-blocking collective across the groups, described by {@code body} and started; it keeps
     *         {@code buffers}. A refusal here abandons the operation, which every rank began, so that the ranks still agree on
     *         which comes next.
     */
    private Request started(final String call, final Across body, final Object... buffers) throws MPIException
    {
        final Intercommunicator ic = inter(call);
        final ScheduledInterCalls calls = ScheduledInterCalls.begin(ic, call);
        try
        {
            body.run(calls, ic);
            return new Request(this, Operation.of(calls.start()), buffers);
        }
        catch (final MPIException ex)
        {
            calls.abandon();
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            calls.abandon();
            throw raise(ex);
        }
    }

    /** What a collective across the groups does on the engine's intercommunicator, through {@code calls}. */
    @FunctionalInterface
    private interface Across
    {
        void run(InterCalls calls, Intercommunicator ic) throws MPIException;
    }

    /** Runs a collective across the groups; its failure goes to the error handler. */
    private void across(final String call, final Across body) throws MPIException
    {
        final Intercommunicator ic = inter(call);
        try
        {
            body.run(InterCalls.BLOCKING, ic);
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

    @Override
    final Intercommunicator intercommunicator()
    {
        return inter;
    }

    /** @return the engine's intercommunicator, after checking MPI is active and this is not the null communicator. */
    final Intercommunicator inter(final String call) throws MPIException
    {
        engine(call);
        final Intercommunicator intercommunicator = inter;
        if (intercommunicator == null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, call + ": " + this + " is the null communicator"));
        }
        return intercommunicator;
    }

    private Intercomm dup(final String call) throws MPIException
    {
        final Intercommunicator intercommunicator = inter(call);
        try
        {
            return wrap("dup of " + this, intercommunicator.dup(session().contextIds()), this);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }
}
