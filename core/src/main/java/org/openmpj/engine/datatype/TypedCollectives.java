package org.openmpj.engine.datatype;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Neighborhood;
import org.openmpj.engine.ObjectCollectives;
import org.openmpj.objects.ObjectCodec;

/**
 * The collectives of an intracommunicator that move data (Bcast, Gatherv, Scatterv, Allgatherv, Alltoallv; the plain
 * variants come here as blocks of equal counts) on buffers of any datatype, from arguments a façade has checked: each
 * buffer this rank has a role for is presented as element runs by a {@link CollectiveBuffer}, and object buffers go to
 * {@link ObjectCollectives}. A buffer may be a memory segment of the datatype's elements, which goes through scratch
 * memory ({@link CollectiveBuffer}). Failures are thrown for the façade to raise.
 */
public final class TypedCollectives
{
    private TypedCollectives()
    {
    }

    /** Copies {@code count} items from {@code root}'s buffer into every rank's. */
    public static void bcast(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object buf, final int offset, final int count,
        final TypeMap type, final int root)
    {
        if (type.isContiguous(count) && CollectiveBuffer.takesDirectly(buf))
        {
            // Without a CollectiveBuffer, which keeps the common case free of allocation.
            bcastElements(calls, c, codec, buf, type.firstElement(offset, count), type.elements(count), type, root);
            return;
        }
        final CollectiveBuffer data = c.rank() == root
            ? CollectiveBuffer.send(buf, offset, count, type)
            : CollectiveBuffer.receive(buf, offset, count, type);
        bcastElements(calls, c, codec, data.array(), data.offset(), data.elements(), type, root);
        calls.then(data::finish);
    }

    private static void bcastElements(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec, final Object array, final int offset, final int elements,
        final TypeMap type, final int root)
    {
        if (carriesObjects(calls, type))
        {
            ObjectCollectives.bcast(c, codec, (Object[])array, offset, elements, root);
        }
        else
        {
            calls.bcast(c, array, type.kind(), offset, elements, root);
        }
    }

    /** Each rank sends {@code sendcount} items; the root receives rank i's {@code recvcounts[i]} items at item {@code displs[i]}. */
    public static void gatherv(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final TypeMap recvtype, final int root,
        final boolean equalBlocks)
    {
        final boolean atRoot = c.rank() == root;
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype);
        final CollectiveBuffer recv = atRoot
            ? CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype, c.size())
            : CollectiveBuffer.ABSENT;
        if (carriesObjects(calls, sendtype))
        {
            ObjectCollectives.gatherv(c, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs(), root);
        }
        else if (equalBlocks)
        {
            EqualBlocks.gather(calls, c, send, recv, sendtype.kind(), root);
        }
        else
        {
            calls.gatherv(c, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(), recv.displs(),
                sendtype.kind(), root);
        }
        calls.then(() -> finish(send, recv));
    }

    /** The root sends {@code sendcounts[i]} items from item {@code displs[i]} to rank i, which receives {@code recvcount} items. */
    public static void scatterv(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] displs, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final TypeMap recvtype, final int root,
        final boolean equalBlocks)
    {
        final boolean atRoot = c.rank() == root;
        final CollectiveBuffer send = atRoot
            ? CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, displs, sendtype, c.size())
            : CollectiveBuffer.ABSENT;
        final CollectiveBuffer recv = CollectiveBuffer.receive(recvbuf, recvoffset, recvcount, recvtype);
        if (carriesObjects(calls, recvtype))
        {
            ObjectCollectives.scatterv(c, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(), (Object[])recv.array(),
                recv.offset(), recv.elements(), root);
        }
        else if (equalBlocks)
        {
            EqualBlocks.scatter(calls, c, send, recv, recvtype.kind(), root);
        }
        else
        {
            calls.scatterv(c, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(), recv.elements(),
                recvtype.kind(), root);
        }
        calls.then(() -> finish(send, recv));
    }

    /** Every rank sends {@code sendcount} items; every rank receives rank i's {@code recvcounts[i]} items at item {@code displs[i]}. */
    public static void allgatherv(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int sendcount, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final TypeMap recvtype)
    {
        if (sendcount > 0 && CollectiveBuffer.blocksAsGiven(recvtype, recvcounts, c.size()) && !sendtype.isDerived()
            && CollectiveBuffer.takesDirectly(sendbuf) && CollectiveBuffer.takesDirectly(recvbuf))
        {
            // Basic types on both sides: straight to the engine, with no buffer objects made per call.
            calls.allgatherv(c, sendbuf, sendoffset, sendcount, recvbuf, recvoffset, recvcounts, displs, sendtype.kind());
            return;
        }
        final CollectiveBuffer send = CollectiveBuffer.send(sendbuf, sendoffset, sendcount, sendtype);
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, displs, recvtype, c.size());
        if (carriesObjects(calls, sendtype))
        {
            ObjectCollectives.allgatherv(c, codec, (Object[])send.array(), send.offset(), send.elements(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs());
        }
        else
        {
            calls.allgatherv(c, send.array(), send.offset(), send.elements(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        calls.then(() -> finish(send, recv));
    }

    /**
     * Rank r sends {@code sendcounts[i]} items from item {@code sdispls[i]} to rank i, and receives rank i's at {@code rdispls[i]};
     * {@code regular} when every count is alike by the call's definition (Alltoall), which lets the engine choose by them.
     */
    public static void alltoallv(
        final CollectiveCalls calls, final Communicator c, final ObjectCodec codec,
        final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls, final TypeMap recvtype,
        final boolean regular)
    {
        if (CollectiveBuffer.blocksAsGiven(sendtype, sendcounts, c.size())
            && CollectiveBuffer.blocksAsGiven(recvtype, recvcounts, c.size())
            && CollectiveBuffer.takesDirectly(sendbuf) && CollectiveBuffer.takesDirectly(recvbuf))
        {
            // Basic types on both sides: straight to the engine, with no buffer objects made per call.
            if (regular)
            {
                calls.alltoall(c, sendbuf, sendoffset, sendcounts, sdispls, recvbuf, recvoffset, recvcounts, rdispls, sendtype.kind());
            }
            else
            {
                calls.alltoallv(c, sendbuf, sendoffset, sendcounts, sdispls, recvbuf, recvoffset, recvcounts, rdispls, sendtype.kind());
            }
            return;
        }
        final CollectiveBuffer send = CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendtype, c.size());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, rdispls, recvtype, c.size());
        if (carriesObjects(calls, sendtype))
        {
            ObjectCollectives.alltoallv(c, codec, (Object[])send.array(), send.offset(), send.counts(), send.displs(), (Object[])recv.array(),
                recv.offset(), recv.counts(), recv.displs());
        }
        else if (regular)
        {
            calls.alltoall(c, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        else
        {
            calls.alltoallv(c, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(), recv.counts(),
                recv.displs(), sendtype.kind());
        }
        calls.then(() -> finish(send, recv));
    }

    /**
     * A neighbour collective: sends {@code sendcounts[i]} items from item {@code sdispls[i]} to {@code hood}'s destination i,
     * and receives {@code recvcounts[i]} items at item {@code rdispls[i]} from its source i (an allgather gives every send
     * block displacement 0). Primitive data only, blocking or not.
     *
     * @throws OpenMpjException ({@code ERR_TYPE}) for objects.
     */
    public static void neighborAlltoallv(
        final CollectiveCalls calls, final Communicator c, final Neighborhood hood,
        final Object sendbuf, final int sendoffset, final int[] sendcounts, final int[] sdispls, final TypeMap sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls, final TypeMap recvtype)
    {
        if (sendtype.isObject() || recvtype.isObject())
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "neighbour collectives carry primitive data, not objects");
        }
        if (CollectiveBuffer.blocksAsGiven(sendtype, sendcounts, hood.outDegree())
            && CollectiveBuffer.blocksAsGiven(recvtype, recvcounts, hood.inDegree())
            && CollectiveBuffer.takesDirectly(sendbuf) && CollectiveBuffer.takesDirectly(recvbuf))
        {
            calls.neighborAlltoallv(c, hood, sendbuf, sendoffset, sendcounts, sdispls, recvbuf, recvoffset, recvcounts, rdispls, sendtype.kind());
            return;
        }
        final CollectiveBuffer send = CollectiveBuffer.sendBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendtype, hood.outDegree());
        final CollectiveBuffer recv = CollectiveBuffer.receiveBlocks(recvbuf, recvoffset, recvcounts, rdispls, recvtype, hood.inDegree());
        for (int i = 0; i < hood.inDegree(); i++)
        {
            if (hood.source(i) == Communicator.PROC_NULL)
            {
                recv.leaveUnwritten(i);
            }
        }
        calls.neighborAlltoallv(c, hood, send.array(), send.offset(), send.counts(), send.displs(), recv.array(), recv.offset(), recv.counts(),
            recv.displs(), sendtype.kind());
        calls.then(() -> finish(send, recv));
    }

    /**
     * @return whether a collective of {@code type} moves objects, which only blocking calls do: objects are encoded and
     *         decoded around messages whose sizes the ranks learn as they go, which a schedule written down in advance cannot.
     * @throws OpenMpjException for objects in a non-blocking call.
     */
    static boolean carriesObjects(final CollectiveCalls calls, final TypeMap type)
    {
        if (type.isObject() && calls != CollectiveCalls.BLOCKING)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE,
                "non-blocking collectives carry primitive data; a collective of objects is blocking only");
        }
        return type.isObject();
    }

    /** Unpacks what arrived in a staged receive buffer, and hands both buffers' scratch back. */
    static void finish(final CollectiveBuffer send, final CollectiveBuffer recv)
    {
        send.finish();
        recv.finish();
    }
}
