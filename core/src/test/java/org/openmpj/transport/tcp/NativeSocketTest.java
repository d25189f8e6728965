package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.Primitive;
import org.openmpj.os.SocketTransfer;

/**
 * The descriptor under a NIO channel is found for connected and accepted channels alike (accepted ones share the
 * listener's port), and native send and receive move array slices between them. The test JVM runs with native
 * access enabled, as rank JVMs do, so every tcp test here also moves its large payloads natively.
 */
@Timeout(30)
class NativeSocketTest
{
    @Test
    void findsTheDescriptorOfEveryEndOfSeveralConnectionsToOneListener() throws IOException
    {
        try (ServerSocketChannel listener = listener();
            SocketChannel first = connect(listener);
            SocketChannel firstAccepted = listener.accept();
            SocketChannel second = connect(listener);
            SocketChannel secondAccepted = listener.accept())
        {
            final int[] fds = {
                descriptor(first), descriptor(firstAccepted), descriptor(second), descriptor(secondAccepted)};
            for (int i = 0; i < fds.length; i++)
            {
                for (int j = i + 1; j < fds.length; j++)
                {
                    assertNotEquals(fds[i], fds[j], "ends " + i + " and " + j + " got the same descriptor");
                }
            }
        }
    }

    @Test
    void movesSlicesOfArraysBothWays() throws Exception
    {
        try (ServerSocketChannel listener = listener(); SocketChannel client = connect(listener); SocketChannel server = listener.accept())
        {
            final NativeSocket sending = nonBlocking(client);
            final NativeSocket receiving = nonBlocking(server);

            assertEquals(0, receiving.receive(new byte[8], Primitive.BYTE, 0, 8), "nothing had been sent");

            final int[] values = new int[100_000];
            for (int i = 0; i < values.length; i++)
            {
                values[i] = i * 31 + 7;
            }
            // Elements 1000 to 99,999: from byte 4000 of the array on.
            final long bytes = (values.length - 1000) * 4L;
            final int[] landed = new int[values.length + 500];
            long sent = 0;
            long received = 0;
            while (received < bytes)
            {
                if (sent < bytes)
                {
                    sent += sending.send(values, Primitive.INT, 4000 + sent, bytes - sent);
                }
                final long got = receiving.receive(landed, Primitive.INT, 2000 + received, bytes - received);
                assertNotEquals(-1, got, "the connection ended early");
                received += got;
            }
            final int[] expected = new int[landed.length];
            System.arraycopy(values, 1000, expected, 500, values.length - 1000);
            assertArrayEquals(expected, landed);

            final byte[] reply = {1, 2, 3, 4, 5};
            assertEquals(3, receiving.send(reply, Primitive.BYTE, 1, 3));
            final byte[] into = new byte[3];
            long got = 0;
            while (got < 3)
            {
                got += sending.receive(into, Primitive.BYTE, got, 3 - got);
            }
            assertArrayEquals(new byte[] {2, 3, 4}, into);

            client.shutdownOutput();
            long end = 0;
            while (end == 0)
            {
                end = receiving.receive(into, Primitive.BYTE, 0, 3);
            }
            assertEquals(-1, end, "the peer's end of output reads as the end");
        }
    }

    @Test
    void onThisMachineArraysMoveThroughTheOffsetCallsAndARangePastAnArraysEndIsRefused() throws IOException
    {
        assertNull(SocketTransfer.unavailabilityCause(), "send and recv from an offset are x86-64 code made at run time");
        try (ServerSocketChannel listener = listener(); SocketChannel client = connect(listener); SocketChannel server = listener.accept())
        {
            final NativeSocket sending = nonBlocking(client);
            final NativeSocket receiving = nonBlocking(server);
            final long[] values = {1, 2, 3};
            final IOException pastTheEnd = assertThrows(IOException.class, () -> sending.send(values, Primitive.LONG, 16, 9));
            assertInstanceOf(IndexOutOfBoundsException.class, pastTheEnd.getCause(), pastTheEnd.toString());
            // Another array in the same direction after the first: each call moves its own array's bytes.
            assertEquals(8, sending.send(values, Primitive.LONG, 16, 8));
            assertEquals(2, sending.send(new byte[] {9, 8, 7}, Primitive.BYTE, 1, 2));
            final IOException intoTooSmall = assertThrows(IOException.class, () -> receiving.receive(new byte[4], Primitive.BYTE, 1, 4));
            assertInstanceOf(IndexOutOfBoundsException.class, intoTooSmall.getCause(), intoTooSmall.toString());
            final byte[] into = new byte[10];
            long got = 0;
            while (got < 10)
            {
                got += receiving.receive(into, Primitive.BYTE, got, 10 - got);
            }
            assertArrayEquals(new byte[] {3, 0, 0, 0, 0, 0, 0, 0, 8, 7}, into);
        }
    }

    @Test
    void aRetiredSocketRefusesEveryCall() throws IOException
    {
        try (ServerSocketChannel listener = listener(); SocketChannel client = connect(listener); SocketChannel server = listener.accept())
        {
            final NativeSocket socket = NativeSocket.of(client);
            assertNotNull(socket);
            socket.retire();
            final IOException sendError = assertThrows(IOException.class, () -> socket.send(new byte[4], Primitive.BYTE, 0, 4));
            assertEquals("send on a retired socket", sendError.getMessage());
            server.write(java.nio.ByteBuffer.wrap(new byte[4]));
            final IOException receiveError = assertThrows(IOException.class, () -> socket.receive(new byte[4], Primitive.BYTE, 0, 4));
            assertEquals("recv on a retired socket", receiveError.getMessage());
        }
    }

    private static NativeSocket nonBlocking(final SocketChannel channel) throws IOException
    {
        channel.configureBlocking(false);
        final NativeSocket socket = NativeSocket.of(channel);
        assertNotNull(socket, "no descriptor found for " + channel);
        return socket;
    }

    private static int descriptor(final SocketChannel channel)
    {
        final NativeSocket socket = NativeSocket.of(channel);
        assertNotNull(socket, "no descriptor found for " + channel);
        return socket.descriptor();
    }

    private static ServerSocketChannel listener() throws IOException
    {
        return ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    private static SocketChannel connect(final ServerSocketChannel listener) throws IOException
    {
        return SocketChannel.open(listener.getLocalAddress());
    }
}
