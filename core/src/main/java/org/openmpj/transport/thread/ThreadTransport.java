package org.openmpj.transport.thread;

import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.JobControl;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.SendRequest;
import org.openmpj.matching.Transport;

/**
 * Delivers a send by running the receiver's matching in the sending thread: a posted receive is filled
 * straight from the sender's array; otherwise the message waits in the receiver's unexpected queue, as an
 * eager copy or as a reference to the sender's array. No thread of its own, nothing to poll.
 */
final class ThreadTransport implements Transport
{
    private final ThreadFabric fabric;
    /** Peers already resolved through the fabric; a plain array, read by the owning rank's threads only. */
    private final MatchingDevice[] peers;
    private final long eagerLimitBytes;
    private final IdleStrategy idle;
    private final JobControl job;

    ThreadTransport(final ThreadFabric fabric, final long eagerLimitBytes, final IdleStrategy idle, final JobControl job)
    {
        this.fabric = fabric;
        this.peers = new MatchingDevice[fabric.size()];
        this.eagerLimitBytes = eagerLimitBytes;
        this.idle = idle;
        this.job = job;
    }

    @Override
    public long eagerLimitBytes()
    {
        return eagerLimitBytes;
    }

    @Override
    public boolean send(final SendRequest send)
    {
        final int dest = send.dest();
        MatchingDevice peer = peers[dest];
        if (peer == null)
        {
            // Racing threads of this rank may each resolve it; they store the same device.
            peer = fabric.device(dest, idle, job);
            peers[dest] = peer;
        }
        return peer.onLocalArrival(send, eagerLimitBytes);
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
