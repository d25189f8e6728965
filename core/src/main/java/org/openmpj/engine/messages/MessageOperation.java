package org.openmpj.engine.messages;

import org.openmpj.OpenMpjException;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.datatype.Staging;
import org.openmpj.objects.ObjectCodec;

/**
 * A non-blocking point-to-point operation the engine started for a façade: the device's request, and what finishing
 * it takes once it completes (unpacking a staged receive into the user's buffer, deserializing objects, handing
 * scratch memory back).
 *
 * <p>Thread-safety: the device completes it from any thread; one thread at a time waits for it and finishes it.
 */
final class MessageOperation extends DeviceOperation
{
    private final Request request;
    private final Object[] objects;
    private final int objectOffset;
    private final int objectCount;
    private final int itemsOfNoData;
    /** The packed copy of a non-contiguous message in flight; null once released, or when there is none. */
    private Staging staging;

    MessageOperation(final Communicator communicator, final Request request, final Staging staging, final Object[] objects, final int objectOffset,
        final int objectCount, final int itemsOfNoData)
    {
        super(communicator, request);
        this.request = request;
        this.staging = staging;
        this.objects = objects;
        this.objectOffset = objectOffset;
        this.objectCount = objectCount;
        this.itemsOfNoData = itemsOfNoData;
    }

    /** @return whether the operation was cancelled. */
    @Override
    public boolean isCancelled()
    {
        return request.isCancelled();
    }

    /**
     * Cancels the operation if it has not matched yet.
     *
     * @throws OpenMpjException when the device cannot cancel it.
     */
    @Override
    public void cancel()
    {
        if (!request.isCancelled())
        {
            communicator().device().cancel(request);
        }
    }

    /**
     * Finishes the completed operation: unpacks what a staged or object receive brought into the user's buffer and
     * releases its scratch memory. Called once; a call after one that failed fails again.
     *
     * @param codec the receiving rank's object codec, which resolves classes with that rank's class loader.
     * @throws OpenMpjException the error the operation failed with, or the failure to deserialize or store its objects.
     */
    @Override
    public Completion finish(final ObjectCodec codec)
    {
        final Staging staged = staging;
        staging = null;
        OpenMpjException error = request.error();
        int received = -1;
        if (error == null && (objects != null || staged != null && staged.isReceive()) && !request.isCancelled())
        {
            try
            {
                if (objects != null)
                {
                    received = objectsReceived((ReceiveRequest)request, codec, objects, objectOffset, objectCount);
                }
                else
                {
                    received = staged.unpack(request, codec);
                }
            }
            catch (final OpenMpjException ex)
            {
                error = ex;
            }
        }
        if (staged != null)
        {
            staged.release();
        }
        if (error != null)
        {
            throw error;
        }
        return new Completion(request.source(), request.tag(), request.byteCount(), request.isCancelled(), received, itemsOfNoData);
    }

    /**
     * Deserializes what an allocating receive brought into {@code objects[offset ..]}, at most {@code capacity} of them.
     *
     * @return how many objects it held.
     * @throws OpenMpjException when they cannot be deserialized or stored there.
     */
    static int objectsReceived(final ReceiveRequest request, final ObjectCodec codec, final Object[] objects, final int offset,
        final int capacity)
    {
        final byte[] payload = request.payload();
        return payload == null ? 0 : codec.deserialize(payload, request.source(), objects, offset, capacity);
    }
}
