package org.openmpj.transport.tcp;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * The connecting side of the handshake: opens a connection to a peer's listener and proves this rank's membership
 * of the job. An attempt the listener refuses or cuts before its verdict is tried again until the connect timeout,
 * because during a loaded start a listener may drop a handshake it could not serve in time; anything else that goes
 * wrong ends the dial at once.
 *
 * <p>Thread-safety: any number of threads may dial at once.
 */
final class Dialer
{
    private static final String CONNECT_TIMEOUT_HINT =
        "a heavily loaded start may need a longer -D" + TcpDeviceProvider.CONNECT_TIMEOUT_PROP_NAME;
    private static final long FIRST_PAUSE_MS = 10;
    private static final long LONGEST_PAUSE_MS = 500;

    private final int rank;
    private final byte[] key;
    private final long connectTimeoutMs;
    private final Tuning tuning;
    private final Runnable stillAlive;

    /** Sets a new socket's options before it connects. */
    interface Tuning
    {
        void tune(SocketChannel channel) throws IOException;
    }

    /**
     * @param stillAlive run between attempts; throws to end the dial when the job has failed meanwhile.
     */
    Dialer(final int rank, final byte[] key, final long connectTimeoutMs, final Tuning tuning, final Runnable stillAlive)
    {
        this.rank = rank;
        this.key = key.clone();
        this.connectTimeoutMs = connectTimeoutMs;
        this.tuning = tuning;
        this.stillAlive = stillAlive;
    }

    /**
     * Connects to {@code peer} listening at {@code address} for {@code purpose}, within the connect timeout.
     *
     * @return the channel, accepted and blocking, or null when the peer refused it in favour of its own connection
     *         to this rank.
     * @throws IOException naming the peer and what went wrong, when no attempt got a verdict in time.
     */
    SocketChannel dial(final InetSocketAddress address, final int peer, final short purpose) throws IOException
    {
        final long deadlineNs = System.nanoTime() + connectTimeoutMs * 1_000_000;
        long pauseMs = FIRST_PAUSE_MS;
        HandshakeCut lastCut = null;
        while (true)
        {
            try
            {
                return attempt(address, peer, purpose, deadlineNs);
            }
            catch (final HandshakeTimeout ex)
            {
                if (lastCut == null)
                {
                    throw ex;
                }
                // The last attempt, made at the deadline, has almost no time: the cuts before it say what went wrong.
                final IOException failure = tooLong(lastCut);
                failure.addSuppressed(ex);
                throw failure;
            }
            catch (final HandshakeCut ex)
            {
                lastCut = ex;
                final long leftNs = deadlineNs - System.nanoTime();
                if (leftNs <= 0)
                {
                    throw tooLong(ex);
                }
                stillAlive.run();
                // The last pause ends at the deadline, so the last attempt is made at it, not a pause before it.
                pause(Math.min(pauseMs, Math.max(1, leftNs / 1_000_000)));
                pauseMs = Math.min(2 * pauseMs, LONGEST_PAUSE_MS);
            }
        }
    }

    private IOException tooLong(final HandshakeCut lastCut)
    {
        return new IOException(lastCut.getMessage() + " (tried for " + connectTimeoutMs + " ms; " + CONNECT_TIMEOUT_HINT + ")", lastCut);
    }

    private SocketChannel attempt(final InetSocketAddress address, final int peer, final short purpose, final long deadlineNs)
        throws IOException
    {
        final SocketChannel channel = SocketChannel.open();
        try
        {
            // Before connecting: the receive buffer sets the window scale the handshake agrees on.
            tuning.tune(channel);
            try
            {
                channel.socket().connect(address, remainingMs(deadlineNs));
            }
            catch (final ConnectException ex)
            {
                throw new HandshakeCut("rank " + peer + " at " + address + " refused the connection: " + ex.getMessage());
            }
            final InputStream fromPeer = channel.socket().getInputStream();
            channel.socket().setSoTimeout(remainingMs(deadlineNs));
            final ByteBuffer hello = ByteBuffer.wrap(readAnswer(fromPeer, HandshakeDescriptor.HELLO_BYTES, peer))
                .order(ByteOrder.LITTLE_ENDIAN);
            if (!HandshakeDescriptor.isHelloFrom(hello, peer))
            {
                throw new IOException("the listener at " + address + " is not rank " + peer + " of this job");
            }
            final ByteBuffer proof = HandshakeDescriptor.proof(key, hello, rank, purpose);
            while (proof.hasRemaining())
            {
                channel.write(proof);
            }
            channel.socket().setSoTimeout(remainingMs(deadlineNs));
            if (readAnswer(fromPeer, 1, peer)[0] != HandshakeDescriptor.ACCEPT)
            {
                channel.close();
                return null;
            }
            return channel;
        }
        catch (final IOException | RuntimeException ex)
        {
            Acceptor.closeQuietly(channel);
            throw ex;
        }
    }

    /** Reads the listener's next {@code bytes}; an end or a reset before them is a cut handshake. */
    private static byte[] readAnswer(final InputStream fromPeer, final int bytes, final int peer) throws IOException
    {
        final byte[] answer;
        try
        {
            answer = fromPeer.readNBytes(bytes);
        }
        catch (final SocketTimeoutException ex)
        {
            throw new HandshakeTimeout("rank " + peer + " did not answer the handshake in time (" + CONNECT_TIMEOUT_HINT + ")", ex);
        }
        catch (final SocketException ex)
        {
            throw new HandshakeCut("rank " + peer + " cut the handshake: " + ex.getMessage());
        }
        if (answer.length != bytes)
        {
            throw new HandshakeCut("rank " + peer + " closed the connection during the handshake: is it of another job?");
        }
        return answer;
    }

    /** @return the milliseconds left before {@code deadlineNs}, at least 1, since 0 means no timeout to a socket. */
    private static int remainingMs(final long deadlineNs)
    {
        return (int)Math.max(1, Math.min(Integer.MAX_VALUE, (deadlineNs - System.nanoTime()) / 1_000_000));
    }

    private static void pause(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "interrupted while connecting");
        }
    }

    /** The listener did not answer before the deadline. */
    private static final class HandshakeTimeout extends IOException
    {
        private static final long serialVersionUID = 1L;

        HandshakeTimeout(final String message, final Throwable cause)
        {
            super(message, cause);
        }
    }

    /** An attempt that the listener refused or cut before its verdict; another attempt may succeed. */
    private static final class HandshakeCut extends IOException
    {
        private static final long serialVersionUID = 1L;

        HandshakeCut(final String message)
        {
            super(message);
        }
    }
}
