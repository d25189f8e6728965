package org.openmpj.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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

    /** How long the echoing process may take to start and connect. */
    private static final long CONNECT_TIMEOUT_MILLIS = 60_000;
    private static final long ACCEPT_POLL_MILLIS = 10;
    private static final long FOLLOWER_EXIT_SECONDS = 30;

    private SocketFloor()
    {
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        final SocketFloorOptions options;
        try
        {
            options = SocketFloorOptions.parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.print(SocketFloorOptions.USAGE);
            throw ex;
        }
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
            follower = new ProcessBuilder(followerCommand(options, port)).inheritIO().start();
            accepted = accept(listener, follower);
        }
        try (BusyPollChannel channel = new BusyPollChannel(accepted, options.bench().maxBytes(), (byte)1))
        {
            new PingPongBenchmark(IMPL, options.bench(), new SocketLeader(channel), System.out).run();
        }
        if (!follower.waitFor(FOLLOWER_EXIT_SECONDS, TimeUnit.SECONDS))
        {
            follower.destroyForcibly();
            throw new IOException("the echoing process did not end within " + FOLLOWER_EXIT_SECONDS + " s of the last batch");
        }
        if (follower.exitValue() != 0)
        {
            throw new IOException("the echoing process exited with " + follower.exitValue());
        }
    }

    private static void follow(final SocketFloorOptions options) throws IOException
    {
        final SocketChannel socket = SocketChannel.open();
        BusyPollChannel.configure(socket, options.socketBufferBytes());
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), options.connectPort()));
        try (BusyPollChannel channel = new BusyPollChannel(socket, options.bench().maxBytes(), (byte)2))
        {
            new SocketFollower(channel).run();
        }
    }

    /** @return this JVM again, with its options and class path, pinned to the peer CPU when one is given. */
    private static List<String> followerCommand(final SocketFloorOptions options, final int port)
    {
        final List<String> command = new ArrayList<>();
        if (options.peerCpu() >= 0)
        {
            command.addAll(List.of("taskset", "-c", Integer.toString(options.peerCpu())));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SocketFloor.class.getName()));
        command.addAll(options.followerArgs(port));
        return command;
    }

    /** Waits for the echoing process to connect; gives up when it ends first or takes too long. */
    private static SocketChannel accept(final ServerSocketChannel listener, final Process follower)
        throws IOException, InterruptedException
    {
        listener.configureBlocking(false);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CONNECT_TIMEOUT_MILLIS);
        while (true)
        {
            final SocketChannel accepted = listener.accept();
            if (accepted != null)
            {
                return accepted;
            }
            if (!follower.isAlive())
            {
                throw new IOException("the echoing process exited with " + follower.exitValue() + " before it connected");
            }
            if (System.nanoTime() > deadline)
            {
                follower.destroyForcibly();
                throw new IOException("the echoing process did not connect within " + CONNECT_TIMEOUT_MILLIS + " ms");
            }
            Thread.sleep(ACCEPT_POLL_MILLIS);
        }
    }
}
