package org.openmpj.bench.cache;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared file system of the cache benchmark: a directory served over TCP from a host of its own, whose link the
 * benchmark limits (e.g. to 100 MB/s with {@code tc}), so that every reader — cache servers and direct readers alike —
 * shares that one link as the nodes of a cluster share a parallel file system. A connection carries requests one at a
 * time:
 *
 * <pre>
 *   request:  path length (int), path (UTF-8), position (long), length (int)
 *   response: file size (long, -1 when absent), then min(length, size - position) bytes
 * </pre>
 *
 * Big-endian. {@code java -cp openmpj-bench.jar org.openmpj.bench.cache.StoreServer DIR ADDRESS PORT} serves until
 * killed, printing the bytes served every ten seconds.
 */
public final class StoreServer
{
    /** The largest read one request may ask for. */
    static final int MAX_READ_BYTES = 8 << 20;
    private static final int PIECE_BYTES = 256 << 10;

    private final Path root;
    private final AtomicLong bytesServed = new AtomicLong();

    private StoreServer(final Path root)
    {
        this.root = root;
    }

    public static void main(final String[] args) throws IOException
    {
        final StoreServer server = new StoreServer(Path.of(args[0]).toRealPath());
        try (ServerSocket listener = new ServerSocket())
        {
            listener.bind(new InetSocketAddress(InetAddress.getByName(args[1]), Integer.parseInt(args[2])), 256);
            System.out.println("store serving " + server.root + " on " + listener.getLocalSocketAddress());
            final Thread reporter = new Thread(() -> server.report(), "store-report");
            reporter.setDaemon(true);
            reporter.start();
            while (true)
            {
                final Socket connection = listener.accept();
                final Thread worker = new Thread(() -> server.serve(connection), "store-" + connection.getRemoteSocketAddress());
                worker.setDaemon(true);
                worker.start();
            }
        }
    }

    private void serve(final Socket connection)
    {
        try (connection;
            DataInputStream in = new DataInputStream(connection.getInputStream());
            DataOutputStream out = new DataOutputStream(connection.getOutputStream()))
        {
            connection.setTcpNoDelay(true);
            // A range goes out in pieces through one small buffer: a hundred readers at once must fit the store's heap.
            final byte[] buffer = new byte[PIECE_BYTES];
            while (true)
            {
                final byte[] name = new byte[in.readInt()];
                in.readFully(name);
                final long position = in.readLong();
                final int length = Math.min(in.readInt(), MAX_READ_BYTES);
                final Path file = root.resolve(new String(name, java.nio.charset.StandardCharsets.UTF_8)).normalize();
                if (!file.startsWith(root) || !Files.isRegularFile(file))
                {
                    out.writeLong(-1);
                    out.flush();
                    continue;
                }
                try (FileChannel channel = FileChannel.open(file))
                {
                    final long size = channel.size();
                    final int count = (int) Math.max(0, Math.min(length, size - position));
                    out.writeLong(size);
                    for (int sent = 0; sent < count; )
                    {
                        final ByteBuffer piece = ByteBuffer.wrap(buffer, 0, Math.min(PIECE_BYTES, count - sent));
                        while (piece.hasRemaining())
                        {
                            if (channel.read(piece, position + sent + piece.position()) < 0)
                            {
                                throw new IOException(file + " ended while it was read");
                            }
                        }
                        out.write(buffer, 0, piece.position());
                        sent += piece.position();
                        bytesServed.addAndGet(piece.position());
                    }
                    out.flush();
                }
                catch (final NoSuchFileException ex)
                {
                    out.writeLong(-1);
                    out.flush();
                }
            }
        }
        catch (final EOFException ex)
        {
            // The reader closed its connection.
        }
        catch (final IOException ex)
        {
            System.err.println("store: connection " + connection.getRemoteSocketAddress() + " failed: " + ex);
        }
    }

    private void report()
    {
        long last = -1;
        while (true)
        {
            try
            {
                Thread.sleep(10_000);
            }
            catch (final InterruptedException ex)
            {
                return;
            }
            final long now = bytesServed.get();
            if (now != last)
            {
                System.out.println("store served " + now + " bytes");
                last = now;
            }
        }
    }
}
