package org.openmpj.matching;

import org.openmpj.Primitive;

/**
 * An optional second way for a rendezvous payload to reach a peer process, which a transport may give a
 * {@link PeerProtocol} ({@link PeerProtocol#usePull}): instead of streaming the payload as a {@link FrameDescriptor#DATA}
 * frame, the sender holds its array still and the receiver copies the payload out of it, as the shm transport does through
 * the kernel. The protocol stays the same otherwise: the receiver's clear-to-send carries {@link FrameDescriptor#PULL},
 * and a sender that cannot expose the payload, or gives up waiting, sends the DATA frame after all, which lands in the same
 * receive. Transports that never set one (tcp, ucx) are unaffected.
 *
 * <p>Thread-safety: {@link #pullsFrom} may be called from any thread; the other methods by the transport's reading thread,
 * one at a time.
 */
public interface PayloadPull
{
    /** How a receive asks for a rendezvous payload. */
    enum Way
    {
        /** Streamed as a DATA frame. */
        STREAM,
        /** Streamed as a DATA frame, and its time reported to {@link #onLanded}. */
        TIMED_STREAM,
        /** Pulled out of the sender's array, and its time reported to {@link #onLanded}. */
        PULL
    }

    /**
     * Receiving side: whether to ask the peer to expose a payload rather than stream it. {@link Way#PULL} commits the
     * protocol to ask, and the receive then completes either through {@link PeerProtocol#onPullLanded} or through a DATA
     * frame, after which the protocol calls {@link #onStreamedInstead()}.
     *
     * @param bytes       the message's size.
     * @param landingKind the element kind of the array the payload lands in.
     */
    Way choose(long bytes, Primitive landingKind);

    /** Receiving side: a receive that asked for a pull got its payload as a DATA frame, the sender having streamed it. */
    void onStreamedInstead();

    /**
     * Receiving side: a rendezvous payload of {@code bytes} bytes landed {@code nanos} after its clear-to-send, pulled or
     * streamed as {@link #choose} said (a timed one; a payload streamed instead of pulled is not reported). The reading
     * thread.
     */
    void onLanded(long bytes, boolean pulled, long nanos);

    /**
     * Sending side: the peer asked to pull {@code send}'s payload into its receive {@code recvId}. The transport exposes the
     * payload and completes the send with {@link PeerProtocol#onPulled} once the peer copied it, or streams it with
     * {@link PeerProtocol#streamData} when it cannot.
     */
    void expose(SendRequest send, long recvId);
}
