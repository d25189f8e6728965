package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The dialing side of the handshake tries again when a loaded listener cuts an attempt, and gives up at the connect
 * timeout with a message that says what happened and what to change.
 */
@Timeout(30)
class DialerTest
{
    private static final byte[] KEY = "a job key of sixteen or more bytes".getBytes(StandardCharsets.US_ASCII);
    private static final int LISTENER_RANK = 1;
    private static final int DIALER_RANK = 0;
    private static final int SIZE = 2;

    private final ExecutorService listenerThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopListener()
    {
        listenerThread.shutdownNow();
    }

    @Test
    void aHandshakeCutByTheListenerIsTriedAgain() throws Exception
    {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            final int cuts = 2;
            final Future<Integer> admitted = listenerThread.submit(() ->
            {
                for (int i = 0; i < cuts; i++)
                {
                    listener.accept().close();
                }
                try (Socket dialed = listener.accept())
                {
                    return answer(dialed);
                }
            });
            final Dialer dialer = new Dialer(DIALER_RANK, KEY, 10_000, channel -> { }, () -> { });
            try (SocketChannel channel = dialer.dial(address(listener), LISTENER_RANK, HandshakeDescriptor.PURPOSE_DATA))
            {
                assertNotNull(channel, "the third attempt was accepted");
                assertEquals(DIALER_RANK, admitted.get(10, TimeUnit.SECONDS), "the listener verified the dialer's proof");
            }
        }
    }

    @Test
    void aListenerThatAlwaysCutsEndsTheDialAtTheConnectTimeout() throws Exception
    {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            cutEveryConnection(listener);
            final Dialer dialer = new Dialer(DIALER_RANK, KEY, 500, channel -> { }, () -> { });
            final long startNs = System.nanoTime();
            final IOException failure = assertThrows(IOException.class,
                () -> dialer.dial(address(listener), LISTENER_RANK, HandshakeDescriptor.PURPOSE_DATA));
            final long tookMs = (System.nanoTime() - startNs) / 1_000_000;
            assertTrue(failure.getMessage().contains("rank 1 closed the connection during the handshake")
                && failure.getMessage().contains("tried for 500 ms")
                && failure.getMessage().contains(TcpDeviceProvider.CONNECT_TIMEOUT_PROP_NAME), failure.getMessage());
            assertTrue(tookMs >= 500, "gave up after " + tookMs + " ms, before its 500 ms were up");
        }
    }

    @Test
    void aDialWhoseLastAttemptTimesOutAfterCutsNamesTheCuts() throws Exception
    {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            // Cuts for 300 ms, then holds every connection open without a word, as a listener too busy to answer.
            final long cutUntilNs = System.nanoTime() + 300_000_000L;
            final java.util.List<Socket> held = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
            listenerThread.submit(() ->
            {
                while (true)
                {
                    final Socket dialed = listener.accept();
                    if (System.nanoTime() < cutUntilNs)
                    {
                        dialed.close();
                    }
                    else
                    {
                        held.add(dialed);
                    }
                }
            });
            try
            {
                final Dialer dialer = new Dialer(DIALER_RANK, KEY, 500, channel -> { }, () -> { });
                final IOException failure = assertThrows(IOException.class,
                    () -> dialer.dial(address(listener), LISTENER_RANK, HandshakeDescriptor.PURPOSE_DATA));
                assertTrue(failure.getMessage().contains("rank 1 closed the connection during the handshake")
                    && failure.getMessage().contains("tried for 500 ms"), failure.getMessage());
                assertEquals(1, failure.getSuppressed().length, "the last attempt's timeout goes with it");
                assertTrue(failure.getSuppressed()[0].getMessage().contains("did not answer the handshake in time"));
            }
            finally
            {
                synchronized (held)
                {
                    for (final Socket socket : held)
                    {
                        socket.close();
                    }
                }
            }
        }
    }

    @Test
    void aListenerOfAnotherRankIsNotTriedAgain() throws Exception
    {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            listenerThread.submit(() ->
            {
                try (Socket dialed = listener.accept())
                {
                    final ByteBuffer hello = HandshakeDescriptor.hello(7, new byte[HandshakeDescriptor.NONCE_BYTES]);
                    dialed.getOutputStream().write(hello.array(), hello.arrayOffset(), hello.remaining());
                    dialed.getInputStream().read();
                }
                return null;
            });
            final Dialer dialer = new Dialer(DIALER_RANK, KEY, 10_000, channel -> { }, () -> { });
            final IOException failure = assertThrows(IOException.class,
                () -> dialer.dial(address(listener), LISTENER_RANK, HandshakeDescriptor.PURPOSE_DATA));
            assertTrue(failure.getMessage().contains("is not rank 1 of this job"), failure.getMessage());
        }
    }

    @Test
    void aJobThatFailedMeanwhileEndsTheRetries() throws Exception
    {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            cutEveryConnection(listener);
            final IllegalStateException failed = new IllegalStateException("rank 3 died");
            final Dialer dialer = new Dialer(DIALER_RANK, KEY, 10_000, channel -> { }, () ->
            {
                throw failed;
            });
            final IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> dialer.dial(address(listener), LISTENER_RANK, HandshakeDescriptor.PURPOSE_DATA));
            assertEquals(failed, thrown, "the job's failure ends the dial");
        }
    }

    /** Makes {@code listener} one that closes every connection at once, as a listener too loaded to handshake. */
    private void cutEveryConnection(final ServerSocket listener)
    {
        listenerThread.submit(() ->
        {
            while (true)
            {
                listener.accept().close();
            }
        });
    }

    /** Plays the listener's side: hello, then the proof, then ACCEPT when it verifies. */
    private static int answer(final Socket dialed) throws IOException
    {
        final byte[] nonce = new byte[HandshakeDescriptor.NONCE_BYTES];
        new java.util.Random(42).nextBytes(nonce);
        final ByteBuffer hello = HandshakeDescriptor.hello(LISTENER_RANK, nonce);
        dialed.getOutputStream().write(hello.array(), hello.arrayOffset(), hello.remaining());
        final InputStream in = dialed.getInputStream();
        final ByteBuffer proof = ByteBuffer.wrap(in.readNBytes(HandshakeDescriptor.PROOF_BYTES)).order(ByteOrder.LITTLE_ENDIAN);
        if (!HandshakeDescriptor.verifies(KEY, nonce, proof, LISTENER_RANK, SIZE))
        {
            throw new IOException("the dialer's proof does not verify");
        }
        dialed.getOutputStream().write(HandshakeDescriptor.ACCEPT);
        return proof.getInt(HandshakeDescriptor.RANK_OFFSET);
    }

    private static InetSocketAddress address(final ServerSocket listener)
    {
        return new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort());
    }
}
