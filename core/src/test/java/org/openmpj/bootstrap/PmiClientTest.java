package org.openmpj.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.OpenMpjException;

/** The PMI-1 client against a process manager that speaks the protocol as Hydra does, over TCP and over a descriptor. */
@Timeout(60)
class PmiClientTest
{
    private static final int TIMEOUT_MS = 10_000;

    @Test
    void ranksExchangeLongValuesThroughPutBarrierGet() throws Exception
    {
        final int size = 3;
        // A put line may be at most 100 characters here, so the 50-character values are split over two keys.
        try (FakePmiManager manager = new FakePmiManager(size, 100))
        {
            final int port = manager.listen();
            final ExecutorService ranks = Executors.newFixedThreadPool(size);
            try
            {
                final List<Future<List<String>>> seen = new ArrayList<>();
                for (int i = 0; i < size; i++)
                {
                    final String pmiId = Integer.toString(i);
                    seen.add(ranks.submit(() ->
                    {
                        try (PmiClient client = new PmiClient(new SocketPmiChannel("127.0.0.1", port, TIMEOUT_MS)))
                        {
                            client.open(pmiId, -1, -1);
                            assertEquals(size, client.size());
                            client.put("address-" + client.rank(), address(client.rank()));
                            client.put("short-" + client.rank(), "r" + client.rank());
                            client.barrier();
                            final List<String> values = new ArrayList<>();
                            for (int r = 0; r < size; r++)
                            {
                                values.add(client.rank() + ":" + client.get("address-" + r) + ":" + client.get("short-" + r));
                            }
                            return values;
                        }
                    }));
                }
                for (int i = 0; i < size; i++)
                {
                    final List<String> values = seen.get(i).get(30, TimeUnit.SECONDS);
                    final int rank = Integer.parseInt(values.getFirst().substring(0, values.getFirst().indexOf(':')));
                    assertEquals(i, rank, "rank from the pmiid");
                    for (int r = 0; r < size; r++)
                    {
                        assertEquals(rank + ":" + address(r) + ":r" + r, values.get(r), "what rank " + rank + " read of rank " + r);
                    }
                }
            }
            finally
            {
                ranks.shutdownNow();
            }
            assertTrue(manager.failures().isEmpty(), manager.failures().toString());
        }
    }

    @Test
    void aRefusedPutIsAnError() throws Exception
    {
        try (FakePmiManager manager = new FakePmiManager(1, 64))
        {
            manager.refusePutOf("bad");
            final int port = manager.listen();
            try (PmiClient client = new PmiClient(new SocketPmiChannel("127.0.0.1", port, TIMEOUT_MS)))
            {
                client.open("0", -1, -1);
                final OpenMpjException failure = assertThrows(OpenMpjException.class, () -> client.put("bad", "x"));
                assertTrue(failure.getMessage().contains("refused"), failure.getMessage());
                assertThrows(OpenMpjException.class, () -> client.put("with space", "x"));
                assertThrows(OpenMpjException.class, () -> client.get("missing"));
            }
        }
    }

    @Test
    void aManagerThatHangsUpOrFallsSilentIsAnErrorNotAHang() throws Exception
    {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            final Thread acceptor = new Thread(() ->
            {
                try
                {
                    // The first connection is closed at once; the second is never answered.
                    silent.accept().close();
                    final Socket second = silent.accept();
                    Thread.sleep(5_000);
                    second.close();
                }
                catch (final IOException | InterruptedException ex)
                {
                    // The test is over.
                }
            });
            acceptor.start();
            final PmiClient hungUp = new PmiClient(new SocketPmiChannel("127.0.0.1", silent.getLocalPort(), TIMEOUT_MS));
            final OpenMpjException closed = assertThrows(OpenMpjException.class, () -> hungUp.open("0", -1, -1));
            assertTrue(closed.getMessage().contains("closed") || closed.getMessage().contains("reset"), closed.getMessage());
            final long start = System.nanoTime();
            final PmiClient mute = new PmiClient(new SocketPmiChannel("127.0.0.1", silent.getLocalPort(), 300));
            final OpenMpjException timedOut = assertThrows(OpenMpjException.class, () -> mute.open("0", -1, -1));
            assertTrue(timedOut.getMessage().contains("waiting for initack"), timedOut.getMessage());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(4), "gave up after the timeout");
            acceptor.interrupt();
            acceptor.join(10_000);
        }
    }

    @Test
    void theConversationRunsOverAnInheritedDescriptor() throws Throwable
    {
        final int[] pair = SocketPair.open();
        try (FakePmiManager manager = new FakePmiManager(1, 64))
        {
            manager.serve(new DescriptorPmiChannel(pair[1], TIMEOUT_MS));
            try (PmiClient client = new PmiClient(new DescriptorPmiChannel(pair[0], TIMEOUT_MS)))
            {
                // Over PMI_FD the rank and size come from PMI_RANK and PMI_SIZE, not from the manager.
                client.open(null, 0, 1);
                client.put("address-0", address(0));
                client.barrier();
                assertEquals(address(0), client.get("address-0"));
            }
            assertTrue(manager.failures().isEmpty(), manager.failures().toString());
        }
    }

    @Test
    void theEnvironmentNamesTheManager() throws Exception
    {
        assertTrue(PmiClient.fromEnvironment(java.util.Map.of(), TIMEOUT_MS).isEmpty(), "no PMI variables: no manager");
        final OpenMpjException badPort = assertThrows(OpenMpjException.class,
            () -> PmiClient.fromEnvironment(java.util.Map.of("PMI_PORT", "nohost"), TIMEOUT_MS));
        assertTrue(badPort.getMessage().contains("PMI_PORT=nohost is not host:port"), badPort.getMessage());
        final OpenMpjException badRank = assertThrows(OpenMpjException.class,
            () -> PmiClient.fromEnvironment(java.util.Map.of("PMI_FD", "x", "PMI_RANK", "0", "PMI_SIZE", "1"), TIMEOUT_MS));
        assertTrue(badRank.getMessage().contains("PMI_FD=x is not a whole number"), badRank.getMessage());
        try (FakePmiManager manager = new FakePmiManager(1, 64))
        {
            final int port = manager.listen();
            try (PmiClient client = PmiClient.fromEnvironment(java.util.Map.of("PMI_PORT", "127.0.0.1:" + port, "PMI_ID", "0"), TIMEOUT_MS)
                .orElseThrow())
            {
                assertEquals(0, client.rank());
                assertEquals(1, client.size());
            }
        }
    }

    @Test
    void linesParseAndPrintAsTheProtocolHasThem()
    {
        final PmiLine line = PmiLine.parse("cmd=get_result rc=0 msg=success value=a=b");
        assertEquals("get_result", line.cmd());
        assertEquals("a=b", line.get("value"), "a value runs from the first = to the next space");
        assertEquals("cmd=put kvsname=k key=x value=1\n", PmiLine.of("put", "kvsname", "k", "key", "x", "value", "1").text());
        assertThrows(OpenMpjException.class, () -> PmiLine.parse("cmd=x garbage"));
        assertThrows(OpenMpjException.class, () -> PmiLine.parse("rc=0"));
    }

    /** @return a value of 50 characters that names {@code rank}, as an address blob would. */
    private static String address(final int rank)
    {
        return ("host-" + rank + "-port-" + (40_000 + rank) + "-").repeat(3).substring(0, 50);
    }
}
