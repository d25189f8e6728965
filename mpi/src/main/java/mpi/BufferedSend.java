package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.Primitive;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.datatype.Staging;
import org.openmpj.objects.ObjectCodec;

/**
 * Buffered sends ({@code Bsend}, {@code Ibsend}, {@code Bsend_init}): the data is copied into the buffer attached
 * with {@link MPI#Buffer_attach} and sent from there, so the call returns at once. Non-contiguous data is packed
 * first. Thread-safety: as the attached buffer, which any number of threads may use at once.
 */
final class BufferedSend
{
    private BufferedSend()
    {
    }

    /** Sends through the attached buffer; arguments are checked. */
    static void send(
        final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype,
        final int dest, final int tag)
    {
        final AttachedBuffer buffer = MPI.attachedBuffer();
        if (buffer == null)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "buffered send of " + count
                + " elements, but no buffer is attached; call MPI.Buffer_attach first");
        }
        if (dest == MPI.PROC_NULL)
        {
            return;
        }
        if (buf instanceof mpjbuf.Buffer packed)
        {
            sendContiguous(communicator, buffer, packed.getStaticBuffer().bytes(), packed.offset() + offset, count, datatype, dest, tag);
            return;
        }
        if (!datatype.isContiguous(count))
        {
            final Staging staged = Staging.packed(buf, offset, count, datatype.map());
            try
            {
                sendContiguous(communicator, buffer, staged.scratch(), 0, staged.elements(), datatype, dest, tag);
            }
            finally
            {
                // The attached buffer copies the data before anything is sent: the scratch memory is free either way.
                staged.release();
            }
        }
        else
        {
            sendContiguous(communicator, buffer, buf, datatype.firstElement(offset, count), datatype.elements(count), datatype, dest, tag);
        }
    }

    /** Copies {@code count} consecutive elements of the base type of {@code datatype} into the attached buffer and sends them. */
    private static void sendContiguous(
        final Communicator communicator, final AttachedBuffer buffer, final Object buf, final int offset, final int count,
        final Datatype datatype, final int dest, final int tag)
    {
        if (datatype.isObject())
        {
            final byte[] bytes = ObjectCodec.serialize((Object[])buf, offset, count);
            buffer.send(communicator, bytes, Primitive.BYTE, 0, bytes.length, dest, tag);
        }
        else if (datatype.isEmpty())
        {
            buffer.send(communicator, Datatype.NO_DATA, Primitive.BYTE, 0, 0, dest, tag);
        }
        else
        {
            buffer.send(communicator, buf, datatype.kind(), offset, count, dest, tag);
        }
    }
}
