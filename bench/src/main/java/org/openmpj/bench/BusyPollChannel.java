package org.openmpj.bench;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SocketChannel;

/**
 * One side of the socket floor's connection: a non-blocking {@link SocketChannel} that every read and write
 * busy-polls until done, with a direct buffer for the measured messages and one for the small commands and
 * replies. The leader and the follower each own one; not thread-safe.
 */
final class BusyPollChannel implements FloorChannel, AutoCloseable
{
    private static final int COMMAND_BYTES = FollowerTemplate.COMMAND_LENGTH * Long.BYTES;

    private final SocketChannel channel;
    private final ByteBuffer data;
    private final ByteBuffer control = ByteBuffer.allocateDirect(COMMAND_BYTES);

    /**
     * @param channel  a connected channel with {@link #configure} applied; switched to non-blocking here.
     * @param maxBytes the largest message.
     * @param fill     the byte every message is filled with.
     */
    BusyPollChannel(final SocketChannel channel, final int maxBytes, final byte fill)
    {
        this.channel = channel;
        this.data = ByteBuffer.allocateDirect(maxBytes);
        while (data.hasRemaining())
        {
            data.put(fill);
        }
        try
        {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Sets the socket's send and receive buffers; on a listening channel before {@code bind}, on a connecting one
     * before {@code connect}, so that the TCP window is negotiated with them.
     *
     * @param bufferBytes the size of each buffer; 0 keeps the kernel's default and its autotuning.
     */
    static void configure(final NetworkChannel channel, final int bufferBytes) throws IOException
    {
        if (bufferBytes > 0)
        {
            channel.setOption(StandardSocketOptions.SO_RCVBUF, bufferBytes);
            if (channel instanceof SocketChannel)
            {
                channel.setOption(StandardSocketOptions.SO_SNDBUF, bufferBytes);
            }
        }
    }

    /** Writes the first {@code bytes} of the message buffer, then reads the echo into it. */
    @Override
    public void roundTrip(final int bytes)
    {
        data.clear().limit(bytes);
        write(data);
        data.clear().limit(bytes);
        read(data);
    }

    /** Reads a message of {@code bytes} into the message buffer and writes it back. */
    @Override
    public void echo(final int bytes)
    {
        data.clear().limit(bytes);
        read(data);
        data.clear().limit(bytes);
        write(data);
    }

    /** Writes a command of three numbers. */
    @Override
    public void sendCommand(final int op, final int bytes, final int iterations)
    {
        control.clear();
        control.putLong(op).putLong(bytes).putLong(iterations).flip();
        write(control);
    }

    /** Reads a command of three numbers into {@code command}. */
    @Override
    public void receiveCommand(final long[] command)
    {
        control.clear();
        read(control);
        control.flip();
        for (int i = 0; i < FollowerTemplate.COMMAND_LENGTH; i++)
        {
            command[i] = control.getLong();
        }
    }

    /** Writes a reply of one number. */
    @Override
    public void sendReply(final long value)
    {
        control.clear();
        control.putLong(value).flip();
        write(control);
    }

    /** @return the next reply's number. */
    @Override
    public long receiveReply()
    {
        control.clear().limit(Long.BYTES);
        read(control);
        return control.getLong(0);
    }

    @Override
    public void close() throws IOException
    {
        channel.close();
    }

    private void write(final ByteBuffer buffer)
    {
        try
        {
            while (buffer.hasRemaining())
            {
                if (channel.write(buffer) == 0)
                {
                    Thread.onSpinWait();
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private void read(final ByteBuffer buffer)
    {
        try
        {
            while (buffer.hasRemaining())
            {
                final int read = channel.read(buffer);
                if (read < 0)
                {
                    throw new EOFException("the peer closed the connection with " + buffer.remaining() + " bytes still to come");
                }
                if (read == 0)
                {
                    Thread.onSpinWait();
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
