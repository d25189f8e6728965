package org.openmpj.ucx;

import org.openmpj.device.BufferCopy;
import org.openmpj.matching.Landing;

/**
 * A rendezvous payload arriving in pieces, or by UCX's own rendezvous, into a matched receive: where it lands, and how
 * many of its bytes have. Pooled by the transport.
 */
final class InboundData
{
    final Landing landing = new Landing();
    UcxPeer peer;
    long recvId;
    long received;

    /** @return whether every byte of the payload has arrived. */
    boolean complete()
    {
        return received == landing.totalBytes();
    }

    /** Copies the part of a piece at byte {@code offset} of the payload that the receive keeps, from {@code address}. */
    void land(final long offset, final long address, final long bytes)
    {
        final long keep = Math.min(offset + bytes, landing.keepBytes()) - offset;
        if (keep > 0)
        {
            BufferCopy.fromSegment(Ucp.MEMORY, address, keep, landing.array(), landing.kind(), landing.elementOffset(), offset);
        }
        received += bytes;
    }
}
