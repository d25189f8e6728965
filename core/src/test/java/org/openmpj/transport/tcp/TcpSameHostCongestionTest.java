package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.Primitive;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * Connections between ranks of one host send large payloads under {@link TcpDeviceProvider#SAME_HOST_CONGESTION_PROP_NAME}
 * and go back to the kernel's default after a stream of eager messages, as the kernel reports them ({@code ss -tni}); an empty
 * setting keeps the kernel's default, and a name the kernel lacks is refused naming it.
 */
@Timeout(60)
class TcpSameHostCongestionTest
{
    private static final int MESSAGE_BYTES = 1024 * 1024;
    private static final int EAGER_BYTES = 8;
    /** An info line of {@code ss -tni}: the congestion control's name first, the bytes received further on. */
    private static final Pattern INFO_LINE = Pattern.compile("^\\s+([a-z0-9_]+) .*\\bbytes_received:(\\d+)");

    @Test
    void connectionsThatCarriedALargeMessageUseTheSettingByDefault() throws Exception
    {
        final List<String> used = congestionOfConnectionsThatCarriedAMessage(Map.of(), 0);
        assertEquals(List.of(TcpDeviceProvider.SAME_HOST_CONGESTION_DEFAULT, TcpDeviceProvider.SAME_HOST_CONGESTION_DEFAULT), used,
            "both ends of the connection between the ranks");
    }

    @Test
    void aStreamOfEagerMessagesAfterALargeOneGoesUnderTheKernelsDefaultAgain() throws Exception
    {
        final String kernelDefault = Files.readString(Path.of("/proc/sys/net/ipv4/tcp_congestion_control")).trim();
        final String bulk = TcpDeviceProvider.SAME_HOST_CONGESTION_DEFAULT;
        assertEquals(List.of(bulk, bulk),
            congestionOfConnectionsThatCarriedAMessage(Map.of(), CongestionSwitch.EAGER_MESSAGES_BEFORE_DEFAULT - 1),
            "a few eager messages between large ones leave it");
        assertEquals(List.of(kernelDefault, kernelDefault),
            congestionOfConnectionsThatCarriedAMessage(Map.of(), CongestionSwitch.EAGER_MESSAGES_BEFORE_DEFAULT),
            "both ends of the connection between the ranks");
    }

    @Test
    void anEmptySettingKeepsTheKernelsDefault() throws Exception
    {
        final String kernelDefault = Files.readString(Path.of("/proc/sys/net/ipv4/tcp_congestion_control")).trim();
        final List<String> used = congestionOfConnectionsThatCarriedAMessage(Map.of(TcpDeviceProvider.SAME_HOST_CONGESTION_PROP_NAME, ""), 0);
        assertEquals(List.of(kernelDefault, kernelDefault), used, "both ends of the connection between the ranks");
    }

    @Test
    void aNameTheKernelLacksIsRefusedNamingIt()
    {
        for (final String name : new String[] {"no_such_control", "Reno!"})
        {
            final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new NativeIoSettings(true, (int)TcpDeviceProvider.SEND_PIECE_DEFAULT, name));
            assertTrue(refused.getMessage().startsWith(TcpDeviceProvider.SAME_HOST_CONGESTION_PROP_NAME + "=" + name + " is not"),
                refused::getMessage);
            assertTrue(refused.getMessage().contains("reno"), () -> "lists what the kernel has: " + refused.getMessage());
        }
        assertEquals("", new NativeIoSettings(true, 4096, "").sameHostCongestion());
    }

    @Test
    void aSocketRefusedACongestionControlSaysWhich() throws IOException
    {
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel client = SocketChannel.open(listener.getLocalAddress());
            SocketChannel server = listener.accept())
        {
            final IOException refused = assertThrows(IOException.class,
                () -> NativeSocket.of(client).useCongestionControl("no_such_control"));
            assertTrue(refused.getMessage().contains("'no_such_control'"), refused::getMessage);
            // Every kernel has reno and lets every process choose it.
            NativeSocket.of(server).useCongestionControl("reno");
        }
    }

    /**
     * Runs a job of two ranks that sends a large message each way, then {@code eagerMessages} small ones each way, then
     * asks the kernel for the congestion control of every connection of the ranks' listening ports that received a large
     * one.
     */
    private static List<String> congestionOfConnectionsThatCarriedAMessage(final Map<String, String> properties, final int eagerMessages)
        throws Exception
    {
        try (TcpTestJob job = new TcpTestJob(2, properties))
        {
            exchange(job, MESSAGE_BYTES);
            for (int i = 0; i < eagerMessages; i++)
            {
                exchange(job, EAGER_BYTES);
            }
            final String out = ss(port(job.address(0)), port(job.address(1)));
            return carriedAMessage(out);
        }
    }

    /** Sends a message of {@code bytes} from rank 0 to 1 and then one back. */
    private static void exchange(final TcpTestJob job, final int bytes)
    {
        for (final int[] pair : new int[][] {{0, 1}, {1, 0}})
        {
            final Request send = job.devices[pair[0]].isend(new byte[bytes], Primitive.BYTE, 0, bytes, pair[1], pair[0], 3, 0,
                SendMode.STANDARD);
            final Request recv = job.devices[pair[1]].irecv(new byte[bytes], Primitive.BYTE, 0, bytes, pair[0], 3, 0);
            while (!send.isComplete() || !recv.isComplete())
            {
                job.devices[0].progress();
                job.devices[1].progress();
            }
            assertNull(recv.error());
        }
    }

    /** @return the congestion control names of the info lines whose connection received at least a message. */
    private static List<String> carriedAMessage(final String ss)
    {
        final List<String> names = new ArrayList<>();
        for (final String line : ss.split("\n"))
        {
            final Matcher info = INFO_LINE.matcher(line);
            if (info.find() && Long.parseLong(info.group(2)) >= MESSAGE_BYTES)
            {
                names.add(info.group(1));
            }
        }
        return names;
    }

    private static int port(final String address)
    {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    /** @return what {@code ss -tni} says of the established connections from or to either port. */
    private static String ss(final int first, final int second) throws Exception
    {
        final String ports = "( sport = :" + first + " or dport = :" + first + " or sport = :" + second + " or dport = :" + second + " )";
        final Process ss = new ProcessBuilder("ss", "-tni", "state", "established", ports)
            .redirectErrorStream(true).start();
        try
        {
            final String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(ss.waitFor(10, TimeUnit.SECONDS), "ss did not end");
            assertEquals(0, ss.exitValue(), () -> "ss failed: " + out);
            return out;
        }
        finally
        {
            ss.destroyForcibly();
        }
    }
}
