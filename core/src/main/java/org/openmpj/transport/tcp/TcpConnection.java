package org.openmpj.transport.tcp;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.ReentrantLock;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.BufferCopy;
import org.openmpj.Primitive;
import org.openmpj.matching.FrameAssembler;
import org.openmpj.matching.FrameBacklog;
import org.openmpj.matching.FrameDescriptor;
import org.openmpj.matching.FrameWriter;
import org.openmpj.matching.Landing;
import org.openmpj.matching.OutFrame;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;

/**
 * One established, authenticated connection to a peer process: writes frames for its {@link PeerProtocol} and reads
 * the peer's frames into it. A frame is written by the sending thread itself while nothing waits before it; what
 * the socket does not take stays in a staging buffer and a backlog, written by whichever thread makes progress.
 * Large payloads of arrays go straight between the array and the socket where a {@link NativeSocket} can be had;
 * other payloads are copied through a fixed staging buffer in pieces, never as a whole.
 *
 * <p>Thread-safety: writing is serialized by a lock; reading is done by one thread at a time (the transport's
 * reader).
 */
final class TcpConnection implements FrameWriter
{
    private static final int STAGING_BYTES = 256 * 1024;
    /**
     * The smallest payload, or rest of one, that goes straight between array and socket. Below it the extra system
     * calls (the header apart from the payload, a poll before each receive) cost more than the copy they save:
     * measured, 16 and 32 KiB took 12-14 µs natively against 8.5-9.5 µs staged; at 64 KiB the two were even.
     */
    private static final int NATIVE_MIN_BYTES = 64 * 1024;
    /** The most one native receive moves, so that the call stays short (it holds off the garbage collector). */
    private static final int NATIVE_MAX_BYTES = 4 * 1024 * 1024;
    private final SocketChannel channel;
    /** Whether large payloads may go natively and how; the descriptor for it is looked up on the first one (see {@link #nativeSocket}). */
    private final NativeIoSettings nativeIo;
    private final Object socketLock = new Object();
    /** The channel's descriptor for native I/O once looked up; null before, and when payloads go through the staging buffers only. */
    private volatile NativeSocket socket;
    private boolean socketLookedUp;
    private final int peer;
    private final PeerProtocol protocol;
    private final ConnectionListener listener;

    private final ReentrantLock writeLock = new ReentrantLock();
    /** Bytes waiting to be written, between position and limit. */
    private final ByteBuffer out = ByteBuffer.allocateDirect(STAGING_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    /** All of {@link #out}'s memory, from its byte 0. */
    private final MemorySegment outMemory = MemorySegment.ofBuffer(out);
    /** The frame whose payload is being staged, once its header went to {@link #out}. */
    private OutFrame current;
    private final FrameBacklog queue = new FrameBacklog();
    /** The congestion control's switch, made when the first large payload goes; written and used under the write lock. */
    private CongestionSwitch congestion = CongestionSwitch.NONE;
    private boolean congestionChosen;
    private volatile boolean backlog;
    private volatile boolean closed;

    private final FrameAssembler frames;

    /** Told when the connection ends. */
    interface ConnectionListener
    {
        /** The connection to {@code peer} failed or ended without the peer saying goodbye. */
        void onLost(int peer, String why);

        /** Frames now wait for the socket to take them, and only progress calls write them. */
        void onBacklog();
    }

    /**
     * @param nativeIo       whether and how large payloads go natively; not enabled moves every payload through the staging buffers.
     */
    TcpConnection(
        final SocketChannel channel, final NativeIoSettings nativeIo, final int peer, final PeerProtocol protocol,
        final ConnectionListener listener)
    {
        this.channel = channel;
        this.nativeIo = nativeIo;
        this.peer = peer;
        this.protocol = protocol;
        this.listener = listener;
        this.frames = new FrameAssembler(protocol, 1);
        out.limit(0);
    }

    int peer()
    {
        return peer;
    }

    SocketChannel channel()
    {
        return channel;
    }

    @Override
    public boolean write(
        final byte type, final int flags, final int context, final int source, final int tag, final long byteCount,
        final long id, final long aux, final Object payload, final Primitive payloadKind, final int payloadOffset,
        final long payloadBytes, final SendRequest done)
    {
        writeLock.lock();
        try
        {
            if (closed)
            {
                // The peer died or left: a failed job, or, in one that survives lost ranks, a send that cannot complete.
                throw new OpenMpjException(ErrorClass.ERR_PROC_FAILED, "cannot send to rank " + peer + ": its connection is closed");
            }
            if (!backlog)
            {
                long staged = begin(type, flags, context, source, tag, byteCount, id, aux, payload, payloadKind, payloadOffset, payloadBytes);
                while (drain())
                {
                    if (staged == payloadBytes)
                    {
                        return true;
                    }
                    final long moved = advance(payload, payloadKind, payloadOffset, staged, payloadBytes);
                    if (moved == 0)
                    {
                        break;
                    }
                    staged += moved;
                }
                final OutFrame frame = queue.obtain(type, flags, context, source, tag, byteCount, id, aux,
                    payload, payloadKind, payloadOffset, payloadBytes, done);
                frame.staged = staged;
                current = frame;
                backlog = true;
                listener.onBacklog();
                return false;
            }
            queue.append(queue.obtain(type, flags, context, source, tag, byteCount, id, aux,
                payload, payloadKind, payloadOffset, payloadBytes, done));
            return false;
        }
        catch (final IOException ex)
        {
            fail("writing failed: " + ex.getMessage());
            return false;
        }
        finally
        {
            writeLock.unlock();
        }
    }

    /** @return whether frames wait for the socket. */
    boolean hasBacklog()
    {
        return backlog;
    }

    /**
     * Writes what waits, as far as the socket takes it, unless another thread is writing.
     *
     * @return the number of frames finished.
     */
    int flush()
    {
        if (!backlog || !writeLock.tryLock())
        {
            return 0;
        }
        int finished = 0;
        try
        {
            while (true)
            {
                if (out.hasRemaining() && !drain())
                {
                    return finished;
                }
                final OutFrame frame = current;
                if (frame != null)
                {
                    if (frame.staged < frame.payloadBytes)
                    {
                        final long moved = advance(frame.payload, frame.payloadKind, frame.payloadOffset, frame.staged, frame.payloadBytes);
                        if (moved == 0)
                        {
                            return finished;
                        }
                        frame.staged += moved;
                        continue;
                    }
                    current = null;
                    finished++;
                    if (frame.done != null)
                    {
                        protocol.onWritten(frame.done);
                    }
                    queue.recycle(frame);
                }
                final OutFrame next = queue.poll();
                if (next == null)
                {
                    backlog = false;
                    return finished;
                }
                next.staged = begin(next.type, next.flags, next.context, next.source, next.tag, next.byteCount, next.id, next.aux,
                    next.payload, next.payloadKind, next.payloadOffset, next.payloadBytes);
                current = next;
            }
        }
        catch (final IOException ex)
        {
            fail("writing failed: " + ex.getMessage());
            return finished;
        }
        finally
        {
            writeLock.unlock();
        }
    }

    /**
     * Reads what has arrived into {@code in} (the reader's staging buffer) and hands every complete header and
     * payload to the protocol.
     *
     * @return the number of bytes read; 0 when nothing had arrived.
     */
    int readFrom(final ByteBuffer in)
    {
        if (closed)
        {
            return 0;
        }
        if (frames.inPayload() && landsNatively())
        {
            return landNatively();
        }
        final int read;
        try
        {
            in.clear();
            read = channel.read(in);
        }
        catch (final IOException ex)
        {
            fail("reading failed: " + ex.getMessage());
            return 0;
        }
        if (!arrived(read))
        {
            return 0;
        }
        in.flip();
        frames.consume(in);
        return read;
    }

    /** Says goodbye and ends the sending side; what the peer still sends can be read until it ends too. */
    void sayGoodbye()
    {
        write(FrameDescriptor.GOODBYE, 0, 0, 0, 0, 0, 0, 0, null, Primitive.BYTE, 0, 0, null);
    }

    /** @return whether everything written so far has gone to the socket. */
    boolean drained()
    {
        return !backlog;
    }

    /** @return whether the peer's side has ended (it said goodbye and closed, or the connection failed). */
    boolean isClosed()
    {
        return closed;
    }

    void close()
    {
        closed = true;
        synchronized (socketLock)
        {
            socketLookedUp = true;
            if (socket != null)
            {
                socket.retire();
            }
        }
        Acceptor.closeQuietly(channel);
    }

    /**
     * @return the channel's native socket, looked up on the first large payload, or null when there is none. Finding
     *         the descriptor scans the process's descriptors, which took 15-34 ms among 4,000 connections (215 ms the
     *         first time): on the handshake's path, the start of a job of many ranks per process queued handshakes
     *         behind it past the connect timeout, and a connection that carries only small messages never needs it.
     */
    private NativeSocket nativeSocket()
    {
        synchronized (socketLock)
        {
            if (!socketLookedUp)
            {
                socketLookedUp = true;
                socket = nativeIo.enabled() ? NativeSocket.of(channel) : null;
            }
            return socket;
        }
    }

    /** @return whether the peer's end of the connection is an address of this host (and so of this network namespace). */
    private boolean withinHost()
    {
        try
        {
            final InetAddress remote = ((InetSocketAddress)channel.getRemoteAddress()).getAddress();
            return remote.isLoopbackAddress() || NetworkInterface.getByInetAddress(remote) != null;
        }
        catch (final IOException ex)
        {
            return false;
        }
    }

    /** @return whether the rest of the payload being read, or the part of it that is kept, is large enough to go natively. */
    private boolean landsNatively()
    {
        final Landing landing = frames.landing();
        return nativeIo.enabled() && landing.kind() != Primitive.BOOLEAN && landing.keepBytes() - frames.payloadRead() >= NATIVE_MIN_BYTES
            && nativeSocket() != null;
    }

    /** Receives what has arrived of the kept payload straight into its array. @return the bytes received. */
    private int landNatively()
    {
        final Landing landing = frames.landing();
        final long bytes = Math.min(landing.keepBytes() - frames.payloadRead(), NATIVE_MAX_BYTES);
        final long start = landing.byteOffset() + frames.payloadRead();
        final long received;
        try
        {
            received = socket.receive(landing.array(), landing.kind(), start, bytes);
        }
        catch (final IOException ex)
        {
            fail("reading failed: " + ex.getMessage());
            return 0;
        }
        if (!arrived(received))
        {
            return 0;
        }
        frames.landedElsewhere(received);
        return (int)received;
    }

    /** @return whether a read brought {@code count} bytes; a negative count, the peer's end, ends the connection. */
    private boolean arrived(final long count)
    {
        if (count < 0)
        {
            onEnd();
        }
        return count > 0;
    }

    private void onEnd()
    {
        closed = true;
        if (!protocol.peerFinished())
        {
            listener.onLost(peer, "its connection closed before it said goodbye");
        }
        close();
    }

    private void fail(final String why)
    {
        if (!closed)
        {
            closed = true;
            if (!protocol.peerFinished())
            {
                listener.onLost(peer, why);
            }
            close();
        }
    }

    /** @return whether {@link #out} is now empty; false when the socket took less. */
    private boolean drain() throws IOException
    {
        while (out.hasRemaining())
        {
            if (channel.write(out) == 0)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Fills the empty staging buffer with a frame's header, carrying the credit owed to the peer, and the first piece of
     * its payload.
     *
     * @return the payload bytes staged.
     */
    private long begin(
        final byte type, final int flags, final int context, final int source, final int tag, final long byteCount,
        final long id, final long aux, final Object payload, final Primitive payloadKind, final int payloadOffset,
        final long payloadBytes)
    {
        out.clear();
        FrameDescriptor.encode(out, type, payloadKind.ordinal(), flags, context, source, tag, byteCount, id, aux,
            protocol.takeOwedCredit());
        final boolean large = sendsNatively(payloadKind, payloadBytes);
        if (large && !congestionChosen)
        {
            congestionChosen = true;
            congestion = CongestionSwitch.of(socket, nativeIo, withinHost());
        }
        congestion.beforeFrame(type, large);
        final long staged = large ? 0 : stage(payload, payloadKind, payloadOffset, 0, payloadBytes);
        out.flip();
        return staged;
    }

    /** @return whether a payload of this kind and size goes straight from its array to the socket. */
    private boolean sendsNatively(final Primitive kind, final long payloadBytes)
    {
        return nativeIo.enabled() && kind != Primitive.BOOLEAN && payloadBytes >= NATIVE_MIN_BYTES && nativeSocket() != null;
    }

    /**
     * Passes on the next piece of a payload, from byte {@code from}, once the staging buffer is empty: natively, or
     * through the staging buffer.
     *
     * @return the bytes passed on; 0 when the socket takes nothing now.
     */
    private long advance(final Object payload, final Primitive kind, final int offset, final long from, final long total) throws IOException
    {
        if (!sendsNatively(kind, total))
        {
            return restage(payload, kind, offset, from, total);
        }
        final long bytes = Math.min(total - from, nativeIo.sendPieceBytes());
        final long start = (long)offset * kind.sizeBytes() + from;
        return socket.send(payload, kind, start, bytes);
    }

    /** Fills the empty staging buffer with the next piece of a payload, from byte {@code from}; @return the bytes staged. */
    private long restage(final Object payload, final Primitive kind, final int offset, final long from, final long total)
    {
        out.clear();
        final long staged = stage(payload, kind, offset, from, total);
        out.flip();
        return staged;
    }

    /** Copies the next piece of a payload, from byte {@code from}, into {@link #out} as far as it has room. */
    private long stage(final Object payload, final Primitive kind, final int offset, final long from, final long total)
    {
        final int bytes = (int)Math.min(out.remaining(), total - from);
        if (bytes > 0 && kind == Primitive.BYTE)
        {
            BufferCopy.toBuffer(payload, kind, offset, from, out, bytes);
        }
        else if (bytes > 0)
        {
            // Straight into the buffer's memory: wrapping the buffer in a segment would make one per piece.
            BufferCopy.toSegment(payload, kind, offset, from, outMemory, out.position(), bytes);
            out.position(out.position() + bytes);
        }
        return bytes;
    }
}
