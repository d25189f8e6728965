package org.openmpj.matching;

/**
 * A rank's route to itself on a device whose other routes cross process boundaries: the send is matched in the
 * sending thread, as between thread ranks.
 */
public final class LoopbackTransport implements Transport
{
    private final MatchingDevice device;
    private final long eagerLimitBytes;

    /**
     * @param device          the rank's own device.
     * @param eagerLimitBytes the largest message copied so that a send to itself returns before its receive.
     */
    public LoopbackTransport(final MatchingDevice device, final long eagerLimitBytes)
    {
        this.device = device;
        this.eagerLimitBytes = eagerLimitBytes;
    }

    @Override
    public long eagerLimitBytes()
    {
        return eagerLimitBytes;
    }

    @Override
    public boolean send(final SendRequest send)
    {
        return device.onLocalArrival(send, eagerLimitBytes);
    }

    @Override
    public boolean deliversInSendingThread()
    {
        return true;
    }

    @Override
    public int doWork()
    {
        return 0;
    }

    @Override
    public void close()
    {
    }
}
