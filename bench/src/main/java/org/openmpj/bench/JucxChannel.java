package org.openmpj.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpEndpointParams;
import org.openucx.jucx.ucp.UcpParams;
import org.openucx.jucx.ucp.UcpRequest;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;

/**
 * One side of the raw JUCX floor: a UCX context, worker and endpoint used as a user of UCX's Java binding would for a
 * ping-pong, tagged messages from and into direct buffers, each request waited for by progressing the worker. The
 * measured messages, the commands and the replies travel under tags of their own. Not thread-safe.
 */
final class JucxChannel implements FloorChannel, AutoCloseable
{
    private static final long DATA_TAG = 1;
    private static final long COMMAND_TAG = 2;
    private static final long REPLY_TAG = 3;
    private static final long WHOLE_TAG = -1L;
    private static final int COMMAND_BYTES = FollowerTemplate.COMMAND_LENGTH * Long.BYTES;

    private final UcpContext context = new UcpContext(new UcpParams().requestTagFeature());
    private final UcpWorker worker = context.newWorker(new UcpWorkerParams());
    private final ByteBuffer sent;
    private final ByteBuffer received;
    private final long sentAddress;
    private final long receivedAddress;
    private final ByteBuffer control = ByteBuffer.allocateDirect(COMMAND_BYTES).order(ByteOrder.nativeOrder());
    private final long controlAddress = UcxUtils.getAddress(control);
    private UcpEndpoint endpoint;

    /**
     * @param maxBytes the largest message.
     * @param fill     the byte every message is filled with.
     */
    JucxChannel(final int maxBytes, final byte fill)
    {
        sent = ByteBuffer.allocateDirect(Math.max(1, maxBytes));
        received = ByteBuffer.allocateDirect(Math.max(1, maxBytes));
        while (sent.hasRemaining())
        {
            sent.put(fill);
        }
        sentAddress = UcxUtils.getAddress(sent);
        receivedAddress = UcxUtils.getAddress(received);
    }

    /** @return this side's worker address, for the peer to connect to. */
    byte[] address()
    {
        final ByteBuffer address = worker.getAddress();
        final byte[] bytes = new byte[address.remaining()];
        address.get(bytes);
        return bytes;
    }

    /** Connects to the peer's worker at {@code address}. */
    void connect(final byte[] address)
    {
        final ByteBuffer remote = ByteBuffer.allocateDirect(address.length);
        remote.put(address).flip();
        endpoint = worker.newEndpoint(new UcpEndpointParams().setUcpAddress(remote));
    }

    /** Sends {@code bytes} to the peer and waits for its echo, the receive posted first. */
    @Override
    public void roundTrip(final int bytes)
    {
        final UcpRequest echo = worker.recvTaggedNonBlocking(receivedAddress, bytes, DATA_TAG, WHOLE_TAG, null);
        await(endpoint.sendTaggedNonBlocking(sentAddress, bytes, DATA_TAG, null));
        await(echo);
    }

    /** Receives a message of {@code bytes} and sends it back. */
    @Override
    public void echo(final int bytes)
    {
        await(worker.recvTaggedNonBlocking(receivedAddress, bytes, DATA_TAG, WHOLE_TAG, null));
        await(endpoint.sendTaggedNonBlocking(receivedAddress, bytes, DATA_TAG, null));
    }

    @Override
    public void sendCommand(final int op, final int bytes, final int iterations)
    {
        control.putLong(0, op).putLong(Long.BYTES, bytes).putLong(2 * Long.BYTES, iterations);
        await(endpoint.sendTaggedNonBlocking(controlAddress, COMMAND_BYTES, COMMAND_TAG, null));
    }

    @Override
    public void receiveCommand(final long[] command)
    {
        await(worker.recvTaggedNonBlocking(controlAddress, COMMAND_BYTES, COMMAND_TAG, WHOLE_TAG, null));
        for (int i = 0; i < command.length; i++)
        {
            command[i] = control.getLong(i * Long.BYTES);
        }
    }

    @Override
    public void sendReply(final long value)
    {
        control.putLong(0, value);
        await(endpoint.sendTaggedNonBlocking(controlAddress, Long.BYTES, REPLY_TAG, null));
    }

    @Override
    public long receiveReply()
    {
        await(worker.recvTaggedNonBlocking(controlAddress, Long.BYTES, REPLY_TAG, WHOLE_TAG, null));
        return control.getLong(0);
    }

    private void await(final UcpRequest request)
    {
        try
        {
            while (!request.isCompleted())
            {
                worker.progress();
            }
        }
        catch (final Exception ex)
        {
            throw new UncheckedIOException(new IOException("UCX failed while progressing: " + ex, ex));
        }
    }

    @Override
    public void close()
    {
        if (endpoint != null)
        {
            endpoint.close();
        }
        worker.close();
        context.close();
    }
}
