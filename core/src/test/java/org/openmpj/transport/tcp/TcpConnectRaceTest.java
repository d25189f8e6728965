package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * Two ranks send to each other for the first time at the same instant, so each opens a connection to the other:
 * both must settle on one connection, and every message must arrive once and in order, whichever connection won.
 */
@Timeout(120)
class TcpConnectRaceTest
{
    private static final int JOBS = 20;
    private static final int MESSAGES = 50;

    @Test
    void simultaneousFirstSendsSettleOnOneConnection() throws Exception
    {
        final ExecutorService ranks = Executors.newFixedThreadPool(2);
        try
        {
            for (int job = 0; job < JOBS; job++)
            {
                try (TcpTestJob tcp = new TcpTestJob(2, Map.of()))
                {
                    final CyclicBarrier together = new CyclicBarrier(2);
                    final Future<?> zero = ranks.submit(() -> talk(tcp.devices[0], 1, together));
                    final Future<?> one = ranks.submit(() -> talk(tcp.devices[1], 0, together));
                    zero.get(30, TimeUnit.SECONDS);
                    one.get(30, TimeUnit.SECONDS);
                    tcp.job.checkAlive();
                }
            }
        }
        finally
        {
            ranks.shutdownNow();
        }
    }

    private static Void talk(final Device device, final int peer, final CyclicBarrier together) throws Exception
    {
        final Request[] sends = new Request[MESSAGES];
        together.await(10, TimeUnit.SECONDS);
        for (int i = 0; i < MESSAGES; i++)
        {
            sends[i] = device.isend(new int[] {device.rank(), i}, Primitive.INT, 0, 2, peer, device.rank(), 3, 0, SendMode.STANDARD);
        }
        final int[] in = new int[2];
        for (int i = 0; i < MESSAGES; i++)
        {
            device.recv(in, Primitive.INT, 0, 2, peer, 3, 0);
            assertEquals(peer, in[0], "sender of message " + i);
            assertEquals(i, in[1], "message order");
        }
        for (final Request send : sends)
        {
            device.await(send);
        }
        return null;
    }
}
