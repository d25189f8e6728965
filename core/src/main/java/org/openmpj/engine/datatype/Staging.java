package org.openmpj.engine.datatype;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.objects.ObjectCodec;

/**
 * The contiguous copy of a message whose datatype is not contiguous: packed from the user's buffer before a
 * send, or received into and unpacked into the user's buffer once the receive completes. Primitive copies
 * live in arrays of the {@link ScratchPool}; objects are gathered into a fresh {@code Object[]}, as they are
 * serialized anyway.
 *
 * <p>Not thread-safe: owned by one operation, and released exactly once, after the device is done with it.
 */
public final class Staging
{
    private final TypeMap type;
    private final Object user;
    private final int offset;
    private final int count;
    private final Object scratch;
    private final int elements;
    private final boolean receive;

    private Staging(final TypeMap type, final Object user, final int offset, final int count, final boolean receive)
    {
        this.type = type;
        this.user = user;
        this.offset = offset;
        this.count = count;
        this.elements = type.elements(count);
        this.scratch = type.isObject() ? new Object[elements] : ScratchPool.SHARED.acquire(type.kind(), elements);
        this.receive = receive;
    }

    /** @return the data of {@code count} items of {@code buf} from {@code offset}, packed. */
    public static Staging packed(final Object buf, final int offset, final int count, final TypeMap type)
    {
        final Staging staging = new Staging(type, buf, offset, count, false);
        type.layout().pack(type.kind(), buf, offset, count, staging.scratch, 0);
        return staging;
    }

    /** @return room to receive {@code count} items of {@code type}, to be unpacked into {@code buf} from {@code offset}. */
    public static Staging forReceive(final Object buf, final int offset, final int count, final TypeMap type)
    {
        return new Staging(type, buf, offset, count, true);
    }

    /** @return the array to send from or receive into, from element 0. */
    public Object scratch()
    {
        return scratch;
    }

    /** @return how many elements of {@link #scratch()} the message takes at most. */
    public int elements()
    {
        return elements;
    }

    public boolean isReceive()
    {
        return receive;
    }

    /**
     * Unpacks what a completed, successful receive brought into the user's buffer; a partial last item is
     * unpacked in part.
     *
     * @return the number of objects received for an {@code OBJECT} type, else -1.
     * @throws OpenMpjException when the objects cannot be deserialized or stored in the user's buffer.
     */
    public int unpack(final Request received, final ObjectCodec codec)
    {
        if (type.isObject())
        {
            final byte[] payload = ((ReceiveRequest)received).payload();
            final int objects = payload == null ? 0 : codec.deserialize(payload, received.source(), (Object[])scratch, 0, elements);
            unpackObjects(type, scratch, user, offset, objects);
            return objects;
        }
        final Primitive kind = type.kind();
        final int arrived = (int)Math.min(elements, received.byteCount() / kind.sizeBytes());
        type.layout().unpack(kind, scratch, 0, user, offset, arrived);
        return -1;
    }

    /** Hands the scratch memory back to the pool; nothing may use it afterwards. */
    public void release()
    {
        if (!type.isObject())
        {
            ScratchPool.SHARED.release(type.kind(), scratch);
        }
    }

    /** Scatters {@code objects} received objects into the items of {@code user}, whose element type may be narrower. */
    public static void unpackObjects(final TypeMap type, final Object objects, final Object user, final int offset, final int count)
    {
        unpackObjects(type, objects, 0, user, offset, count);
    }

    /** As {@link #unpackObjects(TypeMap, Object, Object, int, int)}, with the objects from {@code position} of {@code objects}. */
    public static void unpackObjects(final TypeMap type, final Object objects, final int position, final Object user, final int offset,
        final int count)
    {
        try
        {
            type.layout().unpack(null, objects, position, user, offset, count);
        }
        catch (final ArrayStoreException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "an object of the MPI.OBJECT message cannot be stored in the receive buffer, a "
                + user.getClass().getSimpleName() + ": " + ex.getMessage(), ex);
        }
    }

    @Override
    public String toString()
    {
        return (receive ? "receive of " : "send of ") + count + " x " + type;
    }
}
