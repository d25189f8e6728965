package org.openmpj.transport.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.HexFormat;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceSettings;
import org.openmpj.device.KeyValueStore;

/**
 * The tcp device's liveness ring ({@link JobWatch}: beats, silence limit, failures passed round) for a device whose
 * messages go another way, such as ucx between hosts: its own listening socket and watch connections, nothing else. A
 * peer whose host falls silent fails the job on every rank still reached within {@code openmpj.liveness.timeoutMs}.
 *
 * <p>Used in two steps around the job's fence, as the tcp device: {@link #listen} publishes the address, {@link #join}
 * connects to the next rank on the ring. Thread-safety: {@link #close} may be called from any thread.
 */
public final class LivenessRing implements AutoCloseable
{
    private static final String ADDRESS_KEY = "openmpj-ring-";
    private static final String KEY_KEY = "openmpj-ring-key";

    private final DeviceContext context;
    private final ServerSocketChannel listener;
    private final long connectTimeoutMs;
    private final long silenceLimitMs;
    private JobWatch watch;
    private Acceptor acceptor;

    private LivenessRing(final DeviceContext context, final ServerSocketChannel listener, final long connectTimeoutMs,
        final long silenceLimitMs)
    {
        this.context = context;
        this.listener = listener;
        this.connectTimeoutMs = connectTimeoutMs;
        this.silenceLimitMs = silenceLimitMs;
    }

    /** The first step, before the job's fence: listens on the tcp device's interface and publishes the address. */
    public static LivenessRing listen(final DeviceContext context)
    {
        final long connectTimeoutMs = DeviceSettings.wholeNumber(context, TcpDeviceProvider.CONNECT_TIMEOUT_PROP_NAME,
            TcpDeviceProvider.CONNECT_TIMEOUT_DEFAULT);
        final long silenceLimitMs = DeviceSettings.wholeNumber(context, DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME,
            DeviceSettings.LIVENESS_TIMEOUT_DEFAULT);
        try
        {
            return new LivenessRing(context, TcpEndpoint.listenAndPublish(context, TcpInterfaces.chosen(context), 0, ADDRESS_KEY, KEY_KEY),
                connectTimeoutMs, silenceLimitMs);
        }
        catch (final IOException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "rank " + context.rank() + " cannot listen for its liveness ring: " + ex.getMessage());
        }
    }

    /**
     * The second step, after the job's fence: watches {@code next}, which watches this rank in turn, and the rank whose
     * {@code next} this rank is. Every rank that joins must be some joining rank's {@code next}.
     */
    public synchronized void join(final int next)
    {
        final int rank = context.rank();
        final KeyValueStore store = context.keyValueStore();
        try
        {
            final byte[] key = HexFormat.of().parseHex(TcpEndpoint.required(store, KEY_KEY));
            watch = new JobWatch(rank, context.job(), silenceLimitMs);
            acceptor = new Acceptor(listener, rank, context.size(), key, connectTimeoutMs, this::admit,
                cause -> context.job().reportFailure(rank, "rank " + rank + " stopped accepting liveness connections: " + cause));
            acceptor.start();
            watch.start();
            final InetSocketAddress at = TcpEndpoint.parse(next, TcpEndpoint.required(store, ADDRESS_KEY + next));
            final SocketChannel channel = new Dialer(rank, key, connectTimeoutMs, ignored -> { }, context.job()::checkAlive)
                .dial(at, next, HandshakeDescriptor.PURPOSE_WATCH);
            if (channel != null)
            {
                watch.add(channel, next);
            }
        }
        catch (final IOException ex)
        {
            context.job().reportFailure(next, "rank " + rank + " cannot connect its liveness ring to rank " + next + ": " + ex.getMessage());
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "rank " + rank + " cannot connect its liveness ring to rank " + next + ": "
                + ex.getMessage());
        }
    }

    private void admit(final SocketChannel channel, final int peer, final short purpose) throws IOException
    {
        if (purpose != HandshakeDescriptor.PURPOSE_WATCH || peer == context.rank())
        {
            channel.close();
            return;
        }
        channel.write(ByteBuffer.wrap(new byte[] {HandshakeDescriptor.ACCEPT}));
        watch.add(channel, peer);
    }

    /**
     * Tells the neighbours, and through them every rank on the ring, why this rank's process is about to end in failure;
     * nothing before {@link #join}.
     */
    public synchronized void announceFailure(final String report)
    {
        if (watch != null)
        {
            watch.failed(context.rank(), report);
        }
    }

    /** Says goodbye to the neighbours, which then take this rank's end for an orderly one, and closes everything. */
    @Override
    public synchronized void close()
    {
        // The acceptor first: a neighbour's connection it admitted after the watch had closed would find no one to take it.
        if (acceptor != null)
        {
            acceptor.close();
        }
        Acceptor.closeQuietly(listener);
        if (watch != null)
        {
            watch.close();
        }
    }
}
