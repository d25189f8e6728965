package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Collectives;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Neighborhood;
import org.openmpj.engine.datatype.TypedCollectives;

/**
 * The neighbour collectives of a communicator with a process topology, from the user's arguments to the engine: the
 * buffers are checked against the rank's numbers of neighbours, and the allgather and plain alltoall forms become the
 * engine's one exchange of blocks. Failures are thrown for the communicator to raise.
 */
final class NeighborCollectives
{
    private static final String WHOSE = "neighbour";

    private NeighborCollectives()
    {
    }

    /**
     * Sends one block of {@code sendcount} items to every destination; receives {@code recvcounts[i]} items at
     * {@code displs[i]} from source i.
     */
    static void allgatherv(
        final CollectiveCalls calls, final String call, final Communicator c, final Neighborhood hood,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype)
    {
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, sendcount, sendtype);
        alltoallv(calls, call, c, hood, sendbuf, sendoffset, Collectives.counts(hood.outDegree(), sendcount), new int[hood.outDegree()],
            sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype);
    }

    /**
     * Sends {@code sendcounts[i]} items from {@code sdispls[i]} to destination i; receives {@code recvcounts[i]} at
     * {@code rdispls[i]} from source i.
     */
    static void alltoallv(
        final CollectiveCalls calls, final String call, final Communicator c, final Neighborhood hood,
        final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls, final Datatype recvtype)
    {
        CollectiveArgs.vector(call, "send", hood.outDegree(), WHOSE, sendbuf, sendoffset, sendcounts, sdispls, sendtype);
        CollectiveArgs.vector(call, "receive", hood.inDegree(), WHOSE, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
        if (sendtype.kind() != recvtype.kind())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " and receive type " + recvtype
                + " hold different kinds of elements");
        }
        TypedCollectives.neighborAlltoallv(calls, c, hood, sendbuf, sendoffset, sendcounts, sdispls, sendtype.map(), recvbuf, recvoffset,
            recvcounts, rdispls, recvtype.map());
    }
}
