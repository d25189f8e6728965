package org.openmpj.ucx;

import org.openmpj.Primitive;
import org.openmpj.matching.FrameBacklog;
import org.openmpj.matching.FrameWriter;
import org.openmpj.matching.OutFrame;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;

/**
 * One peer rank as the ucx transport reaches it: its endpoint, the protocol run with it, the frames that wait for a
 * staging slot (in order), and the rendezvous payloads arriving from it in pieces.
 *
 * <p>Thread-safety: {@link #write} may be called by any thread; everything else by the transport under its lock.
 */
final class UcxPeer implements FrameWriter
{
    final int rank;
    final PeerProtocol protocol;
    final FrameBacklog backlog = new FrameBacklog();
    /** Frames in {@link #backlog}. */
    int backlogged;
    long endpoint;
    /** The payload size from which UCX's rendezvous moves payloads to this peer; {@code Long.MAX_VALUE}: never. */
    long rendezvousFromBytes = Long.MAX_VALUE;
    /** Payloads arriving in pieces, by receive id; few at a time, so a short list. */
    private InboundData[] inbound = new InboundData[4];
    private int inboundCount;
    private final UcxTransport transport;

    UcxPeer(final int rank, final PeerProtocol protocol, final UcxTransport transport)
    {
        this.rank = rank;
        this.protocol = protocol;
        this.transport = transport;
    }

    @Override
    public boolean write(
        final byte type, final int flags, final int context, final int source, final int tag, final long byteCount, final long id,
        final long aux, final Object payload, final Primitive payloadKind, final int payloadOffset, final long payloadBytes,
        final SendRequest done)
    {
        return transport.write(this, type, flags, context, source, tag, byteCount, id, aux, payload, payloadKind, payloadOffset,
            payloadBytes, done);
    }

    /** Queues a frame behind those already waiting; the transport's lock is held. */
    void queue(final OutFrame frame)
    {
        backlog.append(frame);
        backlogged++;
    }

    void addInbound(final InboundData data)
    {
        if (inboundCount == inbound.length)
        {
            inbound = java.util.Arrays.copyOf(inbound, inboundCount * 2);
        }
        inbound[inboundCount++] = data;
    }

    /** @return the payload arriving for receive {@code recvId}, or null. */
    InboundData inbound(final long recvId)
    {
        for (int i = 0; i < inboundCount; i++)
        {
            if (inbound[i].recvId == recvId)
            {
                return inbound[i];
            }
        }
        return null;
    }

    void removeInbound(final InboundData data)
    {
        for (int i = 0; i < inboundCount; i++)
        {
            if (inbound[i] == data)
            {
                inbound[i] = inbound[--inboundCount];
                inbound[inboundCount] = null;
                return;
            }
        }
    }
}
