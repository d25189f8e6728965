package org.openmpj.transport.tcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.security.SecureRandom;
import java.util.HexFormat;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.assembly.Link;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.KeyValueStore;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;

/**
 * One rank's end of the job's TCP connections, opened in two steps around the job's fence: {@link #listen} binds the
 * listening socket and publishes its address (rank 0 also the job key); after the fence, {@link #connect} reads every
 * rank's address and makes the transport, which connects to a peer on first use.
 *
 * <p>Thread-safety: used by the one thread that opens the rank's device.
 */
final class TcpEndpoint implements Link
{
    private static final String ADDRESS_KEY = "openmpj-tcp-";
    private static final String JOB_KEY = "openmpj-job-key";

    private final TcpSettings settings;
    private final DeviceContext context;
    private final MatchingDevice device;
    private final ServerSocketChannel listener;
    private TcpTransport transport;

    private TcpEndpoint(final TcpSettings settings, final MatchingDevice device, final ServerSocketChannel listener)
    {
        this.settings = settings;
        this.context = settings.context();
        this.device = device;
        this.listener = listener;
    }

    /** The first step, before the job's fence: listens on the chosen interface and publishes the address. */
    static TcpEndpoint listen(final TcpSettings settings, final MatchingDevice device)
    {
        final DeviceContext context = settings.context();
        final int rank = context.rank();
        final NativeIoSettings nativeIo = settings.nativeIo();
        final InetAddress bindAddress = settings.bindAddress();
        if (rank == 0 && context.verbose())
        {
            context.report(nativeIo.describeCongestion());
        }
        if (nativeIo.enabled())
        {
            // Alongside the exchange of addresses, which waits for the other ranks anyway.
            Thread.ofPlatform().daemon().name("openmpj-native-io-setup").start(NativeSocket::prepare);
        }
        final ServerSocketChannel listener;
        try
        {
            listener = listenAndPublish(context, bindAddress, settings.socketBufferBytes(), ADDRESS_KEY, JOB_KEY);
        }
        catch (final IOException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "tcp: rank " + rank + " cannot listen on " + bindAddress + ": "
                + ex.getMessage() + "; choose another interface with -D" + TcpDeviceProvider.INTERFACE_PROP_NAME + "=NAME");
        }
        try
        {
            return new TcpEndpoint(settings, device, listener);
        }
        catch (final RuntimeException ex)
        {
            Acceptor.closeQuietly(listener);
            throw ex;
        }
    }

    /**
     * Listens on {@code bindAddress} (socket buffers of {@code socketBuffer} bytes, 0 for the kernel's) and publishes the
     * address as {@code addressKey} and the rank, and on rank 0 a new random key for the job's handshakes as {@code keyKey}.
     *
     * @return the bound listener; on a failure it is closed.
     */
    static ServerSocketChannel listenAndPublish(final DeviceContext context, final InetAddress bindAddress, final int socketBuffer,
        final String addressKey, final String keyKey) throws IOException
    {
        final ServerSocketChannel listener = ServerSocketChannel.open();
        try
        {
            TcpTransport.setBuffers(listener, socketBuffer);
            listener.bind(new InetSocketAddress(bindAddress, 0), Math.max(context.size(), 64));
            final KeyValueStore store = context.keyValueStore();
            final InetSocketAddress bound = (InetSocketAddress)listener.getLocalAddress();
            store.put(addressKey + context.rank(), bound.getAddress().getHostAddress() + ":" + bound.getPort());
            if (context.rank() == 0)
            {
                final byte[] key = new byte[32];
                new SecureRandom().nextBytes(key);
                store.put(keyKey, HexFormat.of().formatHex(key));
            }
            return listener;
        }
        catch (final IOException | RuntimeException ex)
        {
            Acceptor.closeQuietly(listener);
            throw ex;
        }
    }

    /** The second step, after the job's fence: the route from this rank to the others over TCP, under the device's matcher. */
    @Override
    public Transport connect()
    {
        final int size = context.size();
        try
        {
            final KeyValueStore store = context.keyValueStore();
            final byte[] key = HexFormat.of().parseHex(required(store, JOB_KEY));
            final InetSocketAddress[] addresses = new InetSocketAddress[size];
            for (int peer = 0; peer < size; peer++)
            {
                addresses[peer] = parse(peer, required(store, ADDRESS_KEY + peer));
            }
            transport = new TcpTransport(device, listener, addresses, key, context.job(), settings.eagerLimitBytes(),
                settings.windowBytes(), settings.connectTimeoutMs(), settings.livenessTimeoutMs(), settings.socketBufferBytes(),
                settings.nativeIo());
            return transport;
        }
        catch (final IOException ex)
        {
            Acceptor.closeQuietly(listener);
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "tcp: rank " + context.rank() + " cannot set up its connections: " + ex.getMessage());
        }
        catch (final RuntimeException ex)
        {
            Acceptor.closeQuietly(listener);
            throw ex;
        }
    }

    /**
     * Joins the job's liveness ring: keeps a watch connection to {@code watched}, which learns of this process's death
     * through it as this process learns of its own; every process must be watched by some rank for the ring to see every
     * death.
     */
    @Override
    public void start(final int watched)
    {
        if (watched != NO_WATCH)
        {
            transport.watchRank(watched);
        }
    }

    /** Closes the listening socket of an endpoint that will not be connected, because opening the device failed. */
    @Override
    public void abandon()
    {
        Acceptor.closeQuietly(listener);
    }

    /** @return the value of {@code key}; an error when the store has none, as when ranks of other jobs or devices met. */
    static String required(final KeyValueStore store, final String key)
    {
        final String value = store.get(key);
        if (value == null)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "tcp: the job's key-value store has no " + key
                + "; was every rank started with the same launcher and device?");
        }
        return value;
    }

    /** @return the {@code ip:port} {@code peer} published. */
    static InetSocketAddress parse(final int peer, final String text)
    {
        final int colon = text.lastIndexOf(':');
        try
        {
            return new InetSocketAddress(InetAddress.getByName(text.substring(0, colon)), Integer.parseInt(text.substring(colon + 1)));
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "tcp: rank " + peer + " published address '" + text
                + "', which is not ip:port");
        }
    }
}
