package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.CompletedRequest;
import org.openmpj.engine.datatype.Staging;
import org.openmpj.objects.ObjectCodec;

/**
 * Starts the non-blocking and persistent point-to-point operations of a communicator on the engine, from checked
 * arguments: contiguous primitive data goes as it is, non-contiguous types are packed (or received into scratch
 * memory their request unpacks), objects are serialized, and items of a type of no data travel as an empty message.
 */
final class PointToPoint
{
    private PointToPoint()
    {
    }

    /**
     * Starts the send of a persistent or non-blocking request; arguments are checked. The data of a
     * non-contiguous type is packed first, and the packed copy handed to {@code owner} to release once the
     * send completes (without an owner it is left to the garbage collector).
     */
    static org.openmpj.device.Request startSend(
        final Comm comm, final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype,
        final int dest, final int tag, final SendMode mode, final Request owner)
    {
        if (buf instanceof mpjbuf.Buffer packed)
        {
            return startContiguousSend(comm, communicator, packed.getStaticBuffer().bytes(), packed.offset() + offset, count, datatype, dest,
                tag, mode);
        }
        if (datatype.isEmpty())
        {
            return startContiguousSend(comm, communicator, Datatype.NO_DATA, 0, 0, MPI.BYTE, dest, tag, mode);
        }
        if (!datatype.isContiguous(count))
        {
            if (dest == MPI.PROC_NULL)
            {
                return CompletedRequest.PROC_NULL;
            }
            final Staging staged = Staging.packed(buf, offset, count, datatype.map());
            if (owner != null)
            {
                owner.staging = staged;
            }
            return startSend(comm, communicator, staged.scratch(), 0, staged.elements(), datatype.base(), dest, tag, mode, null);
        }
        return startContiguousSend(comm, communicator, buf, datatype.firstElement(offset, count), datatype.elements(count), datatype.base(),
            dest, tag, mode);
    }

    private static org.openmpj.device.Request startContiguousSend(
        final Comm comm, final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype,
        final int dest, final int tag, final SendMode mode)
    {
        try
        {
            if (datatype.isObject())
            {
                if (dest == MPI.PROC_NULL)
                {
                    return CompletedRequest.PROC_NULL;
                }
                final byte[] bytes = ObjectCodec.serialize((Object[])buf, offset, count);
                return communicator.isend(bytes, Primitive.BYTE, 0, bytes.length, dest, tag, mode);
            }
            return communicator.isend(buf, datatype.kind(), offset, count, dest, tag, mode);
        }
        catch (final OpenMpjException ex)
        {
            throw comm.raise(ex);
        }
    }

    /**
     * Starts a receive of a persistent or non-blocking request; arguments are checked. A non-contiguous type is
     * received into scratch memory that {@code owner} unpacks and releases once the receive completes; it needs
     * an owner.
     */
    static org.openmpj.device.Request startRecv(
        final Comm comm, final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype,
        final int source, final int tag, final Request owner)
    {
        if (buf instanceof mpjbuf.Buffer packed)
        {
            return startRecv(comm, communicator, packed.getStaticBuffer().bytes(), packed.offset() + offset, count, datatype, source, tag,
                owner);
        }
        if (datatype.isEmpty())
        {
            if (owner != null)
            {
                owner.itemsOfNoData = count;
            }
            return startRecv(comm, communicator, Datatype.NO_DATA, 0, 0, MPI.BYTE, source, tag, null);
        }
        if (!datatype.isContiguous(count))
        {
            if (source == MPI.PROC_NULL)
            {
                return CompletedRequest.PROC_NULL;
            }
            if (owner == null)
            {
                throw MPIException.of(ErrorClass.ERR_INTERN, "a receive of the non-contiguous " + datatype + " was started without a request");
            }
            final Staging staged = Staging.forReceive(buf, offset, count, datatype.map());
            owner.staging = staged;
            return startRecv(comm, communicator, staged.scratch(), 0, staged.elements(), datatype.base(), source, tag, null);
        }
        final int first = datatype.firstElement(offset, count);
        final int elements = datatype.elements(count);
        try
        {
            return datatype.isObject()
                ? communicator.irecvAllocating(source, tag)
                : communicator.irecv(buf, datatype.kind(), first, elements, source, tag);
        }
        catch (final OpenMpjException ex)
        {
            throw comm.raise(ex);
        }
    }
}
