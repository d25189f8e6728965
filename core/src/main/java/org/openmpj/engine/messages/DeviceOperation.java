package org.openmpj.engine.messages;

import org.openmpj.device.Request;
import org.openmpj.engine.Communicator;

/**
 * An operation that is one request of the device, a message sent or received: complete when the request is, waited for
 * and tested by driving the device.
 *
 * <p>Thread-safety: the device completes it from any thread; one thread at a time waits for it and finishes it.
 */
abstract sealed class DeviceOperation extends Operation permits MessageOperation, MatchedReceive
{
    /** The communicator whose device carries the request. */
    private final Communicator communicator;
    private final Request request;

    DeviceOperation(final Communicator communicator, final Request request)
    {
        this.communicator = communicator;
        this.request = request;
    }

    @Override
    public final boolean isComplete()
    {
        return request.isComplete();
    }

    @Override
    public final void await()
    {
        if (!request.isComplete())
        {
            communicator.await(request);
        }
    }

    @Override
    final void failIfPeerLost()
    {
        communicator.device().failIfPeerLost(request);
    }

    @Override
    public final boolean test()
    {
        if (request.isComplete())
        {
            return true;
        }
        communicator.device().progress();
        return request.isComplete();
    }

    @Override
    public final void progress()
    {
        communicator.device().progress();
    }

    @Override
    final Communicator communicator()
    {
        return communicator;
    }
}
