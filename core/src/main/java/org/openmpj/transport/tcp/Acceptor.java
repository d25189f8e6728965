package org.openmpj.transport.tcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Accepts connections on the rank's listening socket and runs the listener's side of the handshake, on a daemon
 * thread of its own, away from the message path. A connection that sends anything but a valid proof, or is too
 * slow to send one, is closed without a byte of it being read as a message; the job is not disturbed.
 *
 * <p>Thread-safety: runs on its own thread; {@link #close()} may be called from any thread.
 */
final class Acceptor implements Runnable
{
    /**
     * Connections handshaking at once, at the least; a job allows two per rank, as every peer may open a data and a
     * watch connection at once during a loaded start. Beyond the bound the oldest is dropped, so a flood of idle
     * connections costs little.
     */
    private static final int MIN_PENDING = 64;

    private final long handshakeTimeoutNs;
    private final int maxPending;

    private final ServerSocketChannel listener;
    private final Selector selector;
    private final int rank;
    private final int size;
    private final byte[] key;
    private final Admission admission;
    private final Consumer<Exception> onFailure;
    private final SecureRandom random = new SecureRandom();
    private final List<Pending> pending = new ArrayList<>();
    private volatile boolean closed;

    /** Decides what becomes of a connection that proved itself. */
    interface Admission
    {
        /**
         * Takes over {@code channel}, which proved to come from {@code peer} of this job, for {@code purpose}; writes
         * the verdict on it.
         */
        void admit(SocketChannel channel, int peer, short purpose) throws IOException;
    }

    /** A connection that has not yet proved itself. */
    private static final class Pending
    {
        final SocketChannel channel;
        final byte[] nonce;
        final ByteBuffer proof = ByteBuffer.allocate(HandshakeDescriptor.PROOF_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        final long deadlineNs;
        SelectionKey key;

        Pending(final SocketChannel channel, final byte[] nonce, final long deadlineNs)
        {
            this.channel = channel;
            this.nonce = nonce;
            this.deadlineNs = deadlineNs;
        }
    }

    /**
     * @param handshakeTimeoutMs how long a connection may take to prove itself: no shorter than a dialing peer waits
     *                           for its handshake, or a peer slowed by a loaded start is cut off while it still tries.
     * @param onFailure told why, when the acceptor stops for any reason but {@link #close()}: from then on nobody
     *                  answers this rank's listener, so its peers could only time out.
     */
    Acceptor(final ServerSocketChannel listener, final int rank, final int size, final byte[] key, final long handshakeTimeoutMs,
        final Admission admission, final Consumer<Exception> onFailure) throws IOException
    {
        this.handshakeTimeoutNs = handshakeTimeoutMs * 1_000_000;
        this.maxPending = Math.max(MIN_PENDING, 2 * size);
        this.listener = listener;
        this.rank = rank;
        this.size = size;
        this.key = key.clone();
        this.admission = admission;
        this.onFailure = onFailure;
        this.selector = Selector.open();
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
    }

    void start()
    {
        final Thread thread = new Thread(this, "openmpj-tcp-accept-" + rank);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run()
    {
        try
        {
            while (!closed)
            {
                selector.select(this::onReady, 500);
                dropExpired(System.nanoTime());
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            if (!closed)
            {
                onFailure.accept(ex);
            }
        }
        finally
        {
            for (final Pending waiting : pending)
            {
                closeQuietly(waiting.channel);
            }
            pending.clear();
            try
            {
                selector.close();
            }
            catch (final IOException ex)
            {
                // Closing releases the selector's descriptor; nothing else depends on it.
            }
        }
    }

    void close()
    {
        closed = true;
        selector.wakeup();
        closeQuietly(listener);
    }

    private void onReady(final SelectionKey ready)
    {
        if (!ready.isValid())
        {
            return;
        }
        if (ready.isAcceptable())
        {
            acceptAll();
        }
        else if (ready.isReadable())
        {
            readProof((Pending)ready.attachment());
        }
    }

    /** Takes every connection the kernel has queued: a start-up burst waits in the listen queue, not for a select each. */
    private void acceptAll()
    {
        while (true)
        {
            final SocketChannel channel;
            try
            {
                channel = listener.accept();
            }
            catch (final IOException ex)
            {
                return;
            }
            if (channel == null)
            {
                return;
            }
            greet(channel);
        }
    }

    /** Sends the hello to a new connection and waits for its proof. */
    private void greet(final SocketChannel channel)
    {
        try
        {
            channel.configureBlocking(false);
            final byte[] nonce = new byte[HandshakeDescriptor.NONCE_BYTES];
            random.nextBytes(nonce);
            // A fresh socket's send buffer always holds the 28 bytes.
            channel.write(HandshakeDescriptor.hello(rank, nonce));
            final Pending waiting = new Pending(channel, nonce, System.nanoTime() + handshakeTimeoutNs);
            waiting.key = channel.register(selector, SelectionKey.OP_READ, waiting);
            pending.add(waiting);
            if (pending.size() > maxPending)
            {
                drop(pending.get(0));
            }
        }
        catch (final IOException ex)
        {
            closeQuietly(channel);
        }
    }

    private void readProof(final Pending waiting)
    {
        try
        {
            final int read = waiting.channel.read(waiting.proof);
            if (read < 0 || !HandshakeDescriptor.startsLikeProof(waiting.proof))
            {
                drop(waiting);
                return;
            }
            if (waiting.proof.hasRemaining())
            {
                return;
            }
            pending.remove(waiting);
            waiting.key.cancel();
            if (!HandshakeDescriptor.verifies(key, waiting.nonce, waiting.proof, rank, size))
            {
                closeQuietly(waiting.channel);
                return;
            }
            // The cancelled key is released at the next select; the channel is used without this selector from here on.
            admission.admit(waiting.channel, waiting.proof.getInt(HandshakeDescriptor.RANK_OFFSET),
                waiting.proof.getShort(HandshakeDescriptor.PURPOSE_OFFSET));
        }
        catch (final IOException ex)
        {
            drop(waiting);
        }
    }

    private void dropExpired(final long nowNs)
    {
        for (int i = pending.size() - 1; i >= 0; i--)
        {
            if (nowNs - pending.get(i).deadlineNs > 0)
            {
                drop(pending.get(i));
            }
        }
    }

    private void drop(final Pending waiting)
    {
        pending.remove(waiting);
        if (waiting.key != null)
        {
            waiting.key.cancel();
        }
        closeQuietly(waiting.channel);
    }

    /** Closes {@code channel}, if any, when closing is all that is left to do with it. */
    static void closeQuietly(final java.nio.channels.Channel channel)
    {
        if (channel == null)
        {
            return;
        }
        try
        {
            channel.close();
        }
        catch (final IOException ex)
        {
            // Nothing else can be done with a channel that cannot even close.
        }
    }
}
