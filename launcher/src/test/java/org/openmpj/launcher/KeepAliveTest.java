package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;

import jdk.net.ExtendedSocketOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class KeepAliveTest
{
    @Test
    void probesFillTheSilenceLimitInWholeSeconds() throws IOException
    {
        assertProbes(3_000, 1, 2);
        assertProbes(10_000, 2, 4);
        assertProbes(60_000, 15, 3);
    }

    @Test
    void aLimitBelowTwoSecondsProbesEverySecondAndGivesUpAfterOneUnansweredProbe() throws IOException
    {
        assertProbes(500, 1, 1);
    }

    @Test
    void onlyTheKernelGivingUpCountsAsSilence()
    {
        assertTrue(KeepAlive.isSilence(new IOException("Connection timed out")));
        assertFalse(KeepAlive.isSilence(new IOException("Connection reset")));
        assertFalse(KeepAlive.isSilence(new SocketTimeoutException("Read timed out")));
        assertFalse(KeepAlive.isSilence(new IOException()));
    }

    private static void assertProbes(final long limitMs, final int intervalS, final int unansweredProbes) throws IOException
    {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            Socket socket = new Socket())
        {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()));
            KeepAlive.apply(socket, limitMs);
            assertTrue(socket.getOption(StandardSocketOptions.SO_KEEPALIVE));
            assertEquals(intervalS, socket.getOption(ExtendedSocketOptions.TCP_KEEPIDLE), "idle before the first probe");
            assertEquals(intervalS, socket.getOption(ExtendedSocketOptions.TCP_KEEPINTERVAL), "between probes");
            assertEquals(unansweredProbes, socket.getOption(ExtendedSocketOptions.TCP_KEEPCOUNT), "probes unanswered before the end");
        }
    }
}
