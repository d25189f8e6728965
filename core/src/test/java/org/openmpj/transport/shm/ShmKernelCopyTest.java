package org.openmpj.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.DeviceContext;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.os.PinnedExposure;
import org.openmpj.os.ProcessMemory;

/**
 * The one-copy path for large messages on the shm device, ranks as threads of this JVM: payloads of every kind move
 * with one copy from lower to higher ranks and stream the other way, byte for byte; a payload whose receiver does not
 * copy it in time is withdrawn and streamed into the same receive; a probe that fails keeps the rings and says why.
 */
@Timeout(120)
class ShmKernelCopyTest
{
    private static final int[] SIZES = {64 * 1024 + 1, 1024 * 1024 + 3, 3 * 1024 * 1024};
    private static final Primitive[] KINDS = {Primitive.BYTE, Primitive.INT, Primitive.DOUBLE, Primitive.CHAR, Primitive.BOOLEAN};
    private static final int HEAD = 3;
    /** Where sent payloads start in their arrays: not at {@link #HEAD}, so that each side's offset must be the one used. */
    private static final int SEND_HEAD = 7;

    @TempDir
    Path dir;

    @BeforeEach
    void needsTheCalls()
    {
        assumeTrue(PinnedExposure.isSupported(), PinnedExposure::unsupportedCause);
    }

    @Test
    void everyPairExchangesEveryKindAndSizeOneCopyUpwardsStreamedDownwards() throws Exception
    {
        try (ShmTestJob job = ShmTestJob.open(3, settings("kernel")))
        {
            job.run(rank -> exchangeWithAll(job, rank));
            assertNull(job.transports[0].puller(), "rank 0 has nobody below to pull from");
            assertNull(job.transports[2].exposer(), "rank 2 has nobody above to expose to");
            final long pulls = job.transports[1].puller().pulls() + job.transports[2].puller().pulls();
            final long exposed = job.transports[0].exposer().pulled() + job.transports[1].exposer().pulled();
            final long withdrawn = job.transports[0].exposer().withdrawn() + job.transports[1].exposer().withdrawn();
            assertEquals(pulls, exposed, "payloads copied by the receivers and by the senders' count");
            // From each lower rank, every size of every kind but boolean, whose arrays have no segment view. A garbage
            // collection of this JVM while one rank exposes holds the puller too, until the exposure times out: then that
            // payload and those queued behind it for the same rank stream.
            assertEquals(3L * SIZES.length * (KINDS.length - 1), pulls + withdrawn, "payloads offered to copy");
            assertTrue(pulls > 0, pulls + " pulled, " + withdrawn + " withdrawn");
        }
    }

    @Test
    void aPairSendingToEachOtherAtOnceStreamsBothWays() throws Exception
    {
        final int messages = 20;
        try (ShmTestJob job = ShmTestJob.open(2, settings("kernel"), "spin"))
        {
            job.run(rank ->
            {
                final MatchingDevice device = job.devices[rank];
                final int peer = 1 - rank;
                for (int i = 0; i < messages; i++)
                {
                    final int count = (1 << 17) + i;
                    final double[] sent = (double[])pattern(Primitive.DOUBLE, count, seed(rank, peer, i));
                    final double[] landed = new double[count];
                    // Both posted before either waits, as a Sendrecv or an exchange step of a collective posts them; the send
                    // first, so that the peer's message, however early it comes, finds this rank's own on the way.
                    final Request send = device.isend(sent, Primitive.DOUBLE, 0, count, peer, rank, i, 0, SendMode.STANDARD);
                    final ReceiveRequest recv = device.irecv(landed, Primitive.DOUBLE, 0, count, peer, i, 0);
                    device.await(send);
                    device.await(recv);
                    assertTrue(java.util.Arrays.equals((double[])pattern(Primitive.DOUBLE, count, seed(peer, rank, i)), landed),
                        "message " + i + " to rank " + rank);
                }
            });
            // Rank 1 had its own message on the way to rank 0 whenever rank 0's arrived: held still, rank 0 would have read
            // nothing of it meanwhile.
            assertEquals(0, job.transports[1].puller().pulls(), "payloads pulled in an exchange");
            assertEquals(0, job.transports[0].exposer().pulled() + job.transports[0].exposer().withdrawn(), "payloads exposed");
        }
    }

    @Test
    void theLargeCopyPathsAreReadByNameAndAnUnknownOneIsRefusedNamingIt()
    {
        assertEquals(ShmDeviceProvider.LargeCopy.AUTO, ShmDeviceProvider.largeCopy(context(Map.of())));
        assertEquals(ShmDeviceProvider.LargeCopy.RING,
            ShmDeviceProvider.largeCopy(context(Map.of(ShmDeviceProvider.LARGE_COPY_PROP_NAME, " ring"))));
        assertEquals(ShmDeviceProvider.LargeCopy.KERNEL,
            ShmDeviceProvider.largeCopy(context(Map.of(ShmDeviceProvider.LARGE_COPY_PROP_NAME, "kernel"))));
        for (final String unknown : new String[] {"Kernel", "fast"})
        {
            final IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ShmDeviceProvider.largeCopy(context(Map.of(ShmDeviceProvider.LARGE_COPY_PROP_NAME, unknown))));
            assertEquals(ShmDeviceProvider.LARGE_COPY_PROP_NAME + "=" + unknown + " is none of ring, kernel and auto", refused.getMessage());
        }
    }

    private static DeviceContext context(final Map<String, String> properties)
    {
        final org.openmpj.runtime.JobState job = new org.openmpj.runtime.JobState();
        return new org.openmpj.runtime.RankDeviceContext(0, 1, properties::get, job,
            org.openmpj.concurrent.IdleStrategies.choose("backoff", 1, 2), new java.util.concurrent.ConcurrentHashMap<>(),
            new org.openmpj.device.SharedKeyValueStore(1, job));
    }

    @Test
    void aSpinningSenderHoldsItsArraysWhileTheReceiverCopiesThemAndIsNotWoken() throws Exception
    {
        assertNull(org.openmpj.os.SpinningHold.unavailabilityCause(), "this machine is x86-64 Linux: holds can spin");
        final int messages = 40;
        try (ShmTestJob job = ShmTestJob.open(2, settings("kernel"), "spin"))
        {
            job.run(rank ->
            {
                final MatchingDevice device = job.devices[rank];
                for (int i = 0; i < messages; i++)
                {
                    final int count = (1 << 18) + 3 * i;
                    final double[] sent = (double[])pattern(Primitive.DOUBLE, count + 3, i);
                    if (rank == 0)
                    {
                        // From the middle of an array: the copy must start at the send's offset.
                        device.await(device.isend(sent, Primitive.DOUBLE, 3, count, 1, 0, i, 0, SendMode.STANDARD));
                    }
                    else
                    {
                        // Into the middle of a larger array, at another offset: the copy must land at the receive's.
                        final double[] landed = new double[count + 10];
                        device.await(device.irecv(landed, Primitive.DOUBLE, 5, count, 0, i, 0));
                        assertTrue(java.util.Arrays.equals(sent, 3, count + 3, landed, 5, count + 5), "message " + i);
                    }
                }
            });
            final PayloadExposer exposer = job.transports[0].exposer();
            // A collection in this JVM while rank 0 holds stops rank 1 too: that payload is withdrawn and streams.
            assertEquals(messages, exposer.pulled() + exposer.withdrawn(), "payloads offered to copy");
            // How many copies find the sender still spinning depends on the machine's load (17 of 40 seen on a busy 2-core
            // machine, most when idle); none would mean holds never serve a copy.
            assertTrue(exposer.heldPulls() > 0, exposer.heldPulls() + " of " + messages + " copied while held spinning");
            assertEquals(exposer.pulled(), job.transports[1].puller().pulls());
        }
    }

    @Test
    void aTruncatedPayloadKeepsWhatFitsAndTheNextOneArrives() throws Exception
    {
        try (ShmTestJob job = ShmTestJob.open(2, settings("kernel")))
        {
            final int count = 1 << 20;
            final int[] sent = (int[])pattern(Primitive.INT, count, 5);
            job.run(rank ->
            {
                final MatchingDevice device = job.devices[rank];
                if (rank == 0)
                {
                    device.await(device.isend(sent, Primitive.INT, 0, count, 1, 0, 1, 0, SendMode.STANDARD));
                    device.await(device.isend(sent, Primitive.INT, 0, count, 1, 0, 2, 0, SendMode.STANDARD));
                    return;
                }
                final int[] small = new int[count / 3];
                final ReceiveRequest truncated = device.irecv(small, Primitive.INT, 0, small.length, 0, 1, 0);
                device.await(truncated);
                final OpenMpjException error = truncated.error();
                assertNotNull(error, "the receive was not truncated");
                assertEquals(ErrorClass.ERR_TRUNCATE, error.errorClass(), error::getMessage);
                assertEquals(java.util.Arrays.toString(java.util.Arrays.copyOf(sent, small.length)), java.util.Arrays.toString(small));
                final int[] whole = new int[count];
                device.await(device.irecv(whole, Primitive.INT, 0, count, 0, 2, 0));
                assertTrue(java.util.Arrays.equals(sent, whole), "the message after the truncated one");
            });
            assertEquals(2, job.transports[1].puller().pulls() + job.transports[0].exposer().withdrawn());
        }
    }

    @Test
    void aPayloadNotCopiedInTimeIsWithdrawnAndStreamedIntoTheSameReceive() throws Exception
    {
        final Map<String, String> settings = settings("kernel");
        settings.put(ShmDeviceProvider.EXPOSE_TIMEOUT_PROP_NAME, "0");
        try (ShmTestJob job = ShmTestJob.open(2, settings))
        {
            final int count = 2 << 20;
            final byte[] sent = (byte[])pattern(Primitive.BYTE, count, 9);
            job.run(rank ->
            {
                final MatchingDevice device = job.devices[rank];
                if (rank == 0)
                {
                    device.await(device.isend(sent, Primitive.BYTE, 0, count, 1, 0, 4, 0, SendMode.STANDARD));
                    return;
                }
                final byte[] received = new byte[count];
                final ReceiveRequest recv = device.irecv(received, Primitive.BYTE, 0, count, 0, 4, 0);
                // Progress until the clear-to-send asking for a pull is out, then none for a while: the exposure, of about
                // 2 ms (1 ns a byte), times out before this rank could copy.
                while (job.transports[1].puller().pending() == 0)
                {
                    device.progress();
                }
                sleep(300);
                device.await(recv);
                assertNull(recv.error());
                assertTrue(java.util.Arrays.equals(sent, received), "the streamed payload differs");
            });
            assertEquals(1, job.transports[0].exposer().withdrawn());
            assertEquals(0, job.transports[1].puller().pulls());
            assertEquals(0, job.transports[1].puller().pending(), "the receive still counts as waiting for a pull");
        }
    }

    @Test
    void aProbeThatFailsKeepsTheRingsAndRankZeroSaysWhy() throws Exception
    {
        final Map<String, String> settings = settings("kernel");
        settings.put(ShmDeviceProvider.FAIL_PROBE_PROP_NAME, "true");
        settings.put(DeviceContext.VERBOSE_PROP_NAME, "true");
        final String said = stderrOf(() ->
        {
            try (ShmTestJob job = ShmTestJob.open(3, settings))
            {
                job.run(rank -> exchangeWithAll(job, rank));
                for (int rank = 0; rank < 3; rank++)
                {
                    assertNull(job.transports[rank].puller(), "rank " + rank + " pulls");
                }
                assertEquals(0, job.transports[0].exposer().pulled());
            }
        });
        assertTrue(said.contains("openmpj: shm: messages over 64 KiB: no kernel copy: rank 1's probe of rank 0 was made"
            + " to fail (-D" + ShmDeviceProvider.FAIL_PROBE_PROP_NAME + "=true); they stream through the rings"), said);
    }

    @Test
    void rankZeroSaysWhichWayLargeMessagesGo() throws Exception
    {
        final Map<String, String> kernel = settings("kernel");
        kernel.put(DeviceContext.VERBOSE_PROP_NAME, "true");
        final String oneCopy = stderrOf(() ->
        {
            try (ShmTestJob job = ShmTestJob.open(2, kernel))
            {
                job.run(rank -> { });
            }
        });
        // On x86-64 Linux the call is process_vm_readv; a machine whose system-call filter refuses it fails here, loudly.
        final String call = ProcessMemory.crossMemoryAttachCause() == null ? "process_vm_readv" : "pread on /proc/PID/mem";
        assertTrue(oneCopy.contains("openmpj: shm: messages over 64 KiB move with one copy through the kernel (" + call + ") from lower"
            + " to higher ranks, through the rings otherwise"), oneCopy);
        final Map<String, String> ring = settings("ring");
        ring.put(DeviceContext.VERBOSE_PROP_NAME, "true");
        final String rings = stderrOf(() ->
        {
            try (ShmTestJob job = ShmTestJob.open(2, ring))
            {
                job.run(rank -> { });
                assertNull(job.transports[0].exposer());
                assertNull(job.transports[1].puller());
            }
        });
        assertTrue(rings.contains("openmpj: shm: messages over 64 KiB stream through the rings (two copies, overlapping)"), rings);
    }

    /**
     * Sends every size of every kind to each other rank and receives as much from each, into slices that start mid-array:
     * first upwards only (each receiver then has nothing of its own on the way to the sender, so it pulls), then downwards.
     */
    private static void exchangeWithAll(final ShmTestJob job, final int rank)
    {
        exchange(job, rank, true);
        exchange(job, rank, false);
    }

    /** Sends to every higher rank and receives from every lower one ({@code upwards}), or the other way round. */
    private static void exchange(final ShmTestJob job, final int rank, final boolean upwards)
    {
        final MatchingDevice device = job.devices[rank];
        final int size = job.devices.length;
        final List<Request> sends = new ArrayList<>();
        final List<ReceiveRequest> receives = new ArrayList<>();
        final List<Object> buffers = new ArrayList<>();
        final List<Object> expected = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (int peer = 0; peer < size; peer++)
        {
            if (peer == rank)
            {
                continue;
            }
            final boolean sendsToPeer = upwards == peer > rank;
            for (int k = 0; k < KINDS.length; k++)
            {
                final Primitive kind = KINDS[k];
                for (int s = 0; s < SIZES.length; s++)
                {
                    final int count = (SIZES[s] + kind.sizeBytes() - 1) / kind.sizeBytes();
                    final int tag = k * SIZES.length + s;
                    if (sendsToPeer)
                    {
                        final Object out = pattern(kind, count + SEND_HEAD, 0);
                        System.arraycopy(pattern(kind, count, seed(rank, peer, tag)), 0, out, SEND_HEAD, count);
                        sends.add(device.isend(out, kind, SEND_HEAD, count, peer, rank, tag, 0, SendMode.STANDARD));
                    }
                    else
                    {
                        final Object in = pattern(kind, HEAD + count, 0);
                        receives.add(device.irecv(in, kind, HEAD, count, peer, tag, 0));
                        buffers.add(in);
                        expected.add(pattern(kind, count, seed(peer, rank, tag)));
                        names.add(count + " " + kind + " from rank " + peer);
                    }
                }
            }
        }
        for (final Request send : sends)
        {
            device.await(send);
        }
        for (int i = 0; i < receives.size(); i++)
        {
            device.await(receives.get(i));
            assertNull(receives.get(i).error(), names.get(i));
            assertTrue(sameAfterHead(expected.get(i), buffers.get(i)), names.get(i) + " differs");
        }
    }

    /** @return whether {@code got}, from element {@link #HEAD} on, holds {@code want}. */
    private static boolean sameAfterHead(final Object want, final Object got)
    {
        final int count = Array.getLength(want);
        return switch (want)
        {
            case byte[] values -> java.util.Arrays.equals(values, 0, count, (byte[])got, HEAD, HEAD + count);
            case int[] values -> java.util.Arrays.equals(values, 0, count, (int[])got, HEAD, HEAD + count);
            case double[] values -> java.util.Arrays.equals(values, 0, count, (double[])got, HEAD, HEAD + count);
            case char[] values -> java.util.Arrays.equals(values, 0, count, (char[])got, HEAD, HEAD + count);
            case boolean[] values -> java.util.Arrays.equals(values, 0, count, (boolean[])got, HEAD, HEAD + count);
            default -> throw new IllegalArgumentException(want.getClass().toString());
        };
    }

    private static long seed(final int from, final int to, final int tag)
    {
        return from * 1000L + to * 100L + tag + 1;
    }

    /** @return {@code count} elements of {@code kind} made from {@code seed}; 0 gives zeros. */
    private static Object pattern(final Primitive kind, final int count, final long seed)
    {
        final Object array = kind.newArray(count);
        if (seed == 0)
        {
            return array;
        }
        final java.util.Random values = new java.util.Random(seed);
        for (int i = 0; i < count; i++)
        {
            switch (kind)
            {
                case BYTE -> ((byte[])array)[i] = (byte)values.nextInt();
                case INT -> ((int[])array)[i] = values.nextInt();
                case DOUBLE -> ((double[])array)[i] = values.nextDouble();
                case CHAR -> ((char[])array)[i] = (char)values.nextInt();
                case BOOLEAN -> ((boolean[])array)[i] = values.nextBoolean();
                default -> throw new IllegalArgumentException(kind.toString());
            }
        }
        return array;
    }

    private static void sleep(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }

    private Map<String, String> settings(final String largeCopy)
    {
        final Map<String, String> settings = new HashMap<>();
        settings.put(ShmDeviceProvider.DIR_PROP_NAME, dir.toString());
        settings.put(ShmDeviceProvider.LARGE_COPY_PROP_NAME, largeCopy);
        return settings;
    }

    /** @return what {@code action} printed on {@link System#err}, which it also gets back afterwards. */
    private static String stderrOf(final Action action) throws Exception
    {
        final PrintStream before = System.err;
        final ByteArrayOutputStream said = new ByteArrayOutputStream();
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        try
        {
            action.run();
        }
        finally
        {
            System.setErr(before);
        }
        return said.toString(StandardCharsets.UTF_8);
    }

    /** Something a test does that may throw. */
    private interface Action
    {
        void run() throws Exception;
    }
}
