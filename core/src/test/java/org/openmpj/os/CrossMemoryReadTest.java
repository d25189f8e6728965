package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code process_vm_readv} into Java arrays through the code {@link CrossMemoryRead} makes, within this process (which may
 * always read itself): whole arrays and ranges inside them, reads longer than one critical call, a refused probe that leaves reads to
 * {@code /proc/PID/mem}, and an unmapped address. This machine is x86-64 Linux: the call must be available here.
 */
@Timeout(60)
class CrossMemoryReadTest
{
    private final long self = ProcessHandle.current().pid();

    @Test
    void theCallIsMadeOnThisMachine()
    {
        assertNull(ProcessMemory.crossMemoryAttachCause(), "process_vm_readv is called through x86-64 code made at run time");
    }

    @Test
    void aNativeRangeLandsInASliceOfAnArrayByteForByteThroughSeveralCriticalCalls() throws Exception
    {
        final int bytes = (int)ProcessMemory.MAX_PINNED_READ_BYTES + (1 << 20) + 12;
        try (Arena arena = Arena.ofConfined(); ProcessMemory memory = ProcessMemory.open(self))
        {
            final MemorySegment source = arena.allocate(bytes + 8L, 8);
            source.set(ValueLayout.JAVA_LONG, 0, 0x5eed_5eed_5eedL);
            for (int i = 0; i < bytes; i++)
            {
                source.set(ValueLayout.JAVA_BYTE, 8 + i, (byte)(i * 13 + i / 251));
            }
            assertTrue(memory.tryCrossMemoryAttach(source.address(), 0x5eed_5eed_5eedL));
            assertTrue(memory.readsWithCrossMemoryAttach());
            // Into ints from the third element on: the call must land at the offset, not at the array's start.
            final int[] landed = new int[bytes / Integer.BYTES + 2];
            assertEquals(bytes, memory.read(source.address() + 8, MemorySegment.ofArray(landed), 8, bytes));
            final byte[] expected = source.asSlice(8, bytes).toArray(ValueLayout.JAVA_BYTE);
            final byte[] got = MemorySegment.ofArray(landed).asSlice(8, bytes).toArray(ValueLayout.JAVA_BYTE);
            assertArrayEquals(expected, got);
            assertEquals(0, landed[0]);
            assertEquals(0, landed[1]);
        }
    }

    @Test
    void aProbeWordThatDiffersLeavesReadsToProcMemWhichStillLand() throws Exception
    {
        try (Arena arena = Arena.ofConfined(); ProcessMemory memory = ProcessMemory.open(self))
        {
            final MemorySegment source = arena.allocate(4096, 8);
            source.set(ValueLayout.JAVA_LONG, 0, 7);
            source.set(ValueLayout.JAVA_LONG, 8, 0x0102_0304_0506_0708L);
            assertFalse(memory.tryCrossMemoryAttach(source.address(), 8));
            assertFalse(memory.readsWithCrossMemoryAttach());
            final long[] landed = new long[2];
            assertEquals(8, memory.read(source.address() + 8, MemorySegment.ofArray(landed), 8, 8));
            assertEquals(0, landed[0]);
            assertEquals(0x0102_0304_0506_0708L, landed[1]);
        }
    }

    @Test
    void anUnmappedAddressIsAnErrorNotACopy() throws Exception
    {
        try (Arena arena = Arena.ofConfined(); ProcessMemory memory = ProcessMemory.open(self))
        {
            final MemorySegment word = arena.allocate(8, 8);
            word.set(ValueLayout.JAVA_LONG, 0, 99);
            assertTrue(memory.tryCrossMemoryAttach(word.address(), 99));
            final byte[] landed = new byte[64];
            // The first page of the address space is never mapped: EFAULT.
            assertEquals(-14, memory.read(16, MemorySegment.ofArray(landed), 0, landed.length));
            assertArrayEquals(new byte[64], landed);
        }
    }

    @Test
    void aRangeOutsideTheArrayIsRefusedBeforeAnyCopy() throws Exception
    {
        try (Arena arena = Arena.ofConfined(); ProcessMemory memory = ProcessMemory.open(self))
        {
            final MemorySegment source = arena.allocate(64, 8);
            source.fill((byte)0x5a);
            source.set(ValueLayout.JAVA_LONG, 0, 42);
            assertTrue(memory.tryCrossMemoryAttach(source.address(), 42));
            final byte[] landed = new byte[32];
            final MemorySegment whole = MemorySegment.ofArray(landed);
            assertThrows(IndexOutOfBoundsException.class, () -> memory.read(source.address(), whole, 16, 17));
            assertThrows(IndexOutOfBoundsException.class, () -> memory.read(source.address(), whole, -1, 8));
            assertArrayEquals(new byte[32], landed);
            assertEquals(16, memory.read(source.address() + 8, whole, 16, 16));
            assertEquals(0x5a, landed[31]);
            assertEquals(0, landed[15]);
        }
    }
}
