package org.openmpj.engine.messages;

import java.lang.foreign.MemorySegment;

import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.device.Request;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.CompletedRequest;
import org.openmpj.engine.datatype.Staging;
import org.openmpj.engine.datatype.TypeMap;

/**
 * Point-to-point messages of any datatype in a {@link MemorySegment} (direct memory, such as a direct {@code java.nio}
 * buffer a façade maps), from arguments a façade has checked: the segment holds the datatype's elements in native byte
 * order from byte 0, item 0 at element 0. Contiguous data goes to the device as a slice of the segment, without a copy;
 * non-contiguous types are packed into scratch memory first, or received into it and unpacked by finishing the
 * operation, as {@link Messages} does for arrays. Objects are not carried in segments.
 *
 * <p>Thread-safety: any number of threads may call at once. The segment belongs to the operation until it completes.
 */
public final class SegmentMessages
{
    /** The buffer of every message of a type of no data. */
    private static final byte[] NO_DATA = new byte[0];

    private SegmentMessages()
    {
    }

    /**
     * Sends {@code count} items of {@code type} from {@code buf} and returns once {@code buf} may be reused.
     *
     * @throws org.openmpj.OpenMpjException when the device fails the send.
     */
    public static void send(
        final Communicator c, final MemorySegment buf, final int count, final TypeMap type, final int dest, final int tag,
        final SendMode mode)
    {
        final Operation operation = startSend(c, buf, count, type, dest, tag, mode);
        operation.await();
        operation.finish(null);
    }

    /**
     * Starts a send of {@code count} items of {@code type} from {@code buf}.
     *
     * @throws org.openmpj.OpenMpjException when the device cannot start it.
     */
    public static Operation startSend(
        final Communicator c, final MemorySegment buf, final int count, final TypeMap type, final int dest, final int tag,
        final SendMode mode)
    {
        if (type.isEmpty())
        {
            return started(c, c.isend(NO_DATA, Primitive.BYTE, 0, 0, dest, tag, mode), null);
        }
        if (dest == Communicator.PROC_NULL)
        {
            return started(c, CompletedRequest.PROC_NULL, null);
        }
        if (type.isContiguous(count))
        {
            return started(c, c.isend(slice(buf, count, type), dest, tag, mode), null);
        }
        final Staging staged = Staging.packed(buf, 0, count, type);
        return started(c, c.isend(staged.scratch(), type.kind(), 0, staged.elements(), dest, tag, mode), staged);
    }

    /**
     * Starts a receive of at most {@code count} items of {@code type} into {@code buf}; finishing the operation unpacks a
     * staged one.
     *
     * @throws org.openmpj.OpenMpjException when the device cannot start it.
     */
    public static Operation startReceive(
        final Communicator c, final MemorySegment buf, final int count, final TypeMap type, final int source, final int tag)
    {
        if (type.isEmpty())
        {
            return new MessageOperation(c, c.irecv(NO_DATA, Primitive.BYTE, 0, 0, source, tag), null, null, 0, 0, count);
        }
        if (source == Communicator.PROC_NULL)
        {
            return started(c, CompletedRequest.PROC_NULL, null);
        }
        if (type.isContiguous(count))
        {
            return started(c, c.irecv(slice(buf, count, type), source, tag), null);
        }
        final Staging staged = Staging.forReceive(buf, 0, count, type);
        return started(c, c.irecv(staged.scratch(), type.kind(), 0, staged.elements(), source, tag), staged);
    }

    /**
     * Receives at most {@code count} items of {@code type} into {@code buf} and returns once they are there.
     *
     * @throws org.openmpj.OpenMpjException when the receive fails, e.g. with {@code ERR_TRUNCATE}.
     */
    public static Completion receive(
        final Communicator c, final MemorySegment buf, final int count, final TypeMap type, final int source, final int tag)
    {
        final Operation operation = startReceive(c, buf, count, type, source, tag);
        operation.await();
        return operation.finish(null);
    }

    /**
     * Sends through {@code buffer}, the space attached for buffered sends: the data is copied (packed) out of {@code buf}
     * and sent from there, so the call returns at once.
     *
     * @throws org.openmpj.OpenMpjException {@code ERR_BUFFER} when the space left in the buffer cannot hold the message.
     */
    public static void sendBuffered(
        final AttachedBuffer buffer, final Communicator c, final MemorySegment buf, final int count, final TypeMap type, final int dest,
        final int tag)
    {
        if (dest == Communicator.PROC_NULL)
        {
            return;
        }
        if (type.isEmpty())
        {
            buffer.send(c, NO_DATA, Primitive.BYTE, 0, 0, dest, tag);
            return;
        }
        final Staging staged = Staging.packed(buf, 0, count, type);
        try
        {
            buffer.send(c, staged.scratch(), type.kind(), 0, staged.elements(), dest, tag);
        }
        finally
        {
            // The attached buffer copies the data before anything is sent: the scratch memory is free either way.
            staged.release();
        }
    }

    /**
     * @return a new array of the type's elements holding the data of {@code count} items of {@code buf}, packed: for a send
     *         while {@code buf} is overwritten (a send-receive in place).
     */
    public static Object packedCopy(final MemorySegment buf, final int count, final TypeMap type)
    {
        final Object copy = type.kind().newArray(type.elements(count));
        type.layout().pack(type.kind(), buf, 0, count, copy, 0);
        return copy;
    }

    /** @return the bytes of {@code buf} that {@code count} contiguous items of {@code type} occupy. */
    private static MemorySegment slice(final MemorySegment buf, final int count, final TypeMap type)
    {
        final long size = type.kind().sizeBytes();
        return buf.asSlice(type.firstElement(0, count) * size, type.elements(count) * size);
    }

    private static Operation started(final Communicator c, final Request request, final Staging staged)
    {
        return new MessageOperation(c, request, staged, null, 0, 0, -1);
    }
}
