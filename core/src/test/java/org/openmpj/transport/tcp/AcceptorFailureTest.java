package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An acceptor that stops for any reason but its close says why, so that the job fails naming the cause instead of
 * its peers timing out one by one against a listener nobody answers.
 */
@Timeout(30)
class AcceptorFailureTest
{
    private static final long HANDSHAKE_TIMEOUT_MS = 10_000;
    private static final byte[] KEY = "a job key of sixteen or more bytes".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Test
    void anAdmissionThatThrowsIsReportedAsTheAcceptorsFailure() throws Exception
    {
        final IllegalStateException boom = new IllegalStateException("no room for another connection");
        final CompletableFuture<Exception> failure = new CompletableFuture<>();
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final Acceptor acceptor = new Acceptor(listener, 0, 2, KEY, HANDSHAKE_TIMEOUT_MS, (channel, peer, purpose) ->
            {
                throw boom;
            }, failure::complete);
            acceptor.start();
            try (Socket peer = new Socket())
            {
                peer.connect(listener.getLocalAddress(), 2000);
                proveMembership(peer, 1);
                assertSame(boom, failure.get(10, TimeUnit.SECONDS));
            }
            finally
            {
                acceptor.close();
            }
        }
    }

    @Test
    void closingIsNoFailure() throws Exception
    {
        final CompletableFuture<Exception> failure = new CompletableFuture<>();
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final Acceptor acceptor = new Acceptor(listener, 0, 2, KEY, HANDSHAKE_TIMEOUT_MS, (channel, peer, purpose) -> channel.close(),
                failure::complete);
            acceptor.start();
            acceptor.close();
            // The acceptor's loop wakes at least every 500 ms; give it two turns to notice the close.
            Thread.sleep(1_200);
            assertFalse(failure.isDone(), () -> "a closed acceptor reported " + failure.join());
        }
    }

    /** Reads the listener's hello and answers it with a valid proof from {@code rank}. */
    private static void proveMembership(final Socket peer, final int rank) throws Exception
    {
        final InputStream in = peer.getInputStream();
        final ByteBuffer hello = ByteBuffer.wrap(in.readNBytes(HandshakeDescriptor.HELLO_BYTES)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(HandshakeDescriptor.HELLO_BYTES, hello.remaining(), "the listener says hello first");
        final ByteBuffer proof = HandshakeDescriptor.proof(KEY, hello, rank, HandshakeDescriptor.PURPOSE_DATA);
        peer.getOutputStream().write(proof.array(), proof.arrayOffset(), proof.remaining());
    }
}
