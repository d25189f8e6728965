package org.openmpj.transport.tcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import org.openmpj.matching.PeerProtocol;

/**
 * This rank's relation to one peer: the protocol state and the one connection that carries it, made on first
 * use. When both ranks connect at once, both keep the connection the lower rank opened: the listener of the other
 * one refuses it, and data flows only once a connection is accepted, so no frame travels on the connection that loses.
 *
 * <p>Thread-safety: the connection state is guarded by this object's monitor.
 */
final class PeerLink
{
    private static final int NONE = 0;
    private static final int CONNECTING = 1;
    private static final int AWAITING_PEER = 2;
    private static final int ESTABLISHED = 3;
    private static final int LOST = 4;

    final int peer;
    final PeerProtocol protocol;
    private int state = NONE;
    private TcpConnection connection;

    PeerLink(final int peer, final PeerProtocol protocol)
    {
        this.peer = peer;
        this.protocol = protocol;
    }

    /** @return true when the caller should connect: nobody has started to. */
    synchronized boolean beginConnect()
    {
        if (state == NONE)
        {
            state = CONNECTING;
            return true;
        }
        return false;
    }

    /**
     * Settles an incoming connection that proved itself, writing the verdict on it before anything else can be.
     *
     * @param myRank this rank; the connection opened by the lower rank of the pair wins a race.
     * @return the new connection when accepted, or null when refused (the channel is then closed).
     */
    synchronized TcpConnection offerIncoming(final SocketChannel channel, final int myRank, final ConnectionFactory factory)
        throws IOException
    {
        final boolean accept = state == NONE || state == AWAITING_PEER || (state == CONNECTING && peer < myRank);
        channel.write(ByteBuffer.wrap(new byte[] {accept ? HandshakeDescriptor.ACCEPT : HandshakeDescriptor.REJECT}));
        if (!accept)
        {
            channel.close();
            return null;
        }
        return establish(channel, factory);
    }

    /** Settles this rank's own connection attempt with the verdict it got. */
    synchronized TcpConnection onVerdict(final byte verdict, final SocketChannel channel, final ConnectionFactory factory)
        throws IOException
    {
        if (verdict == HandshakeDescriptor.ACCEPT && state == CONNECTING)
        {
            return establish(channel, factory);
        }
        if (channel != null)
        {
            channel.close();
        }
        if (state == CONNECTING)
        {
            // The peer keeps the connection it is opening to us; wait for it.
            state = AWAITING_PEER;
        }
        return null;
    }

    /** Marks the link lost; waiters give up. */
    synchronized void lose()
    {
        state = LOST;
        notifyAll();
    }

    /**
     * Waits until a connection is established.
     *
     * @param stillAlive checked every few milliseconds; throws to end the wait when the job failed.
     * @return whether it is established; false after {@code timeoutMs} or when the link was lost.
     */
    synchronized boolean awaitEstablished(final long timeoutMs, final Runnable stillAlive)
    {
        final long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (state != ESTABLISHED)
        {
            if (state == LOST || System.nanoTime() - deadline > 0)
            {
                return false;
            }
            stillAlive.run();
            try
            {
                wait(5);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    synchronized TcpConnection connection()
    {
        return connection;
    }

    private TcpConnection establish(final SocketChannel channel, final ConnectionFactory factory) throws IOException
    {
        connection = factory.open(channel, this);
        // Attached before it is read: the first frame read may need an answer written at once (a clear-to-send).
        protocol.attach(connection);
        factory.publish(connection);
        state = ESTABLISHED;
        notifyAll();
        return connection;
    }

    /** Makes the connection object for an accepted channel. */
    interface ConnectionFactory
    {
        TcpConnection open(SocketChannel channel, PeerLink link) throws IOException;

        /** Starts reading {@code connection}, whose protocol is attached. */
        void publish(TcpConnection connection) throws IOException;
    }
}
