package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.SendMode;

/**
 * Strangers poke every listening port of a running job: a port scan, garbage, an HTTP request, a proof made with
 * the wrong job key, a frame sent without any handshake, and a client that never speaks. Each is hung up on; the
 * job's own messages flow before, during and after.
 */
@Timeout(60)
class TcpHostileClientTest
{
    private static final int SIZE = 3;
    /** Also how long the listeners wait for a connection to prove itself. */
    private static final long CONNECT_TIMEOUT_MS = 3_000;

    @Test
    void everyStrangerIsHungUpOnAndTheJobCarriesOn() throws Exception
    {
        try (TcpTestJob job = new TcpTestJob(SIZE, Map.of(TcpDeviceProvider.CONNECT_TIMEOUT_PROP_NAME, Long.toString(CONNECT_TIMEOUT_MS))))
        {
            exchange(job.devices, 1);
            final List<Socket> silent = new ArrayList<>();
            for (int rank = 0; rank < SIZE; rank++)
            {
                final InetSocketAddress address = parse(job.address(rank));
                try (Socket scan = new Socket())
                {
                    scan.connect(address, 2000);
                }
                assertHungUp(address, "GARBAGE\u0000\u0001\u0002garbage".getBytes(StandardCharsets.ISO_8859_1));
                assertHungUp(address, "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertHungUp(address, wrongKeyProof(address, rank));
                assertHungUp(address, frameWithoutHandshake());
                final Socket idle = new Socket();
                idle.connect(address, 2000);
                silent.add(idle);
                exchange(job.devices, 10 + rank);
            }
            // A client that never proves itself is dropped after the handshake timeout, which is the connect timeout.
            for (final Socket idle : silent)
            {
                idle.setSoTimeout((int)CONNECT_TIMEOUT_MS * 3);
                final InputStream in = idle.getInputStream();
                in.readNBytes(HandshakeDescriptor.HELLO_BYTES);
                assertEquals(-1, in.read(), "a silent stranger is hung up on");
                idle.close();
            }
            exchange(job.devices, 99);
            job.job.checkAlive();
        }
    }

    /** Every rank sends to every other; each checks what it got. */
    private static void exchange(final Device[] devices, final int round)
    {
        final int size = devices.length;
        for (int from = 0; from < size; from++)
        {
            for (int to = 0; to < size; to++)
            {
                if (from != to)
                {
                    final int[] out = {round, from, to};
                    final var send = devices[from].isend(out, Primitive.INT, 0, 3, to, from, round, 0, SendMode.STANDARD);
                    final int[] in = new int[3];
                    final var recv = devices[to].irecv(in, Primitive.INT, 0, 3, from, round, 0);
                    devices[to].await(recv);
                    devices[from].await(send);
                    assertArrayEquals(out, in, "message " + from + " -> " + to + " in round " + round);
                }
            }
        }
    }

    /** Sends {@code bytes} after reading the greeting, and expects the connection to be closed without a reply. */
    private static void assertHungUp(final InetSocketAddress address, final byte[] bytes) throws IOException
    {
        try (Socket stranger = new Socket())
        {
            stranger.connect(address, 2000);
            stranger.setSoTimeout(5000);
            final InputStream in = stranger.getInputStream();
            final byte[] hello = in.readNBytes(HandshakeDescriptor.HELLO_BYTES);
            assertEquals(HandshakeDescriptor.HELLO_BYTES, hello.length, "the listener greets first");
            final OutputStream out = stranger.getOutputStream();
            try
            {
                out.write(bytes);
                out.flush();
            }
            catch (final IOException ex)
            {
                return;
            }
            try
            {
                assertEquals(-1, in.read(), "the listener hangs up without answering");
            }
            catch (final SocketTimeoutException ex)
            {
                throw new AssertionError("the listener kept a stranger's connection open", ex);
            }
            catch (final IOException ex)
            {
                assertTrue(ex.getMessage() != null, "reset: hung up");
            }
        }
    }

    private static byte[] wrongKeyProof(final InetSocketAddress address, final int rank) throws IOException
    {
        try (Socket probe = new Socket())
        {
            probe.connect(address, 2000);
            probe.setSoTimeout(5000);
            final ByteBuffer hello = ByteBuffer.wrap(probe.getInputStream().readNBytes(HandshakeDescriptor.HELLO_BYTES))
                .order(ByteOrder.LITTLE_ENDIAN);
            assertTrue(HandshakeDescriptor.isHelloFrom(hello, rank), "greeting names the listener's rank");
            // A proof for this very greeting, made with a key that is not the job's, from a rank that exists.
            final ByteBuffer proof = HandshakeDescriptor.proof(new byte[32], hello, (rank + 1) % SIZE, HandshakeDescriptor.PURPOSE_DATA);
            final byte[] bytes = new byte[proof.remaining()];
            proof.get(bytes);
            return bytes;
        }
    }

    private static byte[] frameWithoutHandshake()
    {
        final ByteBuffer frame = ByteBuffer.allocate(org.openmpj.matching.FrameDescriptor.HEADER_BYTES + 4).order(ByteOrder.LITTLE_ENDIAN);
        org.openmpj.matching.FrameDescriptor.encode(frame, org.openmpj.matching.FrameDescriptor.EAGER, Primitive.INT.ordinal(), 0, 0,
            0, 7, 4, 0, 0, 0);
        frame.putInt(42);
        return frame.array();
    }

    private static InetSocketAddress parse(final String address)
    {
        final int colon = address.lastIndexOf(':');
        return new InetSocketAddress(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
    }
}
