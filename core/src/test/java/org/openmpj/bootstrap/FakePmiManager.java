package org.openmpj.bootstrap;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;

/**
 * A process manager for tests that speaks the server side of PMI-1 as Hydra does: initack (for PMI_PORT),
 * init, get_maxes, get_my_kvsname, put, barrier_in, get, finalize. Ranks follow the {@code pmiid} values 0, 1, …
 * Values may be at most {@code valueMax} characters.
 */
final class FakePmiManager implements AutoCloseable
{
    static final String KVS = "kvs_42_0";

    private final int size;
    private final int valueMax;
    private final Map<String, String> pairs = new ConcurrentHashMap<>();
    private final CyclicBarrier barrier;
    /** The acceptor first, then a thread per connection, which the acceptor may add while {@link #close} runs. */
    private final List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile String refusedKey;
    private ServerSocket server;

    FakePmiManager(final int size, final int valueMax)
    {
        this.size = size;
        this.valueMax = valueMax;
        this.barrier = new CyclicBarrier(size);
    }

    /** Makes every put of {@code key} fail with rc=1. */
    void refusePutOf(final String key)
    {
        refusedKey = key;
    }

    /** @return the port of a TCP listener serving {@code size} connections, each on a thread of its own. */
    int listen() throws IOException
    {
        server = new ServerSocket(0, size, java.net.InetAddress.getLoopbackAddress());
        final Thread acceptor = new Thread(() ->
        {
            try
            {
                for (int i = 0; i < size; i++)
                {
                    final Socket socket = server.accept();
                    serve(new SocketChannelEnd(socket));
                }
            }
            catch (final IOException ex)
            {
                // Closed by close().
            }
        }, "fake-pmi-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        threads.add(acceptor);
        return server.getLocalPort();
    }

    /** Serves one connection on a thread of its own. */
    void serve(final PmiChannel channel)
    {
        final Thread thread = new Thread(() -> converse(channel), "fake-pmi-" + threads.size());
        thread.setDaemon(true);
        thread.start();
        threads.add(thread);
    }

    List<Throwable> failures()
    {
        return failures;
    }

    @Override
    public void close() throws IOException
    {
        if (server != null)
        {
            server.close();
        }
        // By index, so that a connection's thread the acceptor adds meanwhile is ended too.
        for (int i = 0; i < threads.size(); i++)
        {
            final Thread thread = threads.get(i);
            thread.interrupt();
            try
            {
                thread.join(5_000);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void converse(final PmiChannel channel)
    {
        try (channel)
        {
            while (true)
            {
                final PmiLine line = PmiLine.parse(channel.readLine());
                switch (line.cmd())
                {
                    case "initack" ->
                    {
                        channel.write("cmd=initack\n");
                        channel.write("cmd=set size=" + size + "\n");
                        channel.write("cmd=set rank=" + line.get("pmiid") + "\n");
                        channel.write("cmd=set debug=0\n");
                    }
                    case "init" -> channel.write("cmd=response_to_init pmi_version=1 pmi_subversion=1 rc=0\n");
                    case "get_maxes" -> channel.write("cmd=maxes kvsname_max=256 keylen_max=64 vallen_max=" + valueMax + "\n");
                    case "get_my_kvsname" -> channel.write("cmd=my_kvsname kvsname=" + KVS + "\n");
                    case "put" -> put(channel, line);
                    case "barrier_in" ->
                    {
                        barrier.await();
                        channel.write("cmd=barrier_out\n");
                    }
                    case "get" ->
                    {
                        final String value = pairs.get(line.get("key"));
                        channel.write(value == null ? "cmd=get_result rc=-1 msg=key_" + line.get("key") + "_not_found\n"
                            : "cmd=get_result rc=0 msg=success value=" + value + "\n");
                    }
                    case "finalize" ->
                    {
                        channel.write("cmd=finalize_ack\n");
                        return;
                    }
                    default -> throw new IllegalStateException("unknown command " + line);
                }
            }
        }
        catch (final java.io.EOFException | InterruptedException ex)
        {
            // The client went away, or the test ended.
        }
        catch (final Exception ex)
        {
            failures.add(ex);
        }
    }

    private void put(final PmiChannel channel, final PmiLine line) throws IOException
    {
        final String value = line.get("value");
        if (line.get("key").equals(refusedKey) || value.length() > valueMax || !KVS.equals(line.get("kvsname")))
        {
            channel.write("cmd=put_result rc=1 msg=refused\n");
            return;
        }
        pairs.put(line.get("key"), value);
        channel.write("cmd=put_result rc=0 msg=success\n");
    }

    /** The manager's end of a TCP connection. */
    private static final class SocketChannelEnd implements PmiChannel
    {
        private final Socket socket;
        private final java.io.BufferedReader in;

        SocketChannelEnd(final Socket socket) throws IOException
        {
            this.socket = socket;
            this.in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII));
        }

        @Override
        public void write(final String line) throws IOException
        {
            socket.getOutputStream().write(line.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }

        @Override
        public String readLine() throws IOException
        {
            final String line = in.readLine();
            if (line == null)
            {
                throw new java.io.EOFException();
            }
            return line;
        }

        @Override
        public void close() throws IOException
        {
            socket.close();
        }
    }
}
