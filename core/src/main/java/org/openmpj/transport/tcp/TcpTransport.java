package org.openmpj.transport.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.JobControl;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;
import org.openmpj.matching.Transport;

/**
 * Carries a rank's messages to the other processes of its job over TCP: one connection per peer, opened on first
 * use and authenticated with the job key, each read by whichever waiting thread makes progress (busy-polling
 * while the idle strategy spins, so no wake-up sits on the message path).
 *
 * <p>Thread-safety: any number of threads may send and make progress at once; one of them reads at a time.
 */
final class TcpTransport implements Transport, TcpConnection.ConnectionListener, PeerLink.ConnectionFactory
{
    private static final int READ_STAGING_BYTES = 256 * 1024;
    private static final long CLOSE_GRACE_MS = 2_000;
    /**
     * The longest block of a waiting thread: every arrival, new connection and new backlog ends a block, so its length
     * bounds only how late a waiter sees the job fail. 165 idle thread ranks on 2 cores woke from 1 ms blocks often
     * enough to take both cores.
     */
    private static final long LONGEST_BLOCK_NS = 32_000_000;
    /** The longest block while frames wait to be written, which only progress calls move. */
    private static final long BACKLOG_BLOCK_NS = 1_000_000;

    private final int rank;
    private final InetSocketAddress[] addresses;
    private final Dialer dialer;
    private final JobControl job;
    private final long eagerLimitBytes;
    private final long connectTimeoutMs;
    private final int socketBufferBytes;
    private final NativeIoSettings nativeIo;
    private final PeerLink[] links;
    private final Acceptor acceptor;
    private final JobWatch watch;
    private final AtomicBoolean reading = new AtomicBoolean();
    private final ByteBuffer in = ByteBuffer.allocateDirect(READ_STAGING_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private volatile TcpConnection[] connections = new TcpConnection[0];
    /** Watches every connection for data, for the one waiting thread at a time that blocks instead of parking. */
    private final Selector arrivals;
    private final AtomicBoolean blocking = new AtomicBoolean();
    private final java.util.function.Consumer<SelectionKey> ignoreKey = key -> { };
    private final Runnable wakeBlocked;
    private volatile boolean closing;

    /**
     * @param listener  the bound listening socket, already published to the peers.
     * @param addresses every rank's listening address, by rank.
     * @param nativeIo  how connections use their sockets' descriptors (see {@link NativeSocket}).
     */
    TcpTransport(
        final MatchingDevice device, final ServerSocketChannel listener, final InetSocketAddress[] addresses, final byte[] key,
        final JobControl job, final long eagerLimitBytes, final long windowBytes, final long connectTimeoutMs,
        final long livenessTimeoutMs, final int socketBufferBytes, final NativeIoSettings nativeIo) throws IOException
    {
        this.socketBufferBytes = socketBufferBytes;
        this.nativeIo = nativeIo;
        this.rank = device.rank();
        this.addresses = addresses.clone();
        this.job = job;
        this.eagerLimitBytes = eagerLimitBytes;
        this.connectTimeoutMs = connectTimeoutMs;
        this.links = new PeerLink[addresses.length];
        for (int peer = 0; peer < links.length; peer++)
        {
            if (peer != rank)
            {
                links[peer] = new PeerLink(peer, new PeerProtocol(device, eagerLimitBytes, windowBytes));
            }
        }
        this.arrivals = Selector.open();
        this.wakeBlocked = arrivals::wakeup;
        this.watch = new JobWatch(rank, job, livenessTimeoutMs);
        this.dialer = new Dialer(rank, key, connectTimeoutMs, this::tune, job::checkAlive);
        this.acceptor = new Acceptor(listener, rank, addresses.length, key, connectTimeoutMs, this::admit,
            cause -> job.reportFailure(rank, "rank " + rank + " stopped accepting connections: " + cause));
        acceptor.start();
        watch.start();
    }

    @Override
    public void announceFailure(final String report)
    {
        watch.failed(rank, report);
    }

    /** Opens the watch connection to {@code next}, the next rank on the job's liveness ring. */
    void watchRank(final int next)
    {
        try
        {
            final SocketChannel channel = dialer.dial(addresses[next], next, HandshakeDescriptor.PURPOSE_WATCH);
            if (channel != null)
            {
                watch.add(channel, next);
            }
        }
        catch (final IOException ex)
        {
            throw connectFailed(next, "cannot connect to rank " + next + " at " + addresses[next] + ": " + ex.getMessage());
        }
    }

    @Override
    public long eagerLimitBytes()
    {
        return eagerLimitBytes;
    }

    @Override
    public boolean send(final SendRequest send)
    {
        final PeerLink link = links[send.dest()];
        if (!link.protocol.isAttached())
        {
            connect(link);
        }
        return link.protocol.send(send);
    }

    @Override
    public int doWork()
    {
        final TcpConnection[] all = connections;
        int work = 0;
        for (final TcpConnection connection : all)
        {
            if (connection.hasBacklog())
            {
                work += connection.flush();
            }
        }
        if (!reading.compareAndSet(false, true))
        {
            return work;
        }
        try
        {
            for (final TcpConnection connection : all)
            {
                work += connection.readFrom(in);
            }
        }
        finally
        {
            reading.set(false);
        }
        return work;
    }

    @Override
    public boolean blockForArrival(final long timeoutNs, final org.openmpj.device.Request waitingFor)
    {
        if (!blocking.compareAndSet(false, true))
        {
            return false;
        }
        try
        {
            // Level-triggered: data that is already waiting ends the select at once, and the caller then reads it. Frames
            // waiting to be written are moved only by progress calls, so while there are any the block stays short.
            final long blockNs = anyBacklog() ? Math.min(timeoutNs, BACKLOG_BLOCK_NS) : timeoutNs;
            arrivals.select(ignoreKey, Math.max(1, blockNs / 1_000_000));
            return true;
        }
        catch (final IOException | java.nio.channels.ClosedSelectorException ex)
        {
            return false;
        }
        finally
        {
            blocking.set(false);
        }
    }

    @Override
    public long longestBlockNs()
    {
        return LONGEST_BLOCK_NS;
    }

    @Override
    public Runnable blockedWaker()
    {
        return wakeBlocked;
    }

    @Override
    public void onBacklog()
    {
        // The blocked thread may be the only one that makes progress, and a select does not watch for room to write.
        if (blocking.get())
        {
            arrivals.wakeup();
        }
    }

    /** @return whether some connection has frames waiting for the socket. */
    private boolean anyBacklog()
    {
        for (final TcpConnection connection : connections)
        {
            if (connection.hasBacklog())
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close()
    {
        synchronized (this)
        {
            if (closing)
            {
                return;
            }
            closing = true;
        }
        acceptor.close();
        final TcpConnection[] all = connections;
        for (final TcpConnection connection : all)
        {
            if (!connection.isClosed())
            {
                connection.sayGoodbye();
            }
        }
        // Read until every peer has said goodbye and closed too: closing a socket with unread data resets it, and a
        // reset could destroy what this rank sent last before the peer read it.
        final long deadline = System.nanoTime() + (job.hasFailed() ? 0 : CLOSE_GRACE_MS * 1_000_000);
        boolean open = true;
        while (open && System.nanoTime() - deadline < 0)
        {
            doWork();
            open = false;
            for (final TcpConnection connection : all)
            {
                if (!connection.isClosed())
                {
                    open = true;
                    if (connection.drained())
                    {
                        shutdownOutput(connection);
                    }
                }
            }
            if (open)
            {
                Thread.onSpinWait();
                Thread.yield();
            }
        }
        for (final TcpConnection connection : all)
        {
            connection.close();
        }
        watch.close();
        try
        {
            arrivals.close();
        }
        catch (final IOException ex)
        {
            // Nothing else uses the selector.
        }
    }

    @Override
    public void onLost(final int peer, final String why)
    {
        links[peer].lose();
        if (!closing)
        {
            watch.failed(peer, "rank " + peer + " is gone (" + why + "), as seen by rank " + rank
                + ": it died or exited without MPI.Finalize");
        }
    }

    @Override
    public TcpConnection open(final SocketChannel channel, final PeerLink link) throws IOException
    {
        channel.configureBlocking(false);
        return new TcpConnection(channel, nativeIo, link.peer, link.protocol, this);
    }

    @Override
    public void publish(final TcpConnection connection) throws IOException
    {
        connection.channel().register(arrivals, SelectionKey.OP_READ);
        synchronized (this)
        {
            final TcpConnection[] grown = Arrays.copyOf(connections, connections.length + 1);
            grown[grown.length - 1] = connection;
            connections = grown;
        }
        // A select in progress watches only the channels registered before it began.
        arrivals.wakeup();
    }

    private void admit(final SocketChannel channel, final int peer, final short purpose) throws IOException
    {
        if (peer == rank)
        {
            channel.close();
        }
        else if (purpose == HandshakeDescriptor.PURPOSE_WATCH)
        {
            channel.write(ByteBuffer.wrap(new byte[] {HandshakeDescriptor.ACCEPT}));
            watch.add(channel, peer);
        }
        else
        {
            tune(channel);
            links[peer].offerIncoming(channel, rank, this);
        }
    }

    private void connect(final PeerLink link)
    {
        final int peer = link.peer;
        if (link.beginConnect())
        {
            try
            {
                final SocketChannel channel = dialer.dial(addresses[peer], peer, HandshakeDescriptor.PURPOSE_DATA);
                link.onVerdict(channel != null ? HandshakeDescriptor.ACCEPT : HandshakeDescriptor.REJECT, channel, this);
            }
            catch (final IOException ex)
            {
                link.lose();
                throw connectFailed(peer, "cannot connect to rank " + peer + " at " + addresses[peer] + ": " + ex.getMessage());
            }
        }
        if (!link.awaitEstablished(connectTimeoutMs, job::checkAlive))
        {
            job.checkAlive();
            throw connectFailed(peer, "could not connect to rank " + peer + " at " + addresses[peer] + " within " + connectTimeoutMs + " ms");
        }
    }

    /** Takes {@code peer} for lost, as this rank cannot reach it, and returns the error for the caller to throw. */
    private OpenMpjException connectFailed(final int peer, final String what)
    {
        final String why = "rank " + rank + " " + what;
        job.peerLost(peer, why);
        return new OpenMpjException(ErrorClass.ERR_PROC_FAILED, why);
    }

    /** Sets the options of a connection: no delay for small frames, and the socket buffers. */
    private void tune(final SocketChannel channel) throws IOException
    {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        setBuffers(channel, socketBufferBytes);
    }

    /** Sets both socket buffers; 0 leaves the kernel's defaults and autotuning. */
    static void setBuffers(final java.nio.channels.NetworkChannel channel, final int bytes) throws IOException
    {
        if (bytes > 0)
        {
            if (channel instanceof SocketChannel)
            {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, bytes);
            }
            channel.setOption(StandardSocketOptions.SO_RCVBUF, bytes);
        }
    }


    private static void shutdownOutput(final TcpConnection connection)
    {
        try
        {
            connection.channel().shutdownOutput();
        }
        catch (final IOException ex)
        {
            // Already shut, or the peer is gone: its end is read as such.
        }
    }
}
