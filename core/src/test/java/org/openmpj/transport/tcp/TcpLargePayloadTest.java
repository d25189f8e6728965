package org.openmpj.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.device.SharedKeyValueStore;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.RankDeviceContext;
import org.openmpj.device.Device;
import org.openmpj.ErrorClass;
import org.openmpj.Primitive;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * Large payloads of every element kind cross a tcp connection intact: eager (below the eager limit) and rendezvous,
 * from and into the middle of arrays, and truncated into a receive buffer that is too short. Payloads of 64 KiB and
 * more go natively, straight between the arrays and the socket (boolean arrays excepted), so this checks the native
 * path's offsets and its hand-over to the staged path for a truncated message's dropped tail. Every case runs
 * with native payloads off ({@code openmpj.tcp.nativeIo}), and on with native sends whole and in pieces of a size that
 * is no multiple of any element's ({@code openmpj.tcp.sendPieceBytes}).
 */
@Timeout(60)
class TcpLargePayloadTest
{
    private static final int EAGER_LIMIT = 256 * 1024;
    private static final int HEAD_ELEMENTS = 3;
    private static final int TAIL_ELEMENTS = 5;
    /** A native send piece that splits elements of every size but one byte. */
    private static final int ODD_PIECE_BYTES = 100_001;

    @ParameterizedTest
    @MethodSource("kindsAndSettings")
    void payloadsArriveWholeInEveryMode(final Primitive kind, final boolean nativeIo, final long sendPieceBytes) throws Exception
    {
        try (TcpTestJob job = job(nativeIo, sendPieceBytes))
        {
            // Eager (staged, then native), rendezvous, and synchronous ones that are rendezvous whatever their size.
            for (final int bytes : new int[] {48 * 1024, 160 * 1024, 3 * 1024 * 1024 + 8})
            {
                for (final SendMode mode : new SendMode[] {SendMode.STANDARD, SendMode.SYNCHRONOUS})
                {
                    final int count = bytes / kind.sizeBytes();
                    final Object sent = pattern(kind, HEAD_ELEMENTS + count + TAIL_ELEMENTS, 1);
                    final Object received = pattern(kind, 2 * HEAD_ELEMENTS + count + TAIL_ELEMENTS, 2);
                    final Object expected = pattern(kind, 2 * HEAD_ELEMENTS + count + TAIL_ELEMENTS, 2);
                    System.arraycopy(sent, HEAD_ELEMENTS, expected, 2 * HEAD_ELEMENTS, count);

                    final Request send = job.devices[0].isend(sent, kind, HEAD_ELEMENTS, count, 1, 0, 9, 0, mode);
                    final Request recv = job.devices[1].irecv(received, kind, 2 * HEAD_ELEMENTS, count, 0, 9, 0);
                    finish(job, send, recv);
                    assertNull(recv.error(), () -> kind + " " + bytes + " bytes " + mode + ": " + recv.error());
                    assertEquals((long)count * kind.sizeBytes(), recv.byteCount());
                    assertSameContents(expected, received, kind + " " + bytes + " bytes " + mode);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kindsAndSettings")
    void aTruncatedPayloadFillsTheBufferAndTheNextMessageStillArrives(final Primitive kind, final boolean nativeIo,
        final long sendPieceBytes) throws Exception
    {
        try (TcpTestJob job = job(nativeIo, sendPieceBytes))
        {
            final int count = 2 * 1024 * 1024 / kind.sizeBytes();
            final int room = count / 3;
            final Object sent = pattern(kind, count, 3);
            final Object received = pattern(kind, room, 4);
            final Object expected = pattern(kind, room, 4);
            System.arraycopy(sent, 0, expected, 0, room);

            final Device sender = job.devices[0];
            final Device receiver = job.devices[1];
            final Request send = sender.isend(sent, kind, 0, count, 1, 0, 4, 0, SendMode.STANDARD);
            final Request recv = receiver.irecv(received, kind, 0, room, 0, 4, 0);
            finish(job, send, recv);
            assertNotNull(recv.error(), "a message longer than the buffer is an error");
            assertEquals(ErrorClass.ERR_TRUNCATE, recv.error().errorClass());
            assertSameContents(expected, received, kind + " truncated");

            final Object next = pattern(kind, 20_000, 5);
            final Object nextReceived = pattern(kind, 20_000, 6);
            final Request nextSend = sender.isend(next, kind, 0, 20_000, 1, 0, 4, 0, SendMode.STANDARD);
            final Request nextRecv = receiver.irecv(nextReceived, kind, 0, 20_000, 0, 4, 0);
            finish(job, nextSend, nextRecv);
            assertNull(nextRecv.error());
            assertSameContents(next, nextReceived, kind + " after a truncated message");
        }
    }

    @Test
    void unexpectedEagerMessagesWaitAsTheirSendersKindAndLandInAReceiveOfThatKindOrOfBytes() throws Exception
    {
        try (TcpTestJob job = job(true, TcpDeviceProvider.SEND_PIECE_DEFAULT))
        {
            final double[] doubles = (double[])pattern(Primitive.DOUBLE, 100, 7);
            final int[] oddInts = (int[])pattern(Primitive.INT, 101, 8);
            job.devices[0].isend(doubles, Primitive.DOUBLE, 0, doubles.length, 1, 0, 21, 0, SendMode.STANDARD);
            job.devices[0].isend(doubles, Primitive.DOUBLE, 0, doubles.length, 1, 0, 22, 0, SendMode.STANDARD);
            job.devices[0].isend(oddInts, Primitive.INT, 0, oddInts.length, 1, 0, 23, 0, SendMode.STANDARD);
            final org.openmpj.device.ProbeResult found = new org.openmpj.device.ProbeResult();
            while (!job.devices[1].iprobe(0, 23, 0, found))
            {
                job.devices[0].progress();
            }
            // All three wait unexpected now; a posted receive of each kind takes them.
            final double[] asDoubles = new double[doubles.length];
            job.devices[1].recv(asDoubles, Primitive.DOUBLE, 0, asDoubles.length, 0, 21, 0);
            assertArrayEquals(doubles, asDoubles);
            final byte[] asBytes = new byte[8 * doubles.length];
            job.devices[1].recv(asBytes, Primitive.BYTE, 0, asBytes.length, 0, 22, 0);
            final java.nio.ByteBuffer view = java.nio.ByteBuffer.wrap(asBytes).order(java.nio.ByteOrder.nativeOrder());
            for (int i = 0; i < doubles.length; i++)
            {
                assertEquals(doubles[i], view.getDouble(8 * i), "double " + i + " received as bytes");
            }
            final int[] asInts = new int[oddInts.length];
            job.devices[1].recv(asInts, Primitive.INT, 0, asInts.length, 0, 23, 0);
            assertArrayEquals(oddInts, asInts);
        }
    }

    @Test
    void aSendPieceOutsideItsRangeIsRefusedNamingIt()
    {
        for (final long bytes : new long[] {TcpDeviceProvider.SEND_PIECE_MIN - 1, TcpDeviceProvider.SEND_PIECE_DEFAULT + 1})
        {
            final JobState job = new JobState();
            final RankDeviceContext context = new RankDeviceContext(0, 1,
                Map.of(TcpDeviceProvider.SEND_PIECE_PROP_NAME, Long.toString(bytes))::get, job, IdleStrategies.choose("backoff", 1, 2),
                new ConcurrentHashMap<>(), new SharedKeyValueStore(1, job));
            final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> TcpSettings.sendPieceBytes(context));
            assertTrue(refused.getMessage().contains(TcpDeviceProvider.SEND_PIECE_PROP_NAME + "=" + bytes), refused::getMessage);
        }
    }

    static Stream<Arguments> kindsAndSettings()
    {
        return Arrays.stream(Primitive.values()).flatMap(kind -> Stream.of(
            Arguments.of(kind, true, TcpDeviceProvider.SEND_PIECE_DEFAULT),
            Arguments.of(kind, true, ODD_PIECE_BYTES),
            Arguments.of(kind, false, TcpDeviceProvider.SEND_PIECE_DEFAULT)));
    }

    private static TcpTestJob job(final boolean nativeIo, final long sendPieceBytes) throws Exception
    {
        return new TcpTestJob(2, Map.of(
            TcpDeviceProvider.EAGER_LIMIT_PROP_NAME, Integer.toString(EAGER_LIMIT),
            TcpDeviceProvider.NATIVE_IO_PROP_NAME, Boolean.toString(nativeIo),
            TcpDeviceProvider.SEND_PIECE_PROP_NAME, Long.toString(sendPieceBytes)));
    }

    private static void finish(final TcpTestJob job, final Request send, final Request recv)
    {
        while (!send.isComplete() || !recv.isComplete())
        {
            job.devices[0].progress();
            job.devices[1].progress();
        }
    }

    /** @return an array of {@code length} elements of {@code kind}, each a function of its index and {@code seed}. */
    private static Object pattern(final Primitive kind, final int length, final int seed)
    {
        final Object array = kind.newArray(length);
        for (int i = 0; i < length; i++)
        {
            final int value = i * 7919 + seed * 104_729;
            switch (kind)
            {
                case BYTE -> Array.setByte(array, i, (byte)value);
                case CHAR -> Array.setChar(array, i, (char)value);
                case SHORT -> Array.setShort(array, i, (short)value);
                case INT -> Array.setInt(array, i, value);
                case LONG -> Array.setLong(array, i, (long)value << 20 | seed);
                case FLOAT -> Array.setFloat(array, i, value * 0.5f);
                case DOUBLE -> Array.setDouble(array, i, value * 0.25);
                case BOOLEAN -> Array.setBoolean(array, i, Integer.bitCount(value) % 2 == 0);
            }
        }
        return array;
    }

    private static void assertSameContents(final Object expected, final Object actual, final String what)
    {
        final int length = Array.getLength(expected);
        assertEquals(length, Array.getLength(actual), what);
        final Object[] boxedExpected = new Object[length];
        final Object[] boxedActual = new Object[length];
        for (int i = 0; i < length; i++)
        {
            boxedExpected[i] = Array.get(expected, i);
            boxedActual[i] = Array.get(actual, i);
        }
        assertArrayEquals(boxedExpected, boxedActual, what);
    }
}
