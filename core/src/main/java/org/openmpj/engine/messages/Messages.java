package org.openmpj.engine.messages;

import org.openmpj.Envelope;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.CompletedRequest;
import org.openmpj.engine.datatype.Staging;
import org.openmpj.engine.datatype.TypeMap;
import org.openmpj.objects.ObjectCodec;

/**
 * Point-to-point messages of any datatype on a communicator, from arguments a façade has checked: contiguous primitive
 * data goes to the device as it is, non-contiguous types are packed (or received into scratch memory that finishing
 * the operation unpacks), objects are serialized, and items of a type of no data travel as an empty message. Offsets
 * and counts are in the items and elements of the buffer's Java array, as the façades give them.
 *
 * <p>Thread-safety: any number of threads may call at once.
 */
public final class Messages
{
    /** The buffer of every message of a type of no data. */
    private static final byte[] NO_DATA = new byte[0];

    private Messages()
    {
    }

    /**
     * Sends and returns once the buffer may be reused.
     *
     * @throws OpenMpjException when the device fails the send.
     */
    public static void send(
        final Communicator c, final Object buf, final int offset, final int count, final TypeMap type, final int dest, final int tag,
        final SendMode mode)
    {
        if (type.isEmpty())
        {
            c.send(NO_DATA, Primitive.BYTE, 0, 0, dest, tag, mode);
            return;
        }
        if (!type.isContiguous(count))
        {
            if (dest != Communicator.PROC_NULL)
            {
                final Staging staged = Staging.packed(buf, offset, count, type);
                sendContiguous(c, staged.scratch(), 0, staged.elements(), type, dest, tag, mode);
                // Only once the send succeeded: after a failure the device might still read the scratch memory.
                staged.release();
            }
            return;
        }
        sendContiguous(c, buf, type.firstElement(offset, count), type.elements(count), type, dest, tag, mode);
    }

    private static void sendContiguous(
        final Communicator c, final Object buf, final int offset, final int elements, final TypeMap type, final int dest, final int tag,
        final SendMode mode)
    {
        if (type.isObject())
        {
            if (dest != Communicator.PROC_NULL)
            {
                // A blocking send is done with its buffer when it returns: it may send from the serializer's own.
                final ObjectCodec.Encoded encoded = ObjectCodec.serializeInThreadBuffer((Object[])buf, offset, elements);
                c.send(encoded.bytes(), Primitive.BYTE, 0, encoded.length(), dest, tag, mode);
            }
            return;
        }
        c.send(buf, type.kind(), offset, elements, dest, tag, mode);
    }

    /**
     * @return whether a blocking receive of {@code count} items of {@code type} can take {@link #receive}'s path, with
     *         no staging and no objects to decode.
     */
    public static boolean receivesDirectly(final int count, final TypeMap type)
    {
        return !type.isObject() && !type.isEmpty() && type.isContiguous(count);
    }

    /**
     * Receives contiguous primitive data ({@link #receivesDirectly}) and returns once it has arrived. The envelope is the
     * device's own record of the receive, so that the call allocates nothing; read it before the next receive.
     *
     * @throws OpenMpjException when the device fails the receive; an error the receive completed with is in the envelope.
     */
    public static Envelope receive(
        final Communicator c, final Object buf, final int offset, final int count, final TypeMap type, final int source, final int tag)
    {
        return c.recv(buf, type.kind(), type.firstElement(offset, count), type.elements(count), source, tag);
    }

    /**
     * Starts a send.
     *
     * @throws OpenMpjException when the device cannot start it.
     */
    public static Operation startSend(
        final Communicator c, final Object buf, final int offset, final int count, final TypeMap type, final int dest, final int tag,
        final SendMode mode)
    {
        if (type.isEmpty())
        {
            return started(c, c.isend(NO_DATA, Primitive.BYTE, 0, 0, dest, tag, mode), null);
        }
        if (!type.isContiguous(count))
        {
            if (dest == Communicator.PROC_NULL)
            {
                return started(c, CompletedRequest.PROC_NULL, null);
            }
            final Staging staged = Staging.packed(buf, offset, count, type);
            return started(c, startContiguousSend(c, staged.scratch(), 0, staged.elements(), type, dest, tag, mode), staged);
        }
        return started(c, startContiguousSend(c, buf, type.firstElement(offset, count), type.elements(count), type, dest, tag, mode), null);
    }

    private static Request startContiguousSend(
        final Communicator c, final Object buf, final int offset, final int elements, final TypeMap type, final int dest, final int tag,
        final SendMode mode)
    {
        if (type.isObject())
        {
            if (dest == Communicator.PROC_NULL)
            {
                return CompletedRequest.PROC_NULL;
            }
            final ObjectCodec.Encoded encoded = ObjectCodec.serializeInThreadBuffer((Object[])buf, offset, elements);
            final Request request = c.isend(encoded.bytes(), Primitive.BYTE, 0, encoded.length(), dest, tag, mode);
            if (!request.isComplete() || request.error() != null)
            {
                // The send goes on (or failed, and the device might still read its bytes): the bytes are its own from now on.
                ObjectCodec.handOver(encoded);
            }
            return request;
        }
        return c.isend(buf, type.kind(), offset, elements, dest, tag, mode);
    }

    /**
     * Starts a receive.
     *
     * @throws OpenMpjException when the device cannot start it.
     */
    public static Operation startReceive(
        final Communicator c, final Object buf, final int offset, final int count, final TypeMap type, final int source, final int tag)
    {
        if (type.isEmpty())
        {
            return new MessageOperation(c, c.irecv(NO_DATA, Primitive.BYTE, 0, 0, source, tag), null, null, 0, 0, count);
        }
        if (!type.isContiguous(count))
        {
            if (source == Communicator.PROC_NULL)
            {
                return started(c, CompletedRequest.PROC_NULL, null);
            }
            final Staging staged = Staging.forReceive(buf, offset, count, type);
            final TypeMap base = type.base();
            final Request request = base.isObject() ? c.irecvAllocating(source, tag)
                : c.irecv(staged.scratch(), base.kind(), 0, staged.elements(), source, tag);
            return started(c, request, staged);
        }
        final int first = type.firstElement(offset, count);
        final int elements = type.elements(count);
        if (type.isObject())
        {
            return new MessageOperation(c, c.irecvAllocating(source, tag), null, (Object[])buf, first, elements, -1);
        }
        return started(c, c.irecv(buf, type.kind(), first, elements, source, tag), null);
    }

    /**
     * Receives a message and returns once it has arrived and is in the user's buffer: any datatype.
     *
     * @throws OpenMpjException when the receive fails, or its objects cannot be deserialized or stored.
     */
    public static Completion receiveAndFinish(
        final Communicator c, final Object buf, final int offset, final int count, final TypeMap type, final int source, final int tag,
        final ObjectCodec codec)
    {
        if (type.isObject() && type.isContiguous(count))
        {
            // The device's own request, and no operation to finish later: the objects are read before the call returns.
            final ReceiveRequest request = c.recvAllocating(source, tag);
            final OpenMpjException error = request.error();
            if (error != null)
            {
                throw error;
            }
            final int objects = MessageOperation.objectsReceived(request, codec, (Object[])buf, type.firstElement(offset, count),
                type.elements(count));
            return new Completion(request.source(), request.tag(), request.byteCount(), request.isCancelled(), objects, -1);
        }
        final Operation operation = startReceive(c, buf, offset, count, type, source, tag);
        operation.await();
        return operation.finish(codec);
    }

    /**
     * @return the envelope of a message that a receive from {@code source} with {@code tag} would match, without
     *         receiving it; null when none has arrived.
     * @throws OpenMpjException when the device fails.
     */
    public static Completion probe(final Communicator c, final int source, final int tag, final boolean wait)
    {
        final ProbeResult found = new ProbeResult();
        if (wait)
        {
            c.probe(source, tag, found);
        }
        else if (!c.iprobe(source, tag, found))
        {
            return null;
        }
        return new Completion(found.source(), found.tag(), found.byteCount(), false, ObjectCodec.objectCount(found.head(), found.headLength()),
            -1);
    }

    /** @return a copy of the data of {@code count} items of {@code buf} from {@code offset}, packed, for a send while {@code buf} is overwritten. */
    public static Object packedCopy(final Object buf, final int offset, final int count, final TypeMap type)
    {
        final int elements = type.elements(count);
        final Object copy = type.isObject() ? new Object[elements] : type.kind().newArray(elements);
        type.layout().pack(type.kind(), buf, offset, count, copy, 0);
        return copy;
    }

    /**
     * Sends through {@code buffer}: the data is copied into it (packed first when not contiguous) and sent from there,
     * so the call returns at once.
     *
     * @throws OpenMpjException {@code ERR_BUFFER} when the space left in the buffer cannot hold the message.
     */
    public static void sendBuffered(
        final AttachedBuffer buffer, final Communicator c, final Object buf, final int offset, final int count, final TypeMap type,
        final int dest, final int tag)
    {
        if (dest == Communicator.PROC_NULL)
        {
            return;
        }
        if (type.isContiguous(count))
        {
            sendBufferedContiguous(buffer, c, buf, type.firstElement(offset, count), type.elements(count), type, dest, tag);
            return;
        }
        final Staging staged = Staging.packed(buf, offset, count, type);
        try
        {
            sendBufferedContiguous(buffer, c, staged.scratch(), 0, staged.elements(), type, dest, tag);
        }
        finally
        {
            // The attached buffer copies the data before anything is sent: the scratch memory is free either way.
            staged.release();
        }
    }

    private static void sendBufferedContiguous(
        final AttachedBuffer buffer, final Communicator c, final Object buf, final int offset, final int elements, final TypeMap type,
        final int dest, final int tag)
    {
        if (type.isObject())
        {
            final byte[] bytes = ObjectCodec.serialize((Object[])buf, offset, elements);
            buffer.send(c, bytes, Primitive.BYTE, 0, bytes.length, dest, tag);
        }
        else if (type.isEmpty())
        {
            buffer.send(c, NO_DATA, Primitive.BYTE, 0, 0, dest, tag);
        }
        else
        {
            buffer.send(c, buf, type.kind(), offset, elements, dest, tag);
        }
    }

    /** @return an operation that has completed already: a buffered send, whose data is copied. */
    public static Operation buffered(final Communicator c)
    {
        return started(c, CompletedRequest.BUFFERED, null);
    }

    private static Operation started(final Communicator c, final Request request, final Staging staged)
    {
        return new MessageOperation(c, request, staged, null, 0, 0, -1);
    }
}
