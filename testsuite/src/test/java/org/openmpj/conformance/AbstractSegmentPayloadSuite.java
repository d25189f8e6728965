package org.openmpj.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.testing.DeviceJob;

/**
 * Memory segments carry messages on every transport as arrays do: native and heap segments, from a byte to more than
 * 2 GiB, eager and rendezvous, to and from arrays of other kinds, truncated when the receiving segment is short; and a
 * segment that cannot carry one is refused, naming why. Each rank is a thread of its own, as in a job of thread ranks.
 * A subclass names the devices and settings to try.
 */
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class AbstractSegmentPayloadSuite
{
    /** An eager limit for the devices tried, below the sizes sent by rendezvous. */
    protected static final int EAGER_LIMIT = 64 * 1024;
    private static final int[] SIZES = {0, 1, 100, 5_003, 48 * 1024, 3 * 1024 * 1024 + 5};
    /** More than a Java array of bytes holds, and no multiple of any element's size. */
    private static final long OVER_2_GIB = (1L << 31) + 12_345;
    private static final long SECONDS = 60;

    @ParameterizedTest(name = "{0}")
    @MethodSource("devices")
    void nativeSegmentsCarryMessagesOfEverySize(final String name, final DeviceProvider provider, final Map<String, String> settings)
        throws Exception
    {
        try (DeviceJob job = new DeviceJob(provider, 2, settings); Arena arena = Arena.ofShared())
        {
            for (final int bytes : SIZES)
            {
                for (final SendMode mode : new SendMode[] {SendMode.STANDARD, SendMode.SYNCHRONOUS})
                {
                    final MemorySegment sent = pattern(arena.allocate(bytes), 1);
                    final MemorySegment received = pattern(arena.allocate(bytes + 16L), 2);
                    final MemorySegment untouchedTail = pattern(arena.allocate(bytes + 16L), 2).asSlice(bytes);
                    final String what = name + ", " + bytes + " bytes, " + mode;

                    final ReceiveRequest recv = exchange(job, d -> d.isend(sent, 1, 0, 7, 0, mode), d -> d.irecv(received, 0, 7, 0));
                    assertNull(recv.error(), () -> what + ": " + recv.error());
                    assertEquals(bytes, recv.byteCount(), what);
                    assertEquals(-1, received.asSlice(0, bytes).mismatch(sent), what);
                    assertEquals(-1, received.asSlice(bytes).mismatch(untouchedTail), what + ": the bytes past the message");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("devices")
    void segmentsAndArraysOfOtherKindsMeet(final String name, final DeviceProvider provider, final Map<String, String> settings)
        throws Exception
    {
        try (DeviceJob job = new DeviceJob(provider, 2, settings); Arena arena = Arena.ofShared())
        {
            for (final int count : new int[] {3, 40_000, 400_003})
            {
                // A native segment into the middle of a double[].
                final MemorySegment doubles = arena.allocate(ValueLayout.JAVA_DOUBLE, count);
                for (int i = 0; i < count; i++)
                {
                    doubles.setAtIndex(ValueLayout.JAVA_DOUBLE, i, i * 0.5 - count);
                }
                final double[] intoDoubles = new double[count + 2];
                final ReceiveRequest toArray = exchange(job, d -> d.isend(doubles, 1, 0, 8, 0, SendMode.STANDARD),
                    d -> d.irecv(intoDoubles, Primitive.DOUBLE, 1, count, 0, 8, 0));
                assertNull(toArray.error());
                final double[] expectedDoubles = new double[count + 2];
                MemorySegment.copy(doubles, ValueLayout.JAVA_DOUBLE, 0, expectedDoubles, 1, count);
                assertArrayEquals(expectedDoubles, intoDoubles, name + ": segment to double[], " + count);

                // The middle of an int[] into a heap segment over a long[].
                final int[] ints = new int[count + 3];
                for (int i = 0; i < ints.length; i++)
                {
                    ints[i] = i * 7919 - 3;
                }
                final long[] longs = new long[(count + 1) / 2];
                final ReceiveRequest toHeapSegment = exchange(job, d -> d.isend(ints, Primitive.INT, 2, count, 1, 0, 9, 0, SendMode.STANDARD),
                    d -> d.irecv(MemorySegment.ofArray(longs), 0, 9, 0));
                assertNull(toHeapSegment.error());
                assertEquals(4L * count, toHeapSegment.byteCount());
                final int[] landed = new int[count];
                MemorySegment.copy(MemorySegment.ofArray(longs), ValueLayout.JAVA_INT, 0, landed, 0, count);
                assertArrayEquals(java.util.Arrays.copyOfRange(ints, 2, 2 + count), landed, name + ": int[] to heap segment, " + count);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("devices")
    void aShortSegmentTruncatesTheMessageAndTheNextOneStillArrives(final String name, final DeviceProvider provider,
        final Map<String, String> settings) throws Exception
    {
        try (DeviceJob job = new DeviceJob(provider, 2, settings); Arena arena = Arena.ofShared())
        {
            for (final int bytes : new int[] {1_000, 2 * 1024 * 1024})
            {
                final MemorySegment sent = pattern(arena.allocate(bytes), 3);
                final MemorySegment room = arena.allocate(bytes / 3);
                final ReceiveRequest truncated = exchange(job, d -> d.isend(sent, 1, 0, 4, 0, SendMode.STANDARD),
                    d -> d.irecv(room, 0, 4, 0));
                assertNotNull(truncated.error(), name + ": a message longer than the segment is an error");
                assertEquals(ErrorClass.ERR_TRUNCATE, truncated.error().errorClass());
                assertEquals(-1, room.mismatch(sent.asSlice(0, room.byteSize())), name + ": the bytes that fit");

                final MemorySegment next = pattern(arena.allocate(5_000), 4);
                final MemorySegment nextRoom = arena.allocate(5_000);
                final ReceiveRequest after = exchange(job, d -> d.isend(next, 1, 0, 4, 0, SendMode.STANDARD), d -> d.irecv(nextRoom, 0, 4, 0));
                assertNull(after.error());
                assertEquals(-1, nextRoom.mismatch(next), name + ": the message after a truncated one");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("devices")
    @Timeout(300)
    void aMessageOfMoreThan2GiBArrivesWhole(final String name, final DeviceProvider provider, final Map<String, String> settings)
        throws Exception
    {
        final Path dir = Path.of("/dev/shm");
        final Path sentFile = Files.createTempFile(dir, "openmpj-segment-test-", ".bin");
        final Path receivedFile = Files.createTempFile(dir, "openmpj-segment-test-", ".bin");
        // Mapped files, not the arena's own memory, which counts against the JVM's direct memory limit (the test heap's size).
        try (DeviceJob job = new DeviceJob(provider, 2, settings); Arena arena = Arena.ofShared())
        {
            final MemorySegment sent = pattern(mapped(sentFile, OVER_2_GIB, arena), 5);
            final MemorySegment received = mapped(receivedFile, OVER_2_GIB, arena);
            final ReceiveRequest recv = exchange(job, d -> d.isend(sent, 1, 0, 11, 0, SendMode.STANDARD), d -> d.irecv(received, 0, 11, 0));
            assertNull(recv.error(), () -> name + ": " + recv.error());
            assertEquals(OVER_2_GIB, recv.byteCount());
            assertEquals(-1, received.mismatch(sent), name + ": the bytes of a message of " + OVER_2_GIB);
        }
        finally
        {
            Files.deleteIfExists(sentFile);
            Files.deleteIfExists(receivedFile);
        }
    }

    @Test
    void aSegmentThatCannotCarryAMessageIsRefusedNamingWhy() throws Exception
    {
        final Object[] first = devices().findFirst().orElseThrow().get();
        try (DeviceJob job = new DeviceJob((DeviceProvider)first[1], 2, settings(first[2])))
        {
            final Device device = job.devices[0];
            try (Arena confined = Arena.ofConfined())
            {
                final MemorySegment owned = confined.allocate(64);
                assertRefused("confined to one thread", () -> device.isend(owned, 1, 0, 1, 0, SendMode.STANDARD));
                assertRefused("confined to one thread", () -> device.irecv(owned, 1, 1, 0));
            }
            final Arena closing = Arena.ofShared();
            final MemorySegment freed = closing.allocate(64);
            closing.close();
            assertRefused("closed arena", () -> device.isend(freed, 1, 0, 1, 0, SendMode.STANDARD));
            assertRefused("read-only", () -> device.irecv(MemorySegment.ofArray(new byte[8]).asReadOnly(), 1, 1, 0));
            assertRefused("null", () -> device.isend(null, 1, 0, 1, 0, SendMode.STANDARD));
        }
    }

    /** @return the devices to try: each a name, a {@link DeviceProvider} and its device settings. */
    protected abstract Stream<Arguments> devices();

    /** A call on one rank's device. */
    private interface OnDevice<R>
    {
        R on(Device device);
    }

    /** Rank 0 sends, rank 1 receives, each on its own thread, each waiting for its own request. */
    private static ReceiveRequest exchange(final DeviceJob job, final OnDevice<Request> send, final OnDevice<ReceiveRequest> recv)
        throws Exception
    {
        return (ReceiveRequest)job.onEveryRank(rank -> () ->
        {
            final Device device = job.devices[rank];
            final Request request = rank == 0 ? send.on(device) : recv.on(device);
            try
            {
                device.await(request);
            }
            catch (final OpenMpjException ex)
            {
                // A request that failed keeps its error, which the test looks at; any other failure is the test's.
                if (request.error() == null)
                {
                    throw ex;
                }
            }
            return request;
        }, SECONDS).get(1);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> settings(final Object settings)
    {
        return (Map<String, String>)settings;
    }

    private static void assertRefused(final String why, final org.junit.jupiter.api.function.Executable call)
    {
        final OpenMpjException refused = assertThrows(OpenMpjException.class, call);
        assertEquals(ErrorClass.ERR_BUFFER, refused.errorClass());
        assertTrue(refused.getMessage().contains(why), refused::getMessage);
    }

    /** @return {@code segment}, filled with bytes that follow from their position and {@code seed}. */
    private static MemorySegment pattern(final MemorySegment segment, final int seed)
    {
        final long words = segment.byteSize() / Long.BYTES;
        for (long i = 0; i < words; i++)
        {
            segment.set(ValueLayout.JAVA_LONG_UNALIGNED, i * Long.BYTES, (i + seed) * 0x9E37_79B9_7F4A_7C15L);
        }
        for (long at = words * Long.BYTES; at < segment.byteSize(); at++)
        {
            segment.set(ValueLayout.JAVA_BYTE, at, (byte)(at * 31 + seed));
        }
        return segment;
    }

    private static MemorySegment mapped(final Path file, final long bytes, final Arena arena) throws IOException
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
        }
    }
}
