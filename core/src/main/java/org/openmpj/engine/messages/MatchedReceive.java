package org.openmpj.engine.messages;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.device.ArrayCopy;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.datatype.Staging;
import org.openmpj.engine.datatype.TypeMap;
import org.openmpj.objects.ObjectCodec;

/**
 * The receive of a {@link MatchedMessage} into the program's buffer: it completes when the message's allocated receive
 * does, and finishing it copies the bytes from there into the items of the buffer (through scratch memory for a
 * non-contiguous type). Primitive data only.
 *
 * <p>Thread-safety: the device completes it from any thread; one thread at a time waits for it and finishes it.
 */
final class MatchedReceive extends DeviceOperation
{
    private final ReceiveRequest request;
    private final Object buf;
    private final int offset;
    private final int count;
    private final TypeMap type;

    MatchedReceive(final Communicator communicator, final ReceiveRequest request, final Object buf, final int offset, final int count,
        final TypeMap type)
    {
        super(communicator, request);
        this.request = request;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.type = type;
    }

    @Override
    public boolean isCancelled()
    {
        return false;
    }

    @Override
    public void cancel()
    {
        throw new OpenMpjException(ErrorClass.ERR_REQUEST, "the receive of a matched message cannot be cancelled: the message is"
            + " matched already");
    }

    @Override
    public Completion finish(final ObjectCodec codec)
    {
        if (request.error() != null)
        {
            throw request.error();
        }
        final long bytes = request.byteCount();
        if (bytes > 0)
        {
            copyIn(request.payload(), bytes);
        }
        return new Completion(request.source(), request.tag(), bytes, false, -1, type.isEmpty() ? count : -1);
    }

    /** Copies the {@code bytes} of the message from {@code payload} into the items of the buffer. */
    private void copyIn(final byte[] payload, final long bytes)
    {
        final Primitive kind = type.kind();
        final long room = kind == null ? 0 : (long)type.elements(count) * kind.sizeBytes();
        if (bytes > room)
        {
            throw new OpenMpjException(ErrorClass.ERR_TRUNCATE, "the matched message of " + bytes + " bytes from rank " + request.source()
                + " is larger than the receive of " + count + " items of " + type + " (" + room + " bytes)");
        }
        if (type.isContiguous(count))
        {
            ArrayCopy.copy(payload, Primitive.BYTE, 0, buf, kind, type.firstElement(offset, count), bytes);
            return;
        }
        final Staging staged = Staging.forReceive(buf, offset, count, type);
        ArrayCopy.copy(payload, Primitive.BYTE, 0, staged.scratch(), kind, 0, bytes);
        type.layout().unpack(kind, staged.scratch(), 0, buf, offset, (int)(bytes / kind.sizeBytes()));
        staged.release();
    }
}
