package org.openmpj.ucx;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import org.openmpj.device.BufferCopy;
import org.openmpj.Primitive;
import org.openmpj.concurrent.Pool;
import org.openmpj.matching.FrameDescriptor;
import org.openmpj.matching.Landing;
import org.openmpj.matching.PayloadInHand;

/**
 * The receiving half of the ucx transport: reads each arriving active message's header, hands the frame to the protocol
 * of the peer that sent it, and lands its payload. An eager payload is in hand in the handler and is copied straight into
 * the receive (or the unexpected queue's copy); a rendezvous payload arrives in pieces, each either in hand or fetched by
 * UCX's rendezvous into a registered slot and copied out from there, or, for a receive into native memory that keeps the
 * whole piece, fetched straight into that memory.
 *
 * <p>Thread-safety: none of its own; used under the transport's lock, by the thread that progresses the worker, which
 * is also the only caller of {@link #copyTo}, from inside the protocol's handling of an eager frame.
 */
final class Arrivals implements PayloadInHand
{
    /** The most spent payloads' records kept: one per rendezvous payload arriving at once. */
    private static final int SPENT_KEPT = 1024;
    /** The slot of a piece received where it belongs, in the receive's own memory, and not in a slot. */
    private static final int IN_PLACE = -1;

    private final UcxTransport transport;
    private final UcxPeer[] peers;
    private final long worker;
    private final SlotPool receiveSlots;
    private final long receiveParams;
    /** Parameters of a receive into memory the transport did not register: UCX registers it, or copies, as it sees fit. */
    private final long inPlaceParams;
    private final InFlight inFlight;
    private final int pieceBytes;
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Landing landing = new Landing();
    /** Where the payload of the eager frame being handled is, in UCX's memory. */
    private long eagerData;
    private final Pool<InboundData> spentInbound = new Pool<>(SPENT_KEPT, InboundData::new);
    /** Rendezvous pieces that arrived while every receive slot was busy: UCX descriptors, with where each lands. */
    private long[] deferredDescriptors = new long[8];
    private InboundData[] deferredData = new InboundData[8];
    private long[] deferredOffsets = new long[8];
    private long[] deferredLengths = new long[8];
    private int deferredCount;

    Arrivals(
        final UcxTransport transport, final UcxPeer[] peers, final long worker, final SlotPool receiveSlots, final long receiveParams,
        final long inPlaceParams, final InFlight inFlight, final int pieceBytes)
    {
        this.transport = transport;
        this.peers = peers;
        this.worker = worker;
        this.receiveSlots = receiveSlots;
        this.receiveParams = receiveParams;
        this.inPlaceParams = inPlaceParams;
        this.inFlight = inFlight;
        this.pieceBytes = pieceBytes;
    }

    /**
     * An active message arrived; UCX calls this from its progress.
     *
     * @return what UCX should do with the message's data.
     */
    int onActiveMessage(final long header, final long headerLength, final long data, final long length, final long param)
    {
        if (headerLength == AmHeaderDescriptor.COMPACT_HEADER_BYTES)
        {
            onCompactEager(header, data, length, param);
            return Ucp.UCS_OK;
        }
        if (headerLength != AmHeaderDescriptor.HEADER_BYTES
            || Ucp.MEMORY.get(ValueLayout.JAVA_INT_UNALIGNED, header + AmHeaderDescriptor.VERSION_OFFSET) != AmHeaderDescriptor.VERSION)
        {
            throw new IllegalStateException("an active message with a header of " + headerLength + " bytes, not of this device's version "
                + AmHeaderDescriptor.VERSION);
        }
        final int sender = Ucp.MEMORY.get(ValueLayout.JAVA_INT_UNALIGNED, header + AmHeaderDescriptor.SENDER_OFFSET);
        if (sender < 0 || sender >= peers.length || peers[sender] == null)
        {
            throw new IllegalStateException("an active message from rank " + sender + ", which is no peer in a job of " + peers.length);
        }
        final UcxPeer peer = peers[sender];
        final long frameAt = header + AmHeaderDescriptor.FRAME_OFFSET;
        final byte type = Ucp.MEMORY.get(ValueLayout.JAVA_BYTE, frameAt + FrameDescriptor.TYPE_OFFSET);
        final boolean rendezvous = (Ucp.MEMORY.get(ValueLayout.JAVA_LONG_UNALIGNED, param + UcpStructs.AM_RECV_PARAM_ATTR_OFFSET)
            & UcpStructs.AM_RECV_ATTR_FLAG_RNDV) != 0;
        if (type == AmHeaderDescriptor.PIECE)
        {
            final long recvId = Ucp.MEMORY.get(ValueLayout.JAVA_LONG_UNALIGNED, frameAt + FrameDescriptor.ID_OFFSET);
            final InboundData inbound = peer.inbound(recvId);
            if (inbound == null)
            {
                throw new IllegalStateException("a piece of the data for receive " + recvId + ", which is not receiving");
            }
            return onPiece(inbound, Ucp.MEMORY.get(ValueLayout.JAVA_LONG_UNALIGNED, frameAt + FrameDescriptor.AUX_OFFSET), data, length,
                rendezvous);
        }
        if (type == FrameDescriptor.DATA
            && (rendezvous || length != Ucp.MEMORY.get(ValueLayout.JAVA_LONG_UNALIGNED, frameAt + FrameDescriptor.BYTE_COUNT_OFFSET)))
        {
            final InboundData inbound = obtainInbound(peer);
            onFrame(peer, frameAt, inbound.landing);
            inbound.recvId = Ucp.MEMORY.get(ValueLayout.JAVA_LONG_UNALIGNED, frameAt + FrameDescriptor.ID_OFFSET);
            peer.addInbound(inbound);
            return onPiece(inbound, 0, data, length, rendezvous);
        }
        if (rendezvous)
        {
            throw new IllegalStateException("a frame of type " + type + " came by UCX's rendezvous, though sent eagerly");
        }
        if (type == FrameDescriptor.EAGER)
        {
            onEager(peer, frameAt, data, length);
            return Ucp.UCS_OK;
        }
        onFrame(peer, frameAt, landing);
        final long keep = landing.keepBytes();
        if (keep > 0)
        {
            BufferCopy.fromSegment(Ucp.MEMORY, data, keep, landing.array(), landing.kind(), landing.elementOffset(), 0);
        }
        peer.protocol.onPayloadLanded(landing);
        return Ucp.UCS_OK;
    }

    /** Hands an eager frame with the compact header to its sender's protocol, as {@link #onEager} does. */
    private void onCompactEager(final long header, final long data, final long length, final long param)
    {
        final long senderWord = AmHeaderDescriptor.compactWord(Ucp.MEMORY, header, AmHeaderDescriptor.COMPACT_SENDER_WORD_OFFSET);
        final int sender = (int)senderWord;
        final int version = AmHeaderDescriptor.compactVersion(senderWord);
        if (version != AmHeaderDescriptor.VERSION || sender < 0 || sender >= peers.length || peers[sender] == null
            || (Ucp.MEMORY.get(ValueLayout.JAVA_LONG_UNALIGNED, param + UcpStructs.AM_RECV_PARAM_ATTR_OFFSET)
                & UcpStructs.AM_RECV_ATTR_FLAG_RNDV) != 0)
        {
            throw new IllegalStateException("an eager active message with a compact header of version " + version
                + " (this device's: " + AmHeaderDescriptor.VERSION + ") from rank " + sender + " of " + peers.length
                + ", or one that came by UCX's rendezvous");
        }
        final long envelope = AmHeaderDescriptor.compactWord(Ucp.MEMORY, header, AmHeaderDescriptor.COMPACT_ENVELOPE_OFFSET);
        final long tagCredit = AmHeaderDescriptor.compactWord(Ucp.MEMORY, header, AmHeaderDescriptor.COMPACT_TAG_CREDIT_OFFSET);
        eagerData = data;
        peers[sender].protocol.onEagerInHand(AmHeaderDescriptor.compactKind(senderWord), (int)envelope, (int)(envelope >>> 32),
            (int)tagCredit, length, tagCredit >>> 32, this);
    }

    /** Hands an eager frame to {@code peer}'s protocol, which copies its payload from UCX's memory ({@link #copyTo}). */
    private void onEager(final UcxPeer peer, final long frameAt, final long data, final long length)
    {
        final long typeWord = Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.TYPE_OFFSET);
        final long envelope = Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.SOURCE_OFFSET);
        final long bytes = Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.BYTE_COUNT_OFFSET);
        if (bytes != length)
        {
            throw new IllegalStateException("an eager frame announces " + bytes + " bytes and carries " + length);
        }
        eagerData = data;
        peer.protocol.onEagerInHand((byte)(typeWord >>> 8), (int)(typeWord >>> 32), (int)envelope, (int)(envelope >>> 32), bytes,
            Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.CREDIT_OFFSET), this);
    }

    @Override
    public void copyTo(final Object array, final Primitive kind, final int elementOffset, final long bytes)
    {
        if (bytes > 0)
        {
            BufferCopy.fromSegment(Ucp.MEMORY, eagerData, bytes, array, kind, elementOffset, 0);
        }
    }

    /** Hands the frame header at {@code frameAt}, in UCX's memory, to {@code peer}'s protocol, read in place. */
    private static void onFrame(final UcxPeer peer, final long frameAt, final Landing into)
    {
        final long typeWord = Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.TYPE_OFFSET);
        final long envelope = Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.SOURCE_OFFSET);
        peer.protocol.onFrame((byte)typeWord, (byte)(typeWord >>> 8), (int)(typeWord >>> 16) & 0xffff, (int)(typeWord >>> 32),
            (int)envelope, (int)(envelope >>> 32), Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.BYTE_COUNT_OFFSET),
            Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.ID_OFFSET), Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.AUX_OFFSET),
            Ucp.MEMORY.get(LONG_LE, frameAt + FrameDescriptor.CREDIT_OFFSET), into);
    }

    private int onPiece(final InboundData inbound, final long offset, final long data, final long length, final boolean rendezvous)
    {
        if (offset < 0 || length > pieceBytes || offset + length > inbound.landing.totalBytes())
        {
            throw new IllegalStateException("a piece of " + length + " bytes at byte " + offset + " of a message of "
                + inbound.landing.totalBytes());
        }
        if (!rendezvous)
        {
            inbound.land(offset, data, length);
            if (inbound.complete())
            {
                finishInbound(inbound);
            }
            return Ucp.UCS_OK;
        }
        if (inbound.placeOf(offset, length) != 0)
        {
            receivePiece(data, IN_PLACE, inbound, offset, length);
            return Ucp.UCS_OK;
        }
        final int slot = receiveSlots.take();
        if (slot < 0)
        {
            defer(data, inbound, offset, length);
            return Ucp.UCS_INPROGRESS;
        }
        receivePiece(data, slot, inbound, offset, length);
        return Ucp.UCS_OK;
    }

    /**
     * Has UCX's rendezvous fetch a piece into slot {@code slot}, or, when the slot is {@link #IN_PLACE}, straight into the
     * receive's native memory, where it stays.
     */
    private void receivePiece(final long descriptor, final int slot, final InboundData inbound, final long offset, final long length)
    {
        final boolean inPlace = slot == IN_PLACE;
        final long into = inPlace ? inbound.placeOf(offset, length) : receiveSlots.address(slot);
        final long request;
        try
        {
            request = (long)Ucp.AM_RECV_DATA.invokeExact(worker, descriptor, into, length, inPlace ? inPlaceParams : receiveParams);
        }
        catch (final Throwable ex)
        {
            throw transport.failure("receiving a rendezvous piece", ex);
        }
        if (Ucp.isStatus(request))
        {
            onPieceReceived(slot, inbound, offset, length, (int)request);
        }
        else
        {
            inFlight.add(request, InFlight.RECEIVED_PIECE, slot, inbound.peer, inbound, offset, length);
        }
    }

    /**
     * A rendezvous piece arrived in slot {@code slot}, or where it belongs when the slot is {@link #IN_PLACE}; UCX said
     * {@code status}.
     */
    void onPieceReceived(final int slot, final InboundData inbound, final long offset, final long length, final int status)
    {
        if (slot == IN_PLACE)
        {
            if (status != Ucp.UCS_OK)
            {
                transport.lostPeer(inbound.peer, status);
                return;
            }
            inbound.landedInPlace(length);
            if (inbound.complete())
            {
                finishInbound(inbound);
            }
            return;
        }
        if (status != Ucp.UCS_OK)
        {
            receiveSlots.give(slot);
            transport.lostPeer(inbound.peer, status);
            return;
        }
        inbound.land(offset, receiveSlots.address(slot), length);
        if (deferredCount > 0)
        {
            final int last = --deferredCount;
            final InboundData waiting = deferredData[last];
            deferredData[last] = null;
            receivePiece(deferredDescriptors[last], slot, waiting, deferredOffsets[last], deferredLengths[last]);
        }
        else
        {
            receiveSlots.give(slot);
        }
        if (inbound.complete())
        {
            finishInbound(inbound);
        }
    }

    private void defer(final long descriptor, final InboundData inbound, final long offset, final long length)
    {
        if (deferredCount == deferredDescriptors.length)
        {
            final int capacity = deferredCount * 2;
            deferredDescriptors = java.util.Arrays.copyOf(deferredDescriptors, capacity);
            deferredData = java.util.Arrays.copyOf(deferredData, capacity);
            deferredOffsets = java.util.Arrays.copyOf(deferredOffsets, capacity);
            deferredLengths = java.util.Arrays.copyOf(deferredLengths, capacity);
        }
        deferredDescriptors[deferredCount] = descriptor;
        deferredData[deferredCount] = inbound;
        deferredOffsets[deferredCount] = offset;
        deferredLengths[deferredCount] = length;
        deferredCount++;
    }

    private InboundData obtainInbound(final UcxPeer peer)
    {
        final InboundData inbound = spentInbound.take();
        inbound.peer = peer;
        inbound.received = 0;
        return inbound;
    }

    private void finishInbound(final InboundData inbound)
    {
        final UcxPeer peer = inbound.peer;
        peer.removeInbound(inbound);
        peer.protocol.onPayloadLanded(inbound.landing);
        inbound.peer = null;
        spentInbound.give(inbound);
    }
}
