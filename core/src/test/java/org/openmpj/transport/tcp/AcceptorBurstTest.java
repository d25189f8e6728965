package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A large job's start: every peer connects at once and proves itself only later. The listener keeps every one of
 * them waiting (two per rank of the job) instead of dropping the oldest beyond a fixed bound.
 */
@Timeout(60)
class AcceptorBurstTest
{
    private static final byte[] KEY = "a job key of sixteen or more bytes".getBytes(StandardCharsets.US_ASCII);
    private static final int SIZE = 100;
    private static final int CONNECTIONS = 150;

    @Test
    void everyPeerOfABurstLargerThanTheMinimumBoundIsAdmitted() throws Exception
    {
        final AtomicInteger admitted = new AtomicInteger();
        final List<Socket> peers = new ArrayList<>();
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), CONNECTIONS);
            final Acceptor acceptor = new Acceptor(listener, 0, SIZE, KEY, 20_000, (channel, peer, purpose) ->
            {
                admitted.incrementAndGet();
                channel.close();
            }, failure -> { });
            acceptor.start();
            try
            {
                final List<ByteBuffer> hellos = new ArrayList<>();
                for (int i = 0; i < CONNECTIONS; i++)
                {
                    final Socket peer = new Socket();
                    peers.add(peer);
                    peer.connect(listener.getLocalAddress(), 5_000);
                    peer.setSoTimeout(10_000);
                    hellos.add(ByteBuffer.wrap(peer.getInputStream().readNBytes(HandshakeDescriptor.HELLO_BYTES))
                        .order(ByteOrder.LITTLE_ENDIAN));
                }
                // Only now, with all of them waiting at once, does each prove itself.
                for (int i = 0; i < CONNECTIONS; i++)
                {
                    final ByteBuffer proof = HandshakeDescriptor.proof(KEY, hellos.get(i), 1 + i % (SIZE - 1),
                        HandshakeDescriptor.PURPOSE_DATA);
                    peers.get(i).getOutputStream().write(proof.array(), proof.arrayOffset(), proof.remaining());
                }
                int closedByListener = 0;
                for (final Socket peer : peers)
                {
                    final InputStream in = peer.getInputStream();
                    if (in.read() < 0)
                    {
                        closedByListener++;
                    }
                }
                assertEquals(CONNECTIONS, closedByListener, "every connection ends once admitted");
                assertEquals(CONNECTIONS, admitted.get(), "connections admitted of " + CONNECTIONS + " that proved themselves");
            }
            finally
            {
                acceptor.close();
                for (final Socket peer : peers)
                {
                    peer.close();
                }
            }
        }
    }
}
