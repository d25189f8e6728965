package org.openmpj.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The raw JUCX floor for {@link PingPong} between processes: two JVMs, no OpenMPJ, ping-ponging tagged messages from
 * and into direct buffers through UCX's Java binding (JUCX), over whatever UCX chooses ({@code UCX_TLS} narrows it).
 * What OpenMPJ's ucx device is held against. The leading process starts the echoing one (pinned with {@code taskset -c}
 * to {@code --peer-cpu}), the two swap worker addresses over a loopback socket, and the leader leads and prints; pin the
 * leader to another core. Run with {@code UCX_ERROR_SIGNALS=} in the environment: UCX's handlers of error signals would
 * take those the JVM needs.
 *
 * <pre>
 * UCX_ERROR_SIGNALS= UCX_TLS=sm,self taskset -c 0 java --enable-native-access=ALL-UNNAMED -cp bench/target/openmpj-bench.jar:JUCX_JAR \
 *     org.openmpj.bench.JucxFloor --peer-cpu 1 [--max-bytes N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class JucxFloor
{
    /** The name on the result lines. */
    public static final String IMPL = "jucx";

    private JucxFloor()
    {
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        final SocketFloorOptions options = SocketFloorOptions.parseFor(JucxFloor.class, args);
        if (options.leads())
        {
            lead(options);
        }
        else
        {
            follow(options);
        }
    }

    private static void lead(final SocketFloorOptions options) throws IOException, InterruptedException
    {
        final Process follower;
        try (ServerSocketChannel listener = ServerSocketChannel.open();
             JucxChannel channel = new JucxChannel(options.bench().maxBytes(), (byte)1))
        {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            final int port = ((InetSocketAddress)listener.getLocalAddress()).getPort();
            follower = new ProcessBuilder(PeerProcess.command(options.peerCpu(), JucxFloor.class, options.followerArgs(port)))
                .inheritIO().start();
            try (SocketChannel peer = PeerProcess.accept(listener, follower))
            {
                channel.connect(swap(peer, channel.address()));
            }
            new PingPongBenchmark(IMPL, options.bench(), new FloorLeader(channel), System.out).run();
        }
        PeerProcess.awaitExit(follower);
    }

    private static void follow(final SocketFloorOptions options) throws IOException
    {
        try (JucxChannel channel = new JucxChannel(options.bench().maxBytes(), (byte)2);
             SocketChannel peer = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), options.connectPort())))
        {
            channel.connect(swap(peer, channel.address()));
            new FloorFollower(channel).run();
        }
    }

    /** Sends this side's worker address over {@code peer} and reads the other side's. */
    private static byte[] swap(final SocketChannel peer, final byte[] own) throws IOException
    {
        peer.configureBlocking(true);
        final ByteBuffer out = ByteBuffer.allocate(Integer.BYTES + own.length).putInt(own.length).put(own).flip();
        while (out.hasRemaining())
        {
            peer.write(out);
        }
        final ByteBuffer length = ByteBuffer.allocate(Integer.BYTES);
        readFully(peer, length);
        final ByteBuffer address = ByteBuffer.allocate(length.flip().getInt());
        readFully(peer, address);
        return address.array();
    }

    private static void readFully(final SocketChannel peer, final ByteBuffer into) throws IOException
    {
        while (into.hasRemaining())
        {
            if (peer.read(into) < 0)
            {
                throw new IOException("the other process closed the connection before it sent its worker address");
            }
        }
    }
}
