package mpi;

import java.nio.Buffer;

/**
 * The non-blocking collectives of a communicator ({@link Comm} inherits them): each starts the operation of the blocking
 * call of the same name on direct buffers and returns its {@link Request}, which completes once this rank's part is done.
 * The engine writes each operation down as a schedule of the same algorithm the blocking call uses, advanced by whoever
 * waits for or tests it. Every rank must start the same collectives in the same order, blocking and non-blocking alike;
 * any number may be in flight. The buffers belong to the operation until its request completes; a collective cannot be
 * cancelled.
 */
abstract class NonBlockingCollectives extends BlockingCollectives
{
    NonBlockingCollectives(final String name)
    {
        super(name);
    }

    /**
     * Starts a barrier: the request completes once every rank has started it.
     *
     * @return the request.
     * @throws MPIException when the operation cannot start.
     */
    public Request iBarrier() throws MPIException
    {
        return start("iBarrier", (calls, c) -> calls.barrier(c));
    }

    /**
     * Starts a {@link #bcast}.
     *
     * @return the request.
     * @throws MPIException {@code ERR_BUFFER} for a heap buffer, or as the blocking call.
     */
    public Request iBcast(final Buffer buf, final int count, final Datatype type, final int root) throws MPIException
    {
        return start("iBcast", (calls, c) -> CollectiveMapping.bcast(calls, "iBcast", c, true, buf, count, type, root), buf);
    }

    /**
     * Starts a {@link #gather(Object, int, Datatype, Object, int, Datatype, int)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iGather(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf, final int recvcount,
        final Datatype recvtype, final int root) throws MPIException
    {
        return start("iGather", (calls, c) -> CollectiveMapping.gatherv(calls, "iGather", c, true, sendbuf, 0, sendcount, sendtype, recvbuf,
            CollectiveMapping.counts(c.size(), recvcount), CollectiveMapping.displs(c.size(), recvcount), recvtype, root, true), sendbuf,
            recvbuf);
    }

    /**
     * Starts a {@link #gather(Object, int, Datatype, int)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iGather(final Buffer buf, final int count, final Datatype type, final int root) throws MPIException
    {
        return start("iGather", (calls, c) -> gatherInPlace(calls, "iGather", c, true, buf, count, type, root), buf);
    }

    /**
     * Starts a {@link #gatherv(Object, int, Datatype, Object, int[], int[], Datatype, int)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iGatherv(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int[] recvcount, final int[] displs, final Datatype recvtype, final int root) throws MPIException
    {
        return start("iGatherv", (calls, c) -> CollectiveMapping.gatherv(calls, "iGatherv", c, true, sendbuf, 0, sendcount, sendtype,
            recvbuf, recvcount, displs, recvtype, root, false), sendbuf, recvbuf);
    }

    /**
     * Starts the root's side of a {@link #gatherv(Object, int[], int[], Datatype, int)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iGatherv(final Buffer recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
        throws MPIException
    {
        return start("iGatherv", (calls, c) -> gathervAtRoot(calls, "iGatherv", c, true, recvbuf, recvcount, displs, recvtype, root),
            recvbuf);
    }

    /**
     * Starts the other ranks' side of a {@link #gatherv(Object, int, Datatype, int)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iGatherv(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final int root) throws MPIException
    {
        return start("iGatherv", (calls, c) -> CollectiveMapping.gatherv(calls, "iGatherv", c, true, sendbuf, 0, sendcount, sendtype, null,
            null, null, sendtype, root, false), sendbuf);
    }

    /**
     * Starts a {@link #scatter(Object, int, Datatype, Object, int, Datatype, int)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iScatter(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        return start("iScatter", (calls, c) -> CollectiveMapping.scatterv(calls, "iScatter", c, true, sendbuf,
            CollectiveMapping.counts(c.size(), sendcount), CollectiveMapping.displs(c.size(), sendcount), sendtype, recvbuf, 0, recvcount,
            recvtype, root, true), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #scatter(Object, int, Datatype, int)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iScatter(final Buffer buf, final int count, final Datatype type, final int root) throws MPIException
    {
        return start("iScatter", (calls, c) -> scatterInPlace(calls, "iScatter", c, true, buf, count, type, root), buf);
    }

    /**
     * Starts a {@link #scatterv(Object, int[], int[], Datatype, Object, int, Datatype, int)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iScatterv(final Buffer sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Buffer recvbuf, final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        return start("iScatterv", (calls, c) -> CollectiveMapping.scatterv(calls, "iScatterv", c, true, sendbuf, sendcount, displs, sendtype,
            recvbuf, 0, recvcount, recvtype, root, false), sendbuf, recvbuf);
    }

    /**
     * Starts the root's side of a {@link #scatterv(Object, int[], int[], Datatype, int)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iScatterv(final Buffer sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final int root)
        throws MPIException
    {
        return start("iScatterv", (calls, c) -> scattervAtRoot(calls, "iScatterv", c, true, sendbuf, sendcount, displs, sendtype, root),
            sendbuf);
    }

    /**
     * Starts the other ranks' side of a {@link #scatterv(Object, int, Datatype, int)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iScatterv(final Buffer recvbuf, final int recvcount, final Datatype recvtype, final int root) throws MPIException
    {
        return start("iScatterv", (calls, c) -> CollectiveMapping.scatterv(calls, "iScatterv", c, true, null, null, null, recvtype, recvbuf,
            0, recvcount, recvtype, root, false), recvbuf);
    }

    /**
     * Starts an {@link #allGather(Object, int, Datatype, Object, int, Datatype)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iAllGather(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        return start("iAllGather", (calls, c) -> CollectiveMapping.allgatherv(calls, "iAllGather", c, true, sendbuf, 0, sendcount, sendtype,
            recvbuf, CollectiveMapping.counts(c.size(), recvcount), CollectiveMapping.displs(c.size(), recvcount), recvtype), sendbuf,
            recvbuf);
    }

    /**
     * Starts an {@link #allGather(Object, int, Datatype)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iAllGather(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        return start("iAllGather", (calls, c) ->
        {
            Buffers.checkType("iAllGather", type);
            CollectiveMapping.allgatherv(calls, "iAllGather", c, true, buf, CollectiveMapping.at(c.rank() * count, type), count, type, buf,
                CollectiveMapping.counts(c.size(), count), CollectiveMapping.displs(c.size(), count), type);
        }, buf);
    }

    /**
     * Starts an {@link #allGatherv(Object, int, Datatype, Object, int[], int[], Datatype)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iAllGatherv(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int[] recvcount, final int[] displs, final Datatype recvtype) throws MPIException
    {
        return start("iAllGatherv", (calls, c) -> CollectiveMapping.allgatherv(calls, "iAllGatherv", c, true, sendbuf, 0, sendcount,
            sendtype, recvbuf, recvcount, displs, recvtype), sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allGatherv(Object, int[], int[], Datatype)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iAllGatherv(final Buffer buf, final int[] count, final int[] displs, final Datatype type) throws MPIException
    {
        return start("iAllGatherv", (calls, c) -> allGathervInPlace(calls, "iAllGatherv", c, true, buf, count, displs, type), buf);
    }

    /**
     * Starts an {@link #allToAll}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iAllToAll(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        return start("iAllToAll", (calls, c) -> CollectiveMapping.alltoallv(calls, "iAllToAll", c, true, sendbuf,
            CollectiveMapping.counts(c.size(), sendcount), CollectiveMapping.displs(c.size(), sendcount), sendtype, recvbuf,
            CollectiveMapping.counts(c.size(), recvcount), CollectiveMapping.displs(c.size(), recvcount), recvtype, true), sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allToAllv}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public Request iAllToAllv(final Buffer sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Buffer recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype) throws MPIException
    {
        return start("iAllToAllv", (calls, c) -> CollectiveMapping.alltoallv(calls, "iAllToAllv", c, true, sendbuf, sendcount, sdispls,
            sendtype, recvbuf, recvcount, rdispls, recvtype, false), sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allToAllw}, on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}.
     */
    public final Request iAllToAllw(final Buffer sendBuf, final int[] sendCount, final int[] sDispls, final Datatype[] sendTypes,
        final Buffer recvBuf, final int[] recvCount, final int[] rDispls, final Datatype[] recvTypes) throws MPIException
    {
        return start("iAllToAllw", (calls, c) -> CollectiveMapping.alltoallw(calls, "iAllToAllw", c, true, sendBuf, sendCount, sDispls,
            sendTypes, recvBuf, recvCount, rDispls, recvTypes), sendBuf, recvBuf);
    }

    /**
     * Starts a {@link #reduce(Object, Object, int, Datatype, Op, int)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iBcast}, or {@code ERR_OP} for an operation not defined on the type.
     */
    public Request iReduce(final Buffer sendbuf, final Buffer recvbuf, final int count, final Datatype type, final Op op,
        final int root) throws MPIException
    {
        return start("iReduce", (calls, c) -> CollectiveMapping.reduce(calls, "iReduce", c, true, sendbuf, recvbuf, count, type, op, root,
            false), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #reduce(Object, int, Datatype, Op, int)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    public final Request iReduce(final Buffer buf, final int count, final Datatype type, final Op op, final int root) throws MPIException
    {
        return start("iReduce", (calls, c) -> CollectiveMapping.reduce(calls, "iReduce", c, true, buf, buf, count, type, op, root, true), buf);
    }

    /**
     * Starts an {@link #allReduce(Object, Object, int, Datatype, Op)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    public Request iAllReduce(final Buffer sendbuf, final Buffer recvbuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        return start("iAllReduce", (calls, c) -> CollectiveMapping.everywhere(calls, "iAllReduce", c, true, sendbuf, recvbuf, count, type,
            op, false, CollectiveMapping.Combination.ALL), sendbuf, recvbuf);
    }

    /**
     * Starts an {@link #allReduce(Object, int, Datatype, Op)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    public final Request iAllReduce(final Buffer buf, final int count, final Datatype type, final Op op) throws MPIException
    {
        return start("iAllReduce", (calls, c) -> CollectiveMapping.everywhere(calls, "iAllReduce", c, true, buf, buf, count, type, op, true,
            CollectiveMapping.Combination.ALL), buf);
    }

    /**
     * Starts a {@link #reduceScatter(Object, Object, int[], Datatype, Op)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    public Request iReduceScatter(final Buffer sendbuf, final Buffer recvbuf, final int[] recvcounts, final Datatype type, final Op op)
        throws MPIException
    {
        return start("iReduceScatter", (calls, c) -> CollectiveMapping.reduceScatter(calls, "iReduceScatter", c, true, sendbuf, recvbuf,
            recvcounts, type, op, false), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #reduceScatter(Object, int[], Datatype, Op)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    public final Request iReduceScatter(final Buffer buf, final int[] counts, final Datatype type, final Op op) throws MPIException
    {
        return start("iReduceScatter", (calls, c) -> CollectiveMapping.reduceScatter(calls, "iReduceScatter", c, true, buf, buf, counts, type,
            op, true), buf);
    }

    /**
     * Starts a {@link #reduceScatterBlock(Object, Object, int, Datatype, Op)}.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    public Request iReduceScatterBlock(final Buffer sendbuf, final Buffer recvbuf, final int recvcount, final Datatype type,
        final Op op) throws MPIException
    {
        return start("iReduceScatterBlock", (calls, c) -> CollectiveMapping.reduceScatter(calls, "iReduceScatterBlock", c, true, sendbuf,
            recvbuf, CollectiveMapping.counts(c.size(), recvcount), type, op, false), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #reduceScatterBlock(Object, int, Datatype, Op)} in place.
     *
     * @return the request.
     * @throws MPIException as {@link #iReduce(Buffer, Buffer, int, Datatype, Op, int)}.
     */
    public final Request iReduceScatterBlock(final Buffer buf, final int count, final Datatype type, final Op op) throws MPIException
    {
        return start("iReduceScatterBlock", (calls, c) -> CollectiveMapping.reduceScatter(calls, "iReduceScatterBlock", c, true, buf, buf,
            CollectiveMapping.counts(c.size(), count), type, op, true), buf);
    }
}
