package org.openmpj.ucx;

import java.lang.foreign.MemorySegment;
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

    /**
     * @return the address in the receive's own native memory where the piece of {@code bytes} at byte {@code offset} of the
     *         payload belongs, when the receive keeps all of it there; 0 when it is copied out of a slot instead.
     */
    long placeOf(final long offset, final long bytes)
    {
        if (landing.array() instanceof MemorySegment memory && memory.isNative() && offset + bytes <= landing.keepBytes())
        {
            return memory.address() + (long)landing.elementOffset() * landing.kind().sizeBytes() + offset;
        }
        return 0;
    }

    /** Counts a piece that arrived where it belongs (see {@link #placeOf}). */
    void landedInPlace(final long bytes)
    {
        received += bytes;
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
