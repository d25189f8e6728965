package org.openmpj.transport.shm;

import org.openmpj.Primitive;
import org.openmpj.matching.PayloadPull;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;

/**
 * The one-copy path as one peer's protocol sees it: a lower-indexed peer is asked to expose payloads this rank pulls, a
 * higher-indexed one gets this rank's payloads exposed when it asks; whatever cannot take the path streams.
 *
 * <p>Thread-safety: as {@link PayloadPull} says.
 */
final class PeerPull implements PayloadPull
{
    private final int peer;
    private final PeerProtocol protocol;
    /** The ring to the peer. */
    private final RingWriter toPeer;
    /** This rank's sending half; null when it exposes nothing. */
    private final PayloadExposer exposer;
    /** This rank's receiving half; null when it pulls from nobody. */
    private final PayloadPuller puller;

    PeerPull(final int peer, final PeerProtocol protocol, final RingWriter toPeer, final PayloadExposer exposer, final PayloadPuller puller)
    {
        this.toPeer = toPeer;
        this.peer = peer;
        this.protocol = protocol;
        this.exposer = exposer;
        this.puller = puller;
    }

    @Override
    public Way choose(final long bytes, final Primitive landingKind)
    {
        // A payload of this rank's to the peer still on its way makes the pair an exchange: the peer would hold its array
        // still, reading nothing, while this rank's payload waits in the ring for it.
        if (puller == null || protocol.announcesSends() || toPeer.hasBacklog())
        {
            return Way.STREAM;
        }
        return puller.choose(peer, bytes, landingKind);
    }

    @Override
    public void onStreamedInstead()
    {
        puller.onStreamedInstead(peer);
    }

    @Override
    public void onLanded(final long bytes, final boolean pulled, final long nanos)
    {
        puller.landed(peer, bytes, pulled, nanos);
    }

    @Override
    public void expose(final SendRequest send, final long recvId)
    {
        if (exposer != null)
        {
            exposer.enqueue(peer, protocol, send, recvId);
        }
        else
        {
            protocol.streamData(send, recvId);
        }
    }
}
