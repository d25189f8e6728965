package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.transport.tcp.TcpDeviceProvider;

/** The socket floor's options and its protocol over a real loopback connection: a few messages only, no timing. */
class SocketFloorTest
{
    @Test
    void optionsSplitIntoTheFloorsAndTheBenchmarks()
    {
        final SocketFloorOptions leader = SocketFloorOptions.parse(new String[] {"--peer-cpu", "1", "--max-bytes", "64"});
        assertTrue(leader.leads());
        assertEquals(1, leader.peerCpu());
        assertEquals(64, leader.bench().maxBytes());
        assertEquals(BenchOptions.DEFAULT_REPETITIONS, leader.bench().repetitions());
        assertEquals(List.of("--connect", "4242", "--socket-buffer-bytes", "4194304", "--max-bytes", "64", "--repetitions", "15",
            "--batch-ms", "30"), leader.followerArgs(4242));

        final SocketFloorOptions follower = SocketFloorOptions.parse(leader.followerArgs(4242).toArray(String[]::new));
        assertFalse(follower.leads());
        assertEquals(4242, follower.connectPort());
        assertEquals(-1, follower.peerCpu());
        assertEquals(leader.bench(), follower.bench());

        assertEquals(0, SocketFloorOptions.parse(new String[] {"--socket-buffer-bytes", "0"}).socketBufferBytes());
        assertThrows(IllegalArgumentException.class, () -> SocketFloorOptions.parse(new String[] {"--peer-cpu", "-1"}));
        assertThrows(IllegalArgumentException.class, () -> SocketFloorOptions.parse(new String[] {"--connect", "70000"}));
        assertThrows(IllegalArgumentException.class, () -> SocketFloorOptions.parse(new String[] {"--socket-buffer-bytes", "x"}));
        assertThrows(IllegalArgumentException.class, () -> SocketFloorOptions.parse(new String[] {"--peer-cpu"}));
        assertThrows(IllegalArgumentException.class, () -> SocketFloorOptions.parse(new String[] {"--bogus", "1"}));
    }

    @Test
    void theFloorsSocketBuffersAreTheTcpDevicesDefault()
    {
        assertEquals(TcpDeviceProvider.SOCKET_BUFFER_DEFAULT, SocketFloorOptions.DEFAULT_SOCKET_BUFFER_BYTES);
    }

    @Test
    @Timeout(60)
    void echoesMessagesLargerThanTheSocketBuffersReportsAllocationAndStops() throws IOException, InterruptedException
    {
        final int maxBytes = 1 << 20;
        try (ServerSocketChannel listener = ServerSocketChannel.open())
        {
            BusyPollChannel.configure(listener, 64 * 1024);
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final SocketChannel connecting = SocketChannel.open();
            BusyPollChannel.configure(connecting, 64 * 1024);
            connecting.connect(listener.getLocalAddress());
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final Thread follower;
            try (BusyPollChannel followerSide = new BusyPollChannel(listener.accept(), maxBytes, (byte)2);
                 BusyPollChannel leaderSide = new BusyPollChannel(connecting, maxBytes, (byte)1))
            {
                follower = new Thread(() ->
                {
                    try
                    {
                        new FloorFollower(followerSide).run();
                    }
                    catch (final RuntimeException ex)
                    {
                        failure.set(ex);
                    }
                }, "test-socket-follower");
                follower.setDaemon(true);
                follower.start();
                final FloorLeader leader = new FloorLeader(leaderSide);

                assertTrue(leader.roundTrips(1, 3) > 0);
                assertTrue(leader.roundTrips(maxBytes, 2) > 0);
                for (int i = 0; i < 5; i++)
                {
                    assertTrue(leader.allocatedBytes(7, 2) >= 0);
                }
                leader.stop();
                follower.join(Duration.ofSeconds(30));
            }
            assertFalse(follower.isAlive());
            assertEquals(null, failure.get());
        }
    }
}
