package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.LayoutBuilder;
import org.openmpj.engine.datatype.TypeMap;
import org.openmpj.engine.messages.Completion;
import org.openmpj.engine.messages.MatchedMessage;
import org.openmpj.engine.messages.Messages;
import org.openmpj.engine.messages.Operation;
import org.openmpj.engine.messages.SegmentMessages;

/**
 * Point-to-point messages of typed items in memory segments (a façade's direct buffers): contiguous and strided types, to
 * and from arrays, truncation, buffered sends, and matched probes. Two thread ranks.
 */
@Timeout(60)
class SegmentMessagesTest
{
    private static final TypeMap INT = TypeMap.element(Primitive.INT, "INT");

    /** Every other int: two ints per item, one apart, items four ints apart. */
    private static TypeMap everyOther()
    {
        final LayoutBuilder builder = new LayoutBuilder("everyOther");
        builder.addCopies(Layout.ELEMENT, 0, 2, 2);
        return TypeMap.derived(builder.build().resized(0, 4), INT, "everyOther");
    }

    private static MemorySegment ints(final Arena arena, final int... values)
    {
        return arena.allocateFrom(ValueLayout.JAVA_INT, values);
    }

    @Test
    void contiguousAndStridedItemsBetweenSegmentsAndArrays()
    {
        EngineJob.run(2, world ->
        {
            try (Arena arena = Arena.ofShared())
            {
                if (world.rank() == 0)
                {
                    SegmentMessages.send(world, ints(arena, 1, 2, 3, 4), 4, INT, 1, 0, SendMode.STANDARD);
                    SegmentMessages.send(world, ints(arena, 10, -1, 11, -1, 12, -1, 13), 2, everyOther(), 1, 1, SendMode.SYNCHRONOUS);
                    final Operation send = SegmentMessages.startSend(world, ints(arena, 7, 8), 2, INT, 1, 2, SendMode.STANDARD);
                    send.await();
                    send.finish(null);
                }
                else
                {
                    final int[] array = new int[4];
                    Messages.receiveAndFinish(world, array, 0, 4, INT, 0, 0, null);
                    assertArrayEquals(new int[] {1, 2, 3, 4}, array);
                    final MemorySegment strided = arena.allocate(Integer.BYTES * 7L);
                    final Completion done = SegmentMessages.receive(world, strided, 2, everyOther(), 0, 1);
                    assertEquals(16, done.byteCount());
                    assertArrayEquals(new int[] {10, 0, 11, 0, 12, 0, 13}, strided.toArray(ValueLayout.JAVA_INT));
                    final MemorySegment last = arena.allocate(Integer.BYTES * 2L);
                    final Operation receive = SegmentMessages.startReceive(world, last, 2, INT, 0, 2);
                    receive.await();
                    assertEquals(0, receive.finish(null).source());
                    assertArrayEquals(new int[] {7, 8}, last.toArray(ValueLayout.JAVA_INT));
                }
            }
        });
    }

    @Test
    void aMessageLargerThanTheReceiveFailsWithTruncate()
    {
        EngineJob.run(2, world ->
        {
            try (Arena arena = Arena.ofShared())
            {
                if (world.rank() == 0)
                {
                    SegmentMessages.send(world, ints(arena, 1, 2, 3), 3, INT, 1, 0, SendMode.STANDARD);
                }
                else
                {
                    final OpenMpjException failure = assertThrows(OpenMpjException.class,
                        () -> SegmentMessages.receive(world, arena.allocate(8), 2, INT, 0, 0));
                    assertEquals(ErrorClass.ERR_TRUNCATE, failure.errorClass());
                }
            }
        });
    }

    @Test
    void bufferedSendCopiesOutOfTheSegment()
    {
        EngineJob.run(2, world ->
        {
            try (Arena arena = Arena.ofShared())
            {
                if (world.rank() == 0)
                {
                    final AttachedBuffer attached = new AttachedBuffer(new byte[256], 256);
                    final MemorySegment data = ints(arena, 5, -1, 6, -1);
                    SegmentMessages.sendBuffered(attached, world, data, 1, everyOther(), 1, 3);
                    data.fill((byte)0);
                    attached.drain(world);
                }
                else
                {
                    final int[] got = new int[2];
                    Messages.receiveAndFinish(world, got, 0, 2, INT, 0, 3, null);
                    assertArrayEquals(new int[] {5, 6}, got);
                }
            }
        });
    }

    @Test
    void aMatchedMessageIsReceivedByItsHandleAlone()
    {
        EngineJob.run(2, world ->
        {
            if (world.rank() == 0)
            {
                Messages.send(world, new int[] {1, 2, 3}, 0, 3, INT, 1, 4, SendMode.STANDARD);
                Messages.send(world, new int[] {9}, 0, 1, INT, 1, 4, SendMode.STANDARD);
                Messages.send(world, new int[] {1, 2, 3}, 0, 3, INT, 1, 6, SendMode.STANDARD);
            }
            else
            {
                final MatchedMessage first = MatchedMessage.probe(world, Communicator.ANY_SOURCE, 4, true);
                assertEquals(12, first.envelope().byteCount());
                // A receive posted after the probe takes the second message, not the matched one.
                final int[] other = new int[3];
                final Completion next = Messages.receiveAndFinish(world, other, 0, 3, INT, 0, 4, null);
                assertEquals(4, next.byteCount());
                assertEquals(9, other[0]);
                final int[] strided = new int[5];
                final Operation receive = first.receive(strided, 0, 2, everyOther());
                receive.await();
                assertEquals(12, receive.finish(null).byteCount());
                assertArrayEquals(new int[] {1, 0, 2, 0, 3}, strided);
                final MatchedMessage large = MatchedMessage.probe(world, 0, 6, true);
                final Operation small = large.receive(new int[2], 0, 2, INT);
                small.await();
                final OpenMpjException truncated = assertThrows(OpenMpjException.class, () -> small.finish(null));
                assertEquals(ErrorClass.ERR_TRUNCATE, truncated.errorClass());
                final MatchedMessage none = MatchedMessage.probe(world, Communicator.PROC_NULL, 0, false);
                assertTrue(none.isFromNoProcess());
                final Operation nothing = none.receive(new int[0], 0, 0, INT);
                nothing.await();
                assertEquals(Communicator.PROC_NULL, nothing.finish(null).source());
            }
        });
    }
}
