package org.openmpj.device;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.openmpj.Primitive;

/**
 * Moves message bytes between primitive arrays, of the same kind or not, and memory segments. Same-kind copies are one
 * {@link System#arraycopy}; differing kinds are copied byte for byte in native order, as a network
 * would deliver them. {@code boolean} is one byte, 0 or 1. A segment stands where an array would, as a payload of kind
 * {@link Primitive#BYTE} (see {@link SegmentPayloads}).
 */
public final class ArrayCopy
{
    private ArrayCopy()
    {
    }

    /**
     * Copies {@code bytes} bytes from {@code src} starting at element {@code srcOffset} to {@code dst}
     * starting at element {@code dstOffset}. The caller has checked that both ranges fit.
     */
    public static void copy(
        final Object src, final Primitive srcKind, final int srcOffset,
        final Object dst, final Primitive dstKind, final int dstOffset,
        final long bytes)
    {
        if (src instanceof MemorySegment || dst instanceof MemorySegment)
        {
            copyBytes(src, srcKind, (long)srcOffset * srcKind.sizeBytes(), dst, dstKind, (long)dstOffset * dstKind.sizeBytes(), bytes);
        }
        else if (srcKind == dstKind)
        {
            copyElements(srcKind, src, srcOffset, dst, dstOffset, (int)(bytes / srcKind.sizeBytes()));
        }
        else if (srcKind != Primitive.BOOLEAN && dstKind != Primitive.BOOLEAN)
        {
            MemorySegment.copy(
                srcKind.segmentOf(src), (long)srcOffset * srcKind.sizeBytes(),
                dstKind.segmentOf(dst), (long)dstOffset * dstKind.sizeBytes(),
                bytes);
        }
        else
        {
            copyThroughBytes(src, srcKind, srcOffset, dst, dstKind, dstOffset, (int)bytes);
        }
    }

    /**
     * Copies bytes {@code fromByte} to {@code fromByte + bytes} of a message from the slice of {@code src} that starts at
     * element {@code srcOffset} into the same bytes of the slice of {@code dst} that starts at element {@code dstOffset}:
     * one part of a message copied in several. The part starts on a whole element of both arrays.
     */
    public static void copyPart(
        final Object src, final Primitive srcKind, final int srcOffset,
        final Object dst, final Primitive dstKind, final int dstOffset,
        final long fromByte, final long bytes)
    {
        if (src instanceof MemorySegment || dst instanceof MemorySegment)
        {
            copyBytes(src, srcKind, (long)srcOffset * srcKind.sizeBytes() + fromByte,
                dst, dstKind, (long)dstOffset * dstKind.sizeBytes() + fromByte, bytes);
        }
        else
        {
            copy(src, srcKind, srcOffset + (int)(fromByte / srcKind.sizeBytes()),
                dst, dstKind, dstOffset + (int)(fromByte / dstKind.sizeBytes()), bytes);
        }
    }

    /**
     * Copies {@code count} elements between two arrays of {@code kind}. The casts tell the JIT the array
     * types, so it emits a direct copy instead of calling the generic, type-checking arraycopy stub, which
     * dominated the cost of small messages.
     */
    public static void copyElements(
        final Primitive kind, final Object src, final int srcOffset, final Object dst, final int dstOffset, final int count)
    {
        switch (kind)
        {
            case BYTE -> System.arraycopy((byte[])src, srcOffset, (byte[])dst, dstOffset, count);
            case CHAR -> System.arraycopy((char[])src, srcOffset, (char[])dst, dstOffset, count);
            case SHORT -> System.arraycopy((short[])src, srcOffset, (short[])dst, dstOffset, count);
            case BOOLEAN -> System.arraycopy((boolean[])src, srcOffset, (boolean[])dst, dstOffset, count);
            case INT -> System.arraycopy((int[])src, srcOffset, (int[])dst, dstOffset, count);
            case LONG -> System.arraycopy((long[])src, srcOffset, (long[])dst, dstOffset, count);
            case FLOAT -> System.arraycopy((float[])src, srcOffset, (float[])dst, dstOffset, count);
            case DOUBLE -> System.arraycopy((double[])src, srcOffset, (double[])dst, dstOffset, count);
        }
    }

    /** Copies where one side or both is a segment, from byte {@code srcByte} of {@code src} to byte {@code dstByte} of {@code dst}. */
    private static void copyBytes(
        final Object src, final Primitive srcKind, final long srcByte,
        final Object dst, final Primitive dstKind, final long dstByte,
        final long bytes)
    {
        if (src instanceof boolean[] from)
        {
            final MemorySegment to = (MemorySegment)dst;
            for (int i = 0; i < bytes; i++)
            {
                to.set(ValueLayout.JAVA_BYTE, dstByte + i, from[(int)srcByte + i] ? (byte)1 : (byte)0);
            }
        }
        else if (dst instanceof boolean[] to)
        {
            final MemorySegment from = (MemorySegment)src;
            for (int i = 0; i < bytes; i++)
            {
                to[(int)dstByte + i] = from.get(ValueLayout.JAVA_BYTE, srcByte + i) != 0;
            }
        }
        else
        {
            MemorySegment.copy(memoryOf(src, srcKind), srcByte, memoryOf(dst, dstKind), dstByte, bytes);
        }
    }

    private static MemorySegment memoryOf(final Object payload, final Primitive kind)
    {
        return payload instanceof MemorySegment memory ? memory : kind.segmentOf(payload);
    }

    private static void copyThroughBytes(
        final Object src, final Primitive srcKind, final int srcOffset,
        final Object dst, final Primitive dstKind, final int dstOffset,
        final int bytes)
    {
        final byte[] staging;
        if (srcKind == Primitive.BOOLEAN)
        {
            final boolean[] from = (boolean[])src;
            staging = new byte[bytes];
            for (int i = 0; i < bytes; i++)
            {
                staging[i] = from[srcOffset + i] ? (byte)1 : (byte)0;
            }
        }
        else
        {
            staging = new byte[bytes];
            copy(src, srcKind, srcOffset, staging, Primitive.BYTE, 0, bytes);
        }

        if (dstKind == Primitive.BOOLEAN)
        {
            final boolean[] to = (boolean[])dst;
            for (int i = 0; i < bytes; i++)
            {
                to[dstOffset + i] = staging[i] != 0;
            }
        }
        else
        {
            copy(staging, Primitive.BYTE, 0, dst, dstKind, dstOffset, bytes);
        }
    }
}
