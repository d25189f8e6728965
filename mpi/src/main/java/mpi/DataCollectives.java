package mpi;

import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ObjectCollectives;
import org.openmpj.engine.datatype.CollectiveBuffer;
import org.openmpj.engine.datatype.TypedCollectives;
import org.openmpj.objects.ObjectCodec;

/**
 * The collectives of an intracommunicator that move data (Bcast, Gatherv, Scatterv, Allgatherv, Alltoallv; the
 * plain variants come here as blocks of equal counts), from the user's arguments to the engine: the arguments are
 * checked, each buffer this rank has a role for is presented as element runs by a {@link CollectiveBuffer}, and
 * {@code MPI.OBJECT} goes to {@link ObjectCollectives}. Failures are thrown for the communicator to raise.
 */
final class DataCollectives
{
    private DataCollectives()
    {
    }

    /** Copies {@code count} items from {@code root}'s buffer into every rank's. */
    static void bcast(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object buf, final int offset, final int count,
        final Datatype type, final int root)
    {
        CollectiveArgs.root("Bcast", c, root);
        CollectiveArgs.buffer("Bcast", "buffer", buf, offset, count, type);
        TypedCollectives.bcast(calls, c, codec, buf, offset, count, type.map(), root);
    }

    /** Each rank sends {@code sendcount} items; the root receives rank i's {@code recvcounts[i]} items at item {@code displs[i]}. */
    static void gatherv(
        final CollectiveCalls calls, final String call, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype, final int root,
        final boolean equalBlocks)
    {
        final boolean atRoot = c.rank() == root;
        CollectiveArgs.root(call, c, root);
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, sendcount, sendtype);
        if (atRoot)
        {
            CollectiveArgs.vector(call, "receive", c, recvbuf, recvoffset, recvcounts, displs, recvtype);
            CollectiveArgs.sameSignature(call, "the root's own block", sendcount, sendtype, recvcounts[root], recvtype);
        }
        TypedCollectives.gatherv(calls, c, codec, sendbuf, sendoffset, sendcount, sendtype.map(), recvbuf, recvoffset, recvcounts, displs,
            recvtype.map(), root, equalBlocks);
    }

    /** The root sends {@code sendcounts[i]} items from item {@code displs[i]} to rank i, which receives {@code recvcount} items. */
    static void scatterv(
        final CollectiveCalls calls, final String call, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root,
        final boolean equalBlocks)
    {
        final boolean atRoot = c.rank() == root;
        CollectiveArgs.root(call, c, root);
        CollectiveArgs.buffer(call, "receive", recvbuf, recvoffset, recvcount, recvtype);
        if (atRoot)
        {
            CollectiveArgs.vector(call, "send", c, sendbuf, sendoffset, sendcounts, displs, sendtype);
            CollectiveArgs.sameSignature(call, "the root's own block", sendcounts[root], sendtype, recvcount, recvtype);
        }
        TypedCollectives.scatterv(calls, c, codec, sendbuf, sendoffset, sendcounts, displs, sendtype.map(), recvbuf, recvoffset, recvcount,
            recvtype.map(), root, equalBlocks);
    }

    /** Every rank sends {@code sendcount} items; every rank receives rank i's {@code recvcounts[i]} items at item {@code displs[i]}. */
    static void allgatherv(
        final CollectiveCalls calls, final String call, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype)
    {
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, sendcount, sendtype);
        CollectiveArgs.vector(call, "receive", c, recvbuf, recvoffset, recvcounts, displs, recvtype);
        CollectiveArgs.sameSignature(call, "this rank's own block", sendcount, sendtype, recvcounts[c.rank()], recvtype);
        TypedCollectives.allgatherv(calls, c, codec, sendbuf, sendoffset, sendcount, sendtype.map(), recvbuf, recvoffset, recvcounts, displs,
            recvtype.map());
    }

    /**
     * Rank r sends {@code sendcounts[i]} items from item {@code sdispls[i]} to rank i, and receives rank i's at {@code rdispls[i]};
     * {@code regular} when every count is alike by the call's definition (Alltoall), which lets the engine choose by them.
     */
    static void alltoallv(
        final CollectiveCalls calls, final String call, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls, final Datatype recvtype,
        final boolean regular)
    {
        CollectiveArgs.vector(call, "send", c, sendbuf, sendoffset, sendcounts, sdispls, sendtype);
        CollectiveArgs.vector(call, "receive", c, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
        CollectiveArgs.sameSignature(call, "this rank's own block", sendcounts[c.rank()], sendtype, recvcounts[c.rank()], recvtype);
        TypedCollectives.alltoallv(calls, c, codec, sendbuf, sendoffset, sendcounts, sdispls, sendtype.map(), recvbuf, recvoffset, recvcounts,
            rdispls, recvtype.map(), regular);
    }
}
