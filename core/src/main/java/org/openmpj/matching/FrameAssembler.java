package org.openmpj.matching;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.openmpj.device.BufferCopy;
import org.openmpj.Primitive;

/**
 * Reads a peer's frames out of a byte stream that arrives in pieces of any size, as a socket or a ring gives them:
 * gathers each header (whole in place when a piece holds it, else copied together), hands it to the peer's
 * {@link PeerProtocol}, lands the payload where the protocol says and tells it when the payload is in. Frames may be
 * padded to a multiple of an alignment, as a ring that starts every frame on a cache line writes them.
 *
 * <p>Thread-safety: one reader at a time, as a connection or ring is read by one thread at a time.
 */
public final class FrameAssembler
{
    private final PeerProtocol protocol;
    private final int alignmentBytes;
    private final ByteBuffer header = ByteBuffer.allocate(FrameDescriptor.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final Landing landing = new Landing();
    private boolean inPayload;
    private long payloadRead;
    /** Padding bytes still to skip before the next frame. */
    private int padding;
    /** The buffer {@link #memory} views; a reader passes the same staging buffer every time. */
    private ByteBuffer memoryOwner;
    private MemorySegment memory;

    /**
     * @param protocol       the peer's protocol, told of every frame.
     * @param alignmentBytes the multiple every frame's length is padded to (1 for none); a power of two.
     */
    public FrameAssembler(final PeerProtocol protocol, final int alignmentBytes)
    {
        if (alignmentBytes <= 0 || Integer.bitCount(alignmentBytes) != 1)
        {
            throw new IllegalArgumentException("alignment " + alignmentBytes + " is not a power of two");
        }
        this.protocol = protocol;
        this.alignmentBytes = alignmentBytes;
    }

    /**
     * Takes every byte between {@code in}'s position and limit, which must be little-endian; the position ends at the
     * limit. The protocol may throw on a frame that breaks it, naming what is wrong.
     */
    public void consume(final ByteBuffer in)
    {
        while (in.hasRemaining())
        {
            if (padding > 0)
            {
                final int skip = Math.min(padding, in.remaining());
                in.position(in.position() + skip);
                padding -= skip;
            }
            else if (inPayload)
            {
                land(in);
            }
            else if (header.position() == 0 && in.remaining() >= FrameDescriptor.HEADER_BYTES)
            {
                protocol.onHeader(in, in.position(), landing);
                in.position(in.position() + FrameDescriptor.HEADER_BYTES);
                startPayload();
            }
            else
            {
                final int take = Math.min(header.remaining(), in.remaining());
                header.put(header.position(), in, in.position(), take);
                header.position(header.position() + take);
                in.position(in.position() + take);
                if (!header.hasRemaining())
                {
                    protocol.onHeader(header, 0, landing);
                    header.clear();
                    startPayload();
                }
            }
        }
    }

    /** @return whether the reader is inside a frame's payload. */
    public boolean inPayload()
    {
        return inPayload;
    }

    /** @return where the payload being read goes; meaningful while {@link #inPayload()}. */
    public Landing landing()
    {
        return landing;
    }

    /** @return how many bytes of the payload being read have been taken. */
    public long payloadRead()
    {
        return payloadRead;
    }

    /**
     * Records that the reader put {@code bytes} more of the kept payload into the landing array itself (as a socket can
     * read straight into an array), finishing the frame when that was the last of it.
     */
    public void landedElsewhere(final long bytes)
    {
        payloadRead += bytes;
        if (payloadRead == landing.totalBytes())
        {
            finishFrame(landing.totalBytes());
        }
    }

    /** @return the length of a frame padded to the alignment: where the next frame starts after one of {@code payloadBytes}. */
    public static long alignedLength(final long payloadBytes, final int alignmentBytes)
    {
        final long length = FrameDescriptor.HEADER_BYTES + payloadBytes;
        return (length + alignmentBytes - 1) & -alignmentBytes;
    }

    private void startPayload()
    {
        if (landing.totalBytes() > 0)
        {
            inPayload = true;
            payloadRead = 0;
        }
        else
        {
            finishFrame(0);
        }
    }

    private void land(final ByteBuffer in)
    {
        final long total = landing.totalBytes();
        final int take = (int)Math.min(total - payloadRead, in.remaining());
        final long keep = landing.keepBytes();
        final int kept = (int)Math.max(0, Math.min(take, keep - payloadRead));
        if (kept > 0 && landing.kind() == Primitive.BYTE)
        {
            BufferCopy.fromBuffer(in, kept, landing.array(), landing.kind(), landing.elementOffset(), payloadRead);
        }
        else if (kept > 0)
        {
            // Straight from the buffer's memory: wrapping the buffer in a segment would make one per piece.
            BufferCopy.fromSegment(memoryOf(in), in.position(), kept, landing.array(), landing.kind(), landing.elementOffset(), payloadRead);
            in.position(in.position() + kept);
        }
        in.position(in.position() + take - kept);
        payloadRead += take;
        if (payloadRead == total)
        {
            finishFrame(total);
        }
    }

    /** @return all of {@code in}'s memory from its index 0, made once for each buffer the reader passes. */
    private MemorySegment memoryOf(final ByteBuffer in)
    {
        if (in != memoryOwner)
        {
            memory = MemorySegment.ofBuffer(in.duplicate().clear());
            memoryOwner = in;
        }
        return memory;
    }

    private void finishFrame(final long payloadBytes)
    {
        inPayload = false;
        padding = (int)(alignedLength(payloadBytes, alignmentBytes) - FrameDescriptor.HEADER_BYTES - payloadBytes);
        protocol.onPayloadLanded(landing);
    }
}
