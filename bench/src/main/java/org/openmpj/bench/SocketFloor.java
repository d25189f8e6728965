package org.openmpj.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The Java floor for {@link PingPong} across processes: two JVMs, no OpenMPJ, ping-ponging messages over a
 * loopback TCP connection with {@code TCP_NODELAY}, each side a non-blocking {@code SocketChannel} that
 * busy-polls its reads and writes on direct buffers. Same sizes, schedule and output as {@link PingPong}.
 * The leading process listens, starts the echoing one (the same JVM and class path, pinned with
 * {@code taskset -c} to {@code --peer-cpu}), leads and prints; pin the leader to another core.
 *
 * <pre>
 * taskset -c 0 java -cp bench/target/openmpj-bench.jar org.openmpj.bench.SocketFloor --peer-cpu 1 [--socket-buffer-bytes N]
 *     [--max-bytes N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class SocketFloor
{
    /** The name on the result lines. */
    public static final String IMPL = "java-socket-floor";

    private SocketFloor()
    {
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        final SocketFloorOptions options = SocketFloorOptions.parseFor(SocketFloor.class, args);
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
        final SocketChannel accepted;
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            BusyPollChannel.configure(listener, options.socketBufferBytes());
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            final int port = ((InetSocketAddress)listener.getLocalAddress()).getPort();
            follower = new ProcessBuilder(PeerProcess.command(options.peerCpu(), SocketFloor.class, options.followerArgs(port)))
                .inheritIO().start();
            accepted = PeerProcess.accept(listener, follower);
        }
        try (BusyPollChannel channel = new BusyPollChannel(accepted, options.bench().maxBytes(), (byte)1))
        {
            new PingPongBenchmark(IMPL, options.bench(), new FloorLeader(channel), System.out).run();
        }
        PeerProcess.awaitExit(follower);
    }

    private static void follow(final SocketFloorOptions options) throws IOException
    {
        final SocketChannel socket = SocketChannel.open();
        BusyPollChannel.configure(socket, options.socketBufferBytes());
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), options.connectPort()));
        try (BusyPollChannel channel = new BusyPollChannel(socket, options.bench().maxBytes(), (byte)2))
        {
            new FloorFollower(channel).run();
        }
    }
}
