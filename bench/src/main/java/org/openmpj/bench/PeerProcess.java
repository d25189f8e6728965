package org.openmpj.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The echoing process of a two-JVM floor: started by the leading JVM as itself again (same JVM options and class path),
 * pinned to a CPU of its own, connected back over loopback, and waited for at the end.
 */
final class PeerProcess
{
    /** How long the echoing process may take to start and connect. */
    private static final long CONNECT_TIMEOUT_MILLIS = 60_000;
    private static final long ACCEPT_POLL_MILLIS = 10;
    private static final long EXIT_SECONDS = 30;

    private PeerProcess()
    {
    }

    /** @return this JVM again running {@code mainClass} with {@code args}, pinned to {@code cpu} when it is not negative. */
    static List<String> command(final int cpu, final Class<?> mainClass, final List<String> args)
    {
        final List<String> command = new ArrayList<>();
        if (cpu >= 0)
        {
            command.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(args);
        return command;
    }

    /** Waits for the echoing process to connect; gives up when it ends first or takes too long. */
    static SocketChannel accept(final ServerSocketChannel listener, final Process follower) throws IOException, InterruptedException
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

    /** Waits for the echoing process to end after the last batch, and requires a clean exit. */
    static void awaitExit(final Process follower) throws IOException, InterruptedException
    {
        if (!follower.waitFor(EXIT_SECONDS, TimeUnit.SECONDS))
        {
            follower.destroyForcibly();
            throw new IOException("the echoing process did not end within " + EXIT_SECONDS + " s of the last batch");
        }
        if (follower.exitValue() != 0)
        {
            throw new IOException("the echoing process exited with " + follower.exitValue());
        }
    }
}
