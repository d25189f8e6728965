package mpi;

import java.nio.Buffer;

import org.openmpj.ErrorClass;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Neighborhood;

/**
 * The neighbour collectives of a communicator with a process topology ({@link Comm} inherits them), blocking on arrays
 * and buffers and non-blocking on direct buffers: each rank exchanges blocks with its neighbours only. A Cartesian
 * communicator's neighbours are, per dimension in turn, the rank one below and the rank one above (nothing moves across a
 * non-periodic edge, and the block for it is left as it was); a graph communicator's are its {@link GraphComm#getNeighbors}
 * of the caller, as sources and destinations alike; a distributed graph's are the sources and destinations of
 * {@link GraphComm#getDistGraphNeighbors()}. Block i of the receive buffer comes from source i, block i of the send buffer
 * goes to destination i. A communicator without a topology raises {@code ERR_TOPOLOGY}. Thread-safety: as the other
 * collectives.
 */
abstract class NeighborCollectives extends NonBlockingCollectives
{
    NeighborCollectives(final String name)
    {
        super(name);
    }

    /**
     * Sends the same {@code sendcount} items to every destination and receives {@code recvcount} items from each source.
     *
     * @throws MPIException {@code ERR_TOPOLOGY} without a topology, or as the other collectives for bad arguments.
     */
    public final void neighborAllGather(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        blocking("neighborAllGather", (calls, c) -> allGather(calls, "neighborAllGather", c, false, sendbuf, sendcount, sendtype, recvbuf,
            recvcount, recvtype));
    }

    /**
     * Sends the same {@code sendcount} items to every destination and receives {@code recvcount[i]} items at
     * {@code displs[i]} from source i.
     *
     * @throws MPIException as {@link #neighborAllGather}.
     */
    public final void neighborAllGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf,
        final int[] recvcount, final int[] displs, final Datatype recvtype) throws MPIException
    {
        blocking("neighborAllGatherv", (calls, c) -> allGatherv(calls, "neighborAllGatherv", c, false, sendbuf, sendcount, sendtype, recvbuf,
            recvcount, displs, recvtype));
    }

    /**
     * Sends block i of {@code sendcount} items to destination i and receives block i of {@code recvcount} items from source i.
     *
     * @throws MPIException as {@link #neighborAllGather}.
     */
    public final void neighborAllToAll(final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        blocking("neighborAllToAll", (calls, c) -> allToAll(calls, "neighborAllToAll", c, false, sendbuf, sendcount, sendtype, recvbuf,
            recvcount, recvtype));
    }

    /**
     * Sends {@code sendcount[i]} items from {@code sdispls[i]} to destination i and receives {@code recvcount[i]} items at
     * {@code rdispls[i]} from source i.
     *
     * @throws MPIException as {@link #neighborAllGather}.
     */
    public final void neighborAllToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype) throws MPIException
    {
        blocking("neighborAllToAllv", (calls, c) -> CollectiveMapping.neighborAlltoallv(calls, "neighborAllToAllv", c,
            neighborhood("neighborAllToAllv"), false, sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype));
    }

    /**
     * Starts a {@link #neighborAllGather} on direct buffers.
     *
     * @return the request.
     * @throws MPIException {@code ERR_BUFFER} for a heap buffer, or as the blocking call.
     */
    public final Request iNeighborAllGather(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        return start("iNeighborAllGather", (calls, c) -> allGather(calls, "iNeighborAllGather", c, true, sendbuf, sendcount, sendtype,
            recvbuf, recvcount, recvtype), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #neighborAllGatherv} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iNeighborAllGather}.
     */
    public final Request iNeighborAllGatherv(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int[] recvcount, final int[] displs, final Datatype recvtype) throws MPIException
    {
        return start("iNeighborAllGatherv", (calls, c) -> allGatherv(calls, "iNeighborAllGatherv", c, true, sendbuf, sendcount, sendtype,
            recvbuf, recvcount, displs, recvtype), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #neighborAllToAll} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iNeighborAllGather}.
     */
    public final Request iNeighborAllToAll(final Buffer sendbuf, final int sendcount, final Datatype sendtype, final Buffer recvbuf,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        return start("iNeighborAllToAll", (calls, c) -> allToAll(calls, "iNeighborAllToAll", c, true, sendbuf, sendcount, sendtype, recvbuf,
            recvcount, recvtype), sendbuf, recvbuf);
    }

    /**
     * Starts a {@link #neighborAllToAllv} on direct buffers.
     *
     * @return the request.
     * @throws MPIException as {@link #iNeighborAllGather}.
     */
    public final Request iNeighborAllToAllv(final Buffer sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Buffer recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype) throws MPIException
    {
        return start("iNeighborAllToAllv", (calls, c) -> CollectiveMapping.neighborAlltoallv(calls, "iNeighborAllToAllv", c,
            neighborhood("iNeighborAllToAllv"), true, sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype), sendbuf,
            recvbuf);
    }

    /**
     * @return whom this rank exchanges with in a neighbour collective.
     * @throws MPIException {@code ERR_TOPOLOGY} here: only communicators with a process topology have neighbours.
     */
    Neighborhood neighborhood(final String call) throws MPIException
    {
        throw MPIException.of(ErrorClass.ERR_TOPOLOGY, call + ": " + this + " has no process topology; neighbour collectives need a"
            + " communicator made by createCart, createGraph, createDistGraph or createDistGraphAdjacent");
    }

    private void allGather(final CollectiveCalls calls, final String call, final Communicator c,
        final boolean direct, final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype) throws MPIException
    {
        final Neighborhood hood = neighborhood(call);
        allGatherv(calls, call, c, direct, sendbuf, sendcount, sendtype, recvbuf, CollectiveMapping.counts(hood.inDegree(), recvcount),
            CollectiveMapping.displs(hood.inDegree(), recvcount), recvtype);
    }

    private void allGatherv(final CollectiveCalls calls, final String call, final Communicator c,
        final boolean direct, final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf,
        final int[] recvcounts, final int[] displs, final Datatype recvtype) throws MPIException
    {
        final Neighborhood hood = neighborhood(call);
        if (sendcount < 0)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": sendcount=" + sendcount + " is negative; expected 0 or more");
        }
        CollectiveMapping.neighborAlltoallv(calls, call, c, hood, direct, sendbuf, CollectiveMapping.counts(hood.outDegree(), sendcount),
            new int[hood.outDegree()], sendtype, recvbuf, recvcounts, displs, recvtype);
    }

    private void allToAll(final CollectiveCalls calls, final String call, final Communicator c,
        final boolean direct, final Object sendbuf, final int sendcount, final Datatype sendtype, final Object recvbuf, final int recvcount,
        final Datatype recvtype) throws MPIException
    {
        final Neighborhood hood = neighborhood(call);
        CollectiveMapping.neighborAlltoallv(calls, call, c, hood, direct, sendbuf, CollectiveMapping.counts(hood.outDegree(), sendcount),
            CollectiveMapping.displs(hood.outDegree(), sendcount), sendtype, recvbuf, CollectiveMapping.counts(hood.inDegree(), recvcount),
            CollectiveMapping.displs(hood.inDegree(), recvcount), recvtype);
    }
}
