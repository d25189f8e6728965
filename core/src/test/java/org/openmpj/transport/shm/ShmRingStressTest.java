package org.openmpj.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;
import org.openmpj.device.SharedKeyValueStore;
import org.openmpj.matching.FrameDescriptor;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.RankDeviceContext;

/**
 * The rings under load: two ranks of one JVM swap thousands of messages of random sizes and kinds in both directions
 * at once through rings far smaller than the larger messages, so that frames wrap around the ring's end, wait in
 * backlogs and stream through in pieces; every byte must arrive in order. And what a corrupt ring holds is refused.
 */
@Timeout(120)
class ShmRingStressTest
{
    private static final int MESSAGES = 3000;
    private static final int MAX_BYTES = 20_000;

    @TempDir
    Path dir;

    /** Waits that back off may sleep on the wake word, so that publishing looks for sleepers; waits that spin skip that. */
    @ParameterizedTest(name = "waits {0}")
    @ValueSource(strings = {"backoff", "spin"})
    void randomMessagesBothWaysArriveWholeAndInOrder(final String idle) throws Exception
    {
        final Device[] devices = open(2, idle, Map.of(ShmDeviceProvider.RING_BYTES_PROP_NAME, "4096",
            ShmDeviceProvider.EAGER_LIMIT_PROP_NAME, "3000", ShmDeviceProvider.DIR_PROP_NAME, dir.toString()));
        final ExecutorService ranks = Executors.newFixedThreadPool(2);
        try
        {
            final Future<?> zero = ranks.submit(() -> exchange(devices[0], 1, 7L, 11L));
            final Future<?> one = ranks.submit(() -> exchange(devices[1], 0, 11L, 7L));
            zero.get(100, TimeUnit.SECONDS);
            one.get(100, TimeUnit.SECONDS);
        }
        finally
        {
            ranks.shutdownNow();
            close(devices);
        }
        try (var left = Files.list(dir))
        {
            assertEquals(0, left.count(), "the segment file outlived the job's start");
        }
    }

    @Test
    void aRingWhosePositionsMakeNoSenseIsRefused() throws Exception
    {
        final String tooMuch = refusal("1", (memory, ring, data, key) ->
        {
            memory.set(ValueLayout.JAVA_BYTE, data + SegmentDescriptor.FRAME_HEADER_OFFSET + FrameDescriptor.TYPE_OFFSET, FrameDescriptor.EAGER);
            memory.set(ValueLayout.JAVA_LONG, data + SegmentDescriptor.FRAME_HEADER_OFFSET + FrameDescriptor.BYTE_COUNT_OFFSET, 1000L);
            memory.set(ValueLayout.JAVA_LONG, data, SegmentDescriptor.commitWord(key, 0, SegmentDescriptor.COMMIT_HEADER));
            memory.set(ValueLayout.JAVA_LONG, ring + SegmentDescriptor.TAIL_OFFSET, 1L << 40);
        });
        assertTrue(tooMuch.contains("bytes are waiting in 4096 bytes of room"), tooMuch);
        final String unknown = refusal("2", (memory, ring, data, key) ->
        {
            memory.set(ValueLayout.JAVA_BYTE, data + SegmentDescriptor.FRAME_HEADER_OFFSET + FrameDescriptor.TYPE_OFFSET, (byte)99);
            memory.set(ValueLayout.JAVA_LONG, data, SegmentDescriptor.commitWord(key, 0, SegmentDescriptor.COMMIT_WHOLE));
        });
        assertTrue(unknown.contains("unknown type 99"), unknown);
        final String huge = refusal("3", (memory, ring, data, key) ->
        {
            memory.set(ValueLayout.JAVA_BYTE, data + SegmentDescriptor.FRAME_HEADER_OFFSET + FrameDescriptor.TYPE_OFFSET, FrameDescriptor.EAGER);
            memory.set(ValueLayout.JAVA_LONG, data + SegmentDescriptor.FRAME_HEADER_OFFSET + FrameDescriptor.BYTE_COUNT_OFFSET, Long.MAX_VALUE);
            memory.set(ValueLayout.JAVA_LONG, data, SegmentDescriptor.commitWord(key, 0, SegmentDescriptor.COMMIT_WHOLE));
        });
        assertTrue(huge.contains("bytes"), huge);
    }

    @Test
    void bytesLeftFromAnEarlierLapAreNotTakenForAFrame() throws Exception
    {
        final SharedSegment segment = SharedSegment.create(dir.resolve(SharedSegment.FILE_PREFIX + "lap-test"), 2, 4096);
        try
        {
            final MatchingDevice device = new MatchingDevice("shm", DeviceCapabilities.processes(true), 1, 2,
                IdleStrategies.choose("backoff", 2, 2), () -> { }, 1 << 20);
            final RingReader reader = new RingReader(segment, 0, 1, new PeerProtocol(device, 1024, 1 << 20), true);
            final long data = segment.ringOffset(0, 1) + SegmentDescriptor.RING_HEADER_BYTES;
            final long key = SegmentDescriptor.ringKey(segment.key(), 0, 1);
            // What the first lap left at position 0 is the commit of the frame at 0, or of one a lap on: neither is the
            // commit the reader waits for at 4096, after a lap, nor is a commit made with the key of another ring.
            segment.memory().set(ValueLayout.JAVA_LONG, data, SegmentDescriptor.commitWord(key, 0, SegmentDescriptor.COMMIT_WHOLE));
            assertTrue(reader.hasData(), "a frame committed at the reader's position is seen");
            segment.memory().set(ValueLayout.JAVA_LONG, data,
                SegmentDescriptor.commitWord(SegmentDescriptor.ringKey(segment.key(), 1, 0), 0, SegmentDescriptor.COMMIT_WHOLE));
            assertEquals(false, reader.hasData(), "a commit with another ring's key is not");
            segment.memory().set(ValueLayout.JAVA_LONG, data, SegmentDescriptor.commitWord(key, 4096, SegmentDescriptor.COMMIT_WHOLE));
            assertEquals(false, reader.hasData(), "a commit of a later lap is not");
            assertEquals(0, reader.read(), "nothing is read");
        }
        finally
        {
            segment.close();
        }
    }

    /**
     * A thread that looks for data while another one reads may see the reader's head inside a streamed payload beside a
     * payload end already cleared; the look then asks the tail, and reads no commit word at an unaligned position.
     */
    @Test
    void aLookThatSeesTheReaderMidPayloadAsksTheTail() throws Exception
    {
        final SharedSegment segment = SharedSegment.create(dir.resolve(SharedSegment.FILE_PREFIX + "torn-test"), 2, 4096);
        try
        {
            final MatchingDevice device = new MatchingDevice("shm", DeviceCapabilities.processes(true), 1, 2,
                IdleStrategies.choose("backoff", 2, 2), () -> { }, 1 << 20);
            final RingReader reader = new RingReader(segment, 0, 1, new PeerProtocol(device, 1024, 1 << 20), true);
            final long tail = segment.ringOffset(0, 1) + SegmentDescriptor.TAIL_OFFSET;
            final long insidePayload = SegmentDescriptor.FRAME_PAYLOAD_OFFSET + 13;
            segment.memory().set(ValueLayout.JAVA_LONG, tail, insidePayload);
            assertEquals(false, reader.hasData(insidePayload, -1), "no bytes past the head were published");
            segment.memory().set(ValueLayout.JAVA_LONG, tail, insidePayload + 100);
            assertTrue(reader.hasData(insidePayload, -1), "bytes past the head were published");
        }
        finally
        {
            segment.close();
        }
    }

    /** What another program might write into the ring from rank 0 to rank 1 of a segment. */
    private interface Corruption
    {
        void apply(java.lang.foreign.MemorySegment memory, long ring, long data, long ringKey);
    }

    /** @return the message of the error rank 1's reader throws on a fresh segment's ring from rank 0 once {@code corruption} is applied. */
    private String refusal(final String name, final Corruption corruption) throws Exception
    {
        final SharedSegment segment = SharedSegment.create(dir.resolve(SharedSegment.FILE_PREFIX + name + "-test"), 2, 4096);
        try
        {
            final MatchingDevice device = new MatchingDevice("shm", DeviceCapabilities.processes(true), 1, 2,
                IdleStrategies.choose("backoff", 2, 2), () -> { }, 1 << 20);
            final RingReader reader = new RingReader(segment, 0, 1, new PeerProtocol(device, 1024, 1 << 20), true);
            final long ring = segment.ringOffset(0, 1);
            corruption.apply(segment.memory(), ring, ring + SegmentDescriptor.RING_HEADER_BYTES, SegmentDescriptor.ringKey(segment.key(), 0, 1));
            return assertThrows(IllegalStateException.class, reader::read).getMessage();
        }
        finally
        {
            segment.close();
        }
    }

    /** Sends {@link #MESSAGES} random messages to {@code peer} and receives as many from it, checking each. */
    private static void exchange(final Device device, final int peer, final long sendSeed, final long receiveSeed)
    {
        final Random sending = new Random(sendSeed);
        final Random receiving = new Random(receiveSeed);
        final Request[] sends = new Request[MESSAGES];
        for (int i = 0; i < MESSAGES; i++)
        {
            final Primitive kind = kindOf(sending.nextInt(4));
            final int count = sending.nextInt(MAX_BYTES / kind.sizeBytes() + 1);
            final Object payload = fill(kind, count, sending.nextLong());
            final SendMode mode = sending.nextInt(10) == 0 ? SendMode.SYNCHRONOUS : SendMode.STANDARD;
            sends[i] = device.isend(payload, kind, 0, count, peer, device.rank(), i % 5, 0, mode);
            // Receive now and then, so that some messages wait as unexpected ones and some find their receive posted.
            if (i % 3 == 2)
            {
                for (int j = i - 2; j <= i; j++)
                {
                    receiveAndCheck(device, peer, receiving, j);
                }
            }
        }
        for (int j = MESSAGES - MESSAGES % 3; j < MESSAGES; j++)
        {
            receiveAndCheck(device, peer, receiving, j);
        }
        for (final Request send : sends)
        {
            device.await(send);
        }
    }

    private static void receiveAndCheck(final Device device, final int peer, final Random expected, final int index)
    {
        final Primitive kind = kindOf(expected.nextInt(4));
        final int count = expected.nextInt(MAX_BYTES / kind.sizeBytes() + 1);
        final Object want = fill(kind, count, expected.nextLong());
        expected.nextInt(10);
        final Object got = fill(kind, count, 0);
        final ReceiveRequest recv = device.irecv(got, kind, 0, count, peer, index % 5, 0);
        device.await(recv);
        assertEquals(null, recv.error(), "message " + index);
        assertEquals((long)count * kind.sizeBytes(), recv.byteCount(), "bytes of message " + index);
        assertTrue(Arrays.equals(bytesOf(want), bytesOf(got)), "contents of message " + index + " (" + count + " " + kind + ")");
    }

    private static Primitive kindOf(final int choice)
    {
        return switch (choice)
        {
            case 0 -> Primitive.BYTE;
            case 1 -> Primitive.INT;
            case 2 -> Primitive.DOUBLE;
            default -> Primitive.CHAR;
        };
    }

    private static Object fill(final Primitive kind, final int count, final long seed)
    {
        final Random values = new Random(seed);
        return switch (kind)
        {
            case BYTE ->
            {
                final byte[] array = new byte[count];
                values.nextBytes(array);
                yield array;
            }
            case INT -> values.ints(count).toArray();
            case DOUBLE -> values.doubles(count).toArray();
            default ->
            {
                final char[] array = new char[count];
                for (int i = 0; i < count; i++)
                {
                    array[i] = (char)values.nextInt();
                }
                yield array;
            }
        };
    }

    private static byte[] bytesOf(final Object array)
    {
        return switch (array)
        {
            case byte[] bytes -> bytes;
            case int[] ints -> java.lang.foreign.MemorySegment.ofArray(ints).toArray(ValueLayout.JAVA_BYTE);
            case double[] doubles -> java.lang.foreign.MemorySegment.ofArray(doubles).toArray(ValueLayout.JAVA_BYTE);
            case char[] chars -> java.lang.foreign.MemorySegment.ofArray(chars).toArray(ValueLayout.JAVA_BYTE);
            default -> throw new IllegalArgumentException(array.getClass().toString());
        };
    }

    private static Device[] open(final int size, final String idle, final Map<String, String> properties) throws Exception
    {
        final JobState job = new JobState();
        final SharedKeyValueStore store = new SharedKeyValueStore(size, job);
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        final ExecutorService opening = Executors.newFixedThreadPool(size);
        try
        {
            final java.util.List<Future<Device>> opened = new java.util.ArrayList<>();
            for (int rank = 0; rank < size; rank++)
            {
                final int r = rank;
                opened.add(opening.submit(() -> new ShmDeviceProvider().open(new RankDeviceContext(r, size, properties::get, job,
                    IdleStrategies.choose(idle, size, 2), shared, store))));
            }
            final Device[] devices = new Device[size];
            for (int rank = 0; rank < size; rank++)
            {
                devices[rank] = opened.get(rank).get(30, TimeUnit.SECONDS);
            }
            return devices;
        }
        finally
        {
            opening.shutdownNow();
        }
    }

    private static void close(final Device[] devices)
    {
        for (final Device device : devices)
        {
            device.close();
        }
    }
}
