package org.openmpj.device;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;
import org.openmpj.Primitive;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Pieces of array slices to native memory and back, whole elements or split anywhere. */
class BufferCopyTest
{
    @Test
    void aSliceOfDoublesGoesOutAndBackInPiecesOfWholeElements()
    {
        final double[] source = new double[20];
        for (int i = 0; i < source.length; i++)
        {
            source[i] = i * 1.5 - 7;
        }
        final double[] target = new double[20];
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment staging = arena.allocate(256);
            // Elements 3..18 of each array, in two pieces of 64 and 64 bytes, staged at an odd address.
            for (long fromByte = 0; fromByte < 128; fromByte += 64)
            {
                BufferCopy.toSegment(source, Primitive.DOUBLE, 3, fromByte, staging, 1, 64);
                BufferCopy.fromSegment(staging, 1, 64, target, Primitive.DOUBLE, 3, fromByte);
            }
        }
        final double[] expected = new double[20];
        System.arraycopy(source, 3, expected, 3, 16);
        assertArrayEquals(expected, target);
    }

    @Test
    void piecesThatSplitElementsStillCopyEveryByte()
    {
        final int[] source = {0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10, 0x11121314};
        final int[] target = new int[5];
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment staging = arena.allocate(32);
            // Elements 1..4 (16 bytes) in pieces of 3, 6 and 7 bytes.
            final long[][] pieces = {{0, 3}, {3, 6}, {9, 7}};
            for (final long[] piece : pieces)
            {
                BufferCopy.toSegment(source, Primitive.INT, 1, piece[0], staging, 0, piece[1]);
                BufferCopy.fromSegment(staging, 0, piece[1], target, Primitive.INT, 1, piece[0]);
            }
        }
        assertArrayEquals(new int[] {0, 0x05060708, 0x090a0b0c, 0x0d0e0f10, 0x11121314}, target);
    }

    @Test
    void aSegmentPayloadGoesOutAndBackThroughSegmentsAndBuffers()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment payload = arena.allocate(40);
            for (int i = 0; i < 40; i++)
            {
                payload.set(ValueLayout.JAVA_BYTE, i, (byte)(i * 3 + 1));
            }
            final MemorySegment staging = arena.allocate(64);
            BufferCopy.toSegment(payload, Primitive.BYTE, 0, 8, staging, 5, 24);
            final MemorySegment landed = arena.allocate(40);
            BufferCopy.fromSegment(staging, 5, 24, landed, Primitive.BYTE, 0, 8);
            assertEquals(-1, landed.asSlice(8, 24).mismatch(payload.asSlice(8, 24)));
            assertEquals(0, landed.get(ValueLayout.JAVA_BYTE, 7), "before the piece");

            final ByteBuffer buffer = ByteBuffer.allocateDirect(40);
            BufferCopy.toBuffer(payload, Primitive.BYTE, 0, 0, buffer, 40);
            assertEquals(40, buffer.position());
            final MemorySegment back = arena.allocate(40);
            BufferCopy.fromBuffer(buffer.flip(), 40, back, Primitive.BYTE, 0, 0);
            assertEquals(-1, back.mismatch(payload));
        }
    }
}
