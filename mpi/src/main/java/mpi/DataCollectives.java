package mpi;

import org.openmpj.engine.Collectives;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ObjectCollectives;
import org.openmpj.engine.datatype.CollectiveBuffer;
import org.openmpj.engine.datatype.EqualBlocks;
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
        final Communicator c, final ObjectCodec codec, final Object buf, final int offset, final int count, final Datatype type,
        final int root)
    {
        CollectiveArgs.root("Bcast", c, root);
        CollectiveArgs.buffer("Bcast", "buffer", buf, offset, count, type);
        if (type.isContiguous(count))
        {
            // Without a CollectiveBuffer, which keeps the common case free of allocation.
            bcastElements(c, codec, buf, type.firstElement(offset, count), type.elements(count), type, root);
            return;
        }
        final CollectiveBuffer data = c.rank() == root
            ? CollectiveBuffer.send(buf, offset, count, type.map())
            : CollectiveBuffer.receive(buf, offset, count, type.map());
        bcastElements(c, codec, data.array(), data.offset(), data.elements(), type, root);
        data.finish();
    }

    private static void bcastElements(
        final Communicator c, final ObjectCodec codec, final Object array, final int offset, final int elements, final Datatype type,
        final int root)
    {
        if (type.isObject())
        {
            ObjectCollectives.bcast(c, codec, (Object[])array, offset, elements, root);
        }
        else
        {
            Collectives.bcast(c, array, type.kind(), offset, elements, root);
        }
    }

    /** Each rank sends {@code sendcount} items; the root receives rank i's {@code recvcounts[i]} items at item {@code displs[i]}. */
    static void gatherv(
        final String call, final Communicator c, final ObjectCodec codec,
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
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype.map());
        final CollectiveBuffer recv = atRoot
            ? CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype.map(), c.size())
            : CollectiveBuffer.ABSENT;
        if (sendtype.isObject())
        {
            ObjectCollectives.gatherv(c, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs(), root);
        }
        else if (equalBlocks)
        {
            EqualBlocks.gather(c, send, recv, sendtype.kind(), root);
        }
        else
        {
            Collectives.gatherv(c, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(), recv.displs(),
                sendtype.kind(), root);
        }
        send.finish();
        recv.finish();
    }

    /** The root sends {@code sendcounts[i]} items from item {@code displs[i]} to rank i, which receives {@code recvcount} items. */
    static void scatterv(
        final String call, final Communicator c, final ObjectCodec codec,
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
        final CollectiveBuffer send = atRoot
            ? CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, displs, sendtype.map(), c.size())
            : CollectiveBuffer.ABSENT;
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, recvcount, recvtype.map());
        if (recvtype.isObject())
        {
            ObjectCollectives.scatterv(c, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(), (Object[])recv.array(),
                recv.offset(), recv.elements(), root);
        }
        else if (equalBlocks)
        {
            EqualBlocks.scatter(c, send, recv, recvtype.kind(), root);
        }
        else
        {
            Collectives.scatterv(c, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(), recv.elements(),
                recvtype.kind(), root);
        }
        send.finish();
        recv.finish();
    }

    /** Every rank sends {@code sendcount} items; every rank receives rank i's {@code recvcounts[i]} items at item {@code displs[i]}. */
    static void allgatherv(
        final String call, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final Datatype recvtype)
    {
        CollectiveArgs.buffer(call, "send", sendbuf, sendoffset, sendcount, sendtype);
        CollectiveArgs.vector(call, "receive", c, recvbuf, recvoffset, recvcounts, displs, recvtype);
        CollectiveArgs.sameSignature(call, "this rank's own block", sendcount, sendtype, recvcounts[c.rank()], recvtype);
        if (sendcount > 0 && CollectiveBuffer.blocksAsGiven(recvtype.map(), recvcounts, c.size()) && !sendtype.isDerived())
        {
            // Basic types on both sides: straight to the engine, with no buffer objects made per call.
            Collectives.allgatherv(c, sendbuf, sendoffset, sendcount, recvbuf, recvoffset, recvcounts, displs, sendtype.kind());
            return;
        }
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype.map());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype.map(), c.size());
        if (sendtype.isObject())
        {
            ObjectCollectives.allgatherv(c, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs());
        }
        else
        {
            Collectives.allgatherv(c, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        send.finish();
        recv.finish();
    }

    /**
     * Rank r sends {@code sendcounts[i]} items from item {@code sdispls[i]} to rank i, and receives rank i's at {@code rdispls[i]};
     * {@code regular} when every count is alike by the call's definition (Alltoall), which lets the engine choose by them.
     */
    static void alltoallv(
        final String call, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls, final Datatype recvtype,
        final boolean regular)
    {
        CollectiveArgs.vector(call, "send", c, sendbuf, sendoffset, sendcounts, sdispls, sendtype);
        CollectiveArgs.vector(call, "receive", c, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
        CollectiveArgs.sameSignature(call, "this rank's own block", sendcounts[c.rank()], sendtype, recvcounts[c.rank()], recvtype);
        if (CollectiveBuffer.blocksAsGiven(sendtype.map(), sendcounts, c.size())
            && CollectiveBuffer.blocksAsGiven(recvtype.map(), recvcounts, c.size()))
        {
            // Basic types on both sides: straight to the engine, with no buffer objects made per call.
            if (regular)
            {
                Collectives.alltoall(c, sendbuf, sendoffset, sendcounts, sdispls, recvbuf, recvoffset, recvcounts, rdispls, sendtype.kind());
            }
            else
            {
                Collectives.alltoallv(c, sendbuf, sendoffset, sendcounts, sdispls, recvbuf, recvoffset, recvcounts, rdispls, sendtype.kind());
            }
            return;
        }
        final CollectiveBuffer send = CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendtype.map(), c.size());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, rdispls, recvtype.map(), c.size());
        if (sendtype.isObject())
        {
            ObjectCollectives.alltoallv(c, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs());
        }
        else if (regular)
        {
            Collectives.alltoall(c, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        else
        {
            Collectives.alltoallv(c, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        send.finish();
        recv.finish();
    }
}
