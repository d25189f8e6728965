package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.OpenMpjException;
import org.openmpj.bootstrap.PmiClient;
import org.openmpj.runtime.LaunchEnvironment;

/** The launcher's key-value service, with the PMI-1 client as the ranks use it. */
@Timeout(60)
class PmiServerTest
{
    private static final int TIMEOUT_MS = 10_000;

    @Test
    void ranksExchangeValuesAcrossTwoBarriers() throws Exception
    {
        final int size = 4;
        try (PmiServer server = new PmiServer(size, TIMEOUT_MS))
        {
            final ExecutorService ranks = Executors.newFixedThreadPool(size);
            try
            {
                final List<Future<String>> outcomes = new ArrayList<>();
                for (int rank = 0; rank < size; rank++)
                {
                    final String id = server.idOf(rank);
                    outcomes.add(ranks.submit(() -> exchange(server, id, size)));
                }
                for (int rank = 0; rank < size; rank++)
                {
                    assertEquals("rank " + rank + " ok", outcomes.get(rank).get(30, TimeUnit.SECONDS));
                }
            }
            finally
            {
                ranks.shutdownNow();
            }
            assertEquals(null, server.failure());
        }
    }

    @Test
    void aStrangerIsHungUpOnBeforeItsWordsAreRead() throws Exception
    {
        try (PmiServer server = new PmiServer(1, TIMEOUT_MS))
        {
            for (final String first : new String[] {"cmd=put kvsname=openmpj_kvs key=x value=evil", "cmd=initack pmiid=0-guess", "GET / HTTP/1.0"})
            {
                try (Socket stranger = connect(server))
                {
                    final String words = first + "\ncmd=put kvsname=openmpj_kvs key=x value=evil\n";
                    stranger.getOutputStream().write(words.getBytes(StandardCharsets.US_ASCII));
                    final InputStream in = stranger.getInputStream();
                    assertEquals(-1, in.read(), "the service hangs up on '" + first + "' without a word");
                }
            }
            try (PmiClient rank = open(server, server.idOf(0)))
            {
                assertThrows(OpenMpjException.class, () -> rank.get("x"), "a stranger's put is not stored");
            }
            assertEquals(null, server.failure(), "strangers do not fail the job");
        }
    }

    @Test
    void aRankThatHangsUpEarlyFailsTheOthersInsteadOfLeavingThemInTheBarrier() throws Exception
    {
        try (PmiServer server = new PmiServer(2, TIMEOUT_MS))
        {
            final PmiClient waiting = open(server, server.idOf(0));
            try (Socket leaver = connect(server))
            {
                leaver.getOutputStream().write(("cmd=initack pmiid=" + server.idOf(1) + "\n").getBytes(StandardCharsets.US_ASCII));
                leaver.getInputStream().read();
            }
            final long start = System.nanoTime();
            final OpenMpjException failure = assertThrows(OpenMpjException.class, waiting::barrier);
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "failed at once, not after the timeout: " + failure);
            assertNotNull(server.failure());
            assertTrue(server.failure().message().contains("rank 1 left the key-value service before finalize"), server.failure().message());
            assertEquals(1, server.failure().rank());
            assertFalse(server.failure().aborted(), "a hang-up leaves the exit code to the rank's process");
        }
    }

    @Test
    void inAJobThatSurvivesLostRanksTheBarrierGoesOnWithoutARankThatHungUp() throws Exception
    {
        try (PmiServer server = new PmiServer(3, TIMEOUT_MS))
        {
            server.surviveRankLoss();
            final PmiClient first = open(server, server.idOf(0));
            final PmiClient second = open(server, server.idOf(2));
            final Thread inBarrier = Thread.ofVirtual().start(first::barrier);
            try (Socket leaver = connect(server))
            {
                leaver.getOutputStream().write(("cmd=initack pmiid=" + server.idOf(1) + "\n").getBytes(StandardCharsets.US_ASCII));
                leaver.getInputStream().read();
            }
            // The barrier is released once the two ranks left are in it, the lost one no longer counted.
            second.barrier();
            assertTrue(inBarrier.join(java.time.Duration.ofSeconds(5)), "the first rank left the barrier");
            assertTrue(server.hasLost(1));
            assertFalse(server.hasLost(0));
            assertNull(server.failure(), "a lost rank is not the job's failure");
        }
    }

    @Test
    void anAbortIsTheJobsFailureWithRankExitCodeAndDecodedMessage() throws Exception
    {
        try (PmiServer server = new PmiServer(2, TIMEOUT_MS))
        {
            final PmiClient waiting = open(server, server.idOf(0));
            final PmiClient aborting = open(server, server.idOf(1));
            final String message = "disk full: /scratch = 100 % (ü)\nsecond line";
            aborting.abort(7, message);
            final OpenMpjException barrier = assertThrows(OpenMpjException.class, waiting::barrier, "the others are not left waiting");
            final PmiServer.Failure failure = server.failure();
            assertNotNull(failure, barrier.getMessage());
            assertEquals(1, failure.rank());
            assertEquals(7, failure.exitCode());
            assertTrue(failure.aborted());
            assertEquals("rank 1 aborted the job with exit code 7: " + message, failure.message());
            assertFalse(server.hasFinalized(1));
            assertThrows(OpenMpjException.class, aborting::close, "the service hung up on the aborted job");
            assertThrows(OpenMpjException.class, waiting::close, "and on the others");
            assertEquals(failure, server.failure(), "the first failure stays the job's failure");
        }
    }

    @Test
    void anAdmittedRankMayStaySilentLongerThanTheAdmitTimeoutAndFinalize() throws Exception
    {
        try (PmiServer server = new PmiServer(1, 300))
        {
            final PmiClient rank = open(server, server.idOf(0));
            Thread.sleep(1000);
            rank.put("late", "still-here");
            rank.barrier();
            assertEquals("still-here", rank.get("late"));
            assertFalse(server.hasFinalized(0));
            rank.close();
            assertTrue(server.hasFinalized(0), "finalize is recorded before it is answered");
            assertEquals(null, server.failure());
        }
    }

    @Test
    void aConnectionThatSaysNothingIsClosedAfterTheAdmitTimeout() throws Exception
    {
        try (PmiServer server = new PmiServer(1, 300); Socket silent = connect(server))
        {
            final long start = System.nanoTime();
            assertEquals(-1, silent.getInputStream().read(), "closed without a word");
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
            assertEquals(null, server.failure(), "a stranger does not fail the job");
        }
    }

    @Test
    void listensOnTheAddressGiven() throws Exception
    {
        try (PmiServer server = new PmiServer(1, TIMEOUT_MS, InetAddress.getByName("127.0.0.2")))
        {
            assertTrue(server.address().startsWith("127.0.0.2:"), server.address());
            try (PmiClient rank = open(server, server.idOf(0)))
            {
                assertEquals(0, rank.rank());
            }
        }
    }

    private static String exchange(final PmiServer server, final String id, final int size) throws Exception
    {
        try (PmiClient client = open(server, id))
        {
            assertEquals(size, client.size());
            final String mine = ("addr-" + client.rank() + "-").repeat(400);
            client.put("addr-" + client.rank(), mine);
            client.barrier();
            for (int r = 0; r < size; r++)
            {
                assertEquals(("addr-" + r + "-").repeat(400), client.get("addr-" + r), "value of rank " + r);
            }
            client.put("second-" + client.rank(), "v" + client.rank());
            client.barrier();
            assertEquals("v" + (size - 1 - client.rank()), client.get("second-" + (size - 1 - client.rank())));
            return "rank " + client.rank() + " ok";
        }
    }

    /** @return a rank's client, admitted to the service as a rank that the launcher started finds it. */
    private static PmiClient open(final PmiServer server, final String id)
    {
        return PmiClient.fromEnvironment(Map.of(LaunchEnvironment.PMI_PORT_ENV_NAME, server.address(), LaunchEnvironment.PMI_ID_ENV_NAME, id),
            TIMEOUT_MS).orElseThrow();
    }

    private static Socket connect(final PmiServer server) throws Exception
    {
        final String[] hostPort = server.address().split(":");
        final Socket socket = new Socket(hostPort[0], Integer.parseInt(hostPort[1]));
        socket.setSoTimeout(TIMEOUT_MS);
        return socket;
    }
}
