package org.openmpj.bench.cache;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.LongAdder;

import org.openmpj.cache.CacheException;
import org.openmpj.cache.Source;
import org.openmpj.cache.SourceFile;

/**
 * A {@link Source} over a {@link StoreServer}: the benchmark's shared file system, read by cache servers and direct
 * readers alike. Connections are pooled; each carries one request at a time. Thread-safe.
 */
public final class StoreSource implements Source
{
    private final InetSocketAddress address;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private final LongAdder bytesRead = new LongAdder();

    public StoreSource(final InetSocketAddress address)
    {
        this.address = address;
    }

    /** @return {@code host:port} as an address. */
    public static InetSocketAddress parse(final String hostAndPort)
    {
        final int colon = hostAndPort.lastIndexOf(':');
        return new InetSocketAddress(hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
    }

    /** @return the bytes read through this source so far. */
    public long bytesRead()
    {
        return bytesRead.sum();
    }

    @Override
    public long sizeOf(final String path) throws IOException
    {
        final Connection connection = take();
        try
        {
            final long size = connection.read(path, 0, ByteBuffer.allocate(0));
            give(connection);
            return size;
        }
        catch (final IOException ex)
        {
            connection.close();
            throw ex;
        }
    }

    @Override
    public SourceFile open(final String path) throws IOException
    {
        final long size = sizeOf(path);
        if (size < 0)
        {
            throw new CacheException(CacheException.Reason.NOT_FOUND, "'" + path + "' is not in the store at " + address);
        }
        return new SourceFile()
        {
            @Override
            public long size()
            {
                return size;
            }

            @Override
            public int read(final long position, final ByteBuffer destination) throws IOException
            {
                int total = 0;
                while (destination.hasRemaining() && position + total < size)
                {
                    final Connection connection = take();
                    try
                    {
                        final int before = destination.position();
                        final ByteBuffer slice = destination.slice().limit(Math.min(destination.remaining(), StoreServer.MAX_READ_BYTES));
                        connection.read(path, position + total, slice);
                        destination.position(before + slice.position());
                        total += slice.position();
                        bytesRead.add(slice.position());
                        give(connection);
                        if (slice.position() == 0)
                        {
                            break;
                        }
                    }
                    catch (final IOException ex)
                    {
                        connection.close();
                        throw ex;
                    }
                }
                return total;
            }

            @Override
            public void close()
            {
            }
        };
    }

    @Override
    public String description()
    {
        return "store " + address.getHostString() + ":" + address.getPort();
    }

    @Override
    public void close()
    {
        synchronized (idle)
        {
            idle.forEach(Connection::close);
            idle.clear();
        }
    }

    private Connection take() throws IOException
    {
        synchronized (idle)
        {
            if (!idle.isEmpty())
            {
                return idle.pop();
            }
        }
        return new Connection(address);
    }

    private void give(final Connection connection)
    {
        synchronized (idle)
        {
            idle.push(connection);
        }
    }

    /** One connection to the store. */
    private static final class Connection
    {
        private final Socket socket;
        private final DataInputStream in;
        private final DataOutputStream out;
        private final byte[] staging = new byte[1 << 20];

        Connection(final InetSocketAddress address) throws IOException
        {
            socket = new Socket();
            socket.connect(address, 10_000);
            socket.setTcpNoDelay(true);
            in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream(), 1 << 16));
            out = new DataOutputStream(socket.getOutputStream());
        }

        /** @return the file's size; reads up to {@code destination.remaining()} bytes at {@code position} into it. */
        long read(final String path, final long position, final ByteBuffer destination) throws IOException
        {
            final byte[] name = path.getBytes(StandardCharsets.UTF_8);
            out.writeInt(name.length);
            out.write(name);
            out.writeLong(position);
            out.writeInt(destination.remaining());
            out.flush();
            final long size = in.readLong();
            if (size < 0)
            {
                return size;
            }
            int left = (int) Math.max(0, Math.min(destination.remaining(), size - position));
            while (left > 0)
            {
                final int chunk = Math.min(left, staging.length);
                in.readFully(staging, 0, chunk);
                destination.put(staging, 0, chunk);
                left -= chunk;
            }
            return size;
        }

        void close()
        {
            try
            {
                socket.close();
            }
            catch (final IOException ex)
            {
                // Closing a connection we no longer use.
            }
        }
    }
}
