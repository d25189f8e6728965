package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Java array held still by a spinning critical call and read by another thread of this process through its published
 * address, as a receiver in another process would: the reader's claim, copy and release end the hold; a hold whose spins run
 * out withdraws, even from a reader that claimed it, whose release then fails. This machine is x86-64 Linux.
 */
@Timeout(60)
class SpinningHoldTest
{
    private static final long HELD = 7L << 3 | 4;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    @Test
    void aReaderThatClaimsCopiesAndReleasesEndsTheHoldWithItsArrayIntact() throws Exception
    {
        assertNull(SpinningHold.unavailabilityCause());
        final int[] held = new int[100_000];
        for (int i = 0; i < held.length; i++)
        {
            held[i] = i * 17 - 3;
        }
        // Allocated before the hold: while it lasts this JVM reaches no safepoint, so a collection that an allocation in
        // the reader's window asked for would stall the reader until the hold ran out.
        final int[] copied = new int[held.length - 100];
        try (Arena arena = Arena.ofShared(); ProcessMemory memory = ProcessMemory.open(ProcessHandle.current().pid()))
        {
            final MemorySegment words = arena.allocate(16, 8);
            final CompletableFuture<Long> hold = CompletableFuture.supplyAsync(() -> SpinningHold.hold(words.address(),
                MemorySegment.ofArray(held).asSlice(400), words.address() + 8, HELD, SpinningHold.spinsFor(TimeUnit.SECONDS.toNanos(5))));
            awaitState(words, HELD);
            final long address = (long)LONG.getAcquire(words, 0L);
            assertTrue(LONG.compareAndSet(words, 8L, HELD, HELD + 1), "the claim");
            assertEquals(4L * copied.length, memory.read(address, MemorySegment.ofArray(copied), 0, 4L * copied.length));
            assertTrue(LONG.compareAndSet(words, 8L, HELD + 1, HELD - 2), "the release");
            assertEquals(HELD - 2, hold.get(30, TimeUnit.SECONDS));
            assertArrayEquals(java.util.Arrays.copyOfRange(held, 100, held.length), copied);
        }
    }

    @Test
    void aHoldWhoseSpinsRunOutWithdrawsEvenFromAClaimingReader() throws Exception
    {
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment words = arena.allocate(16, 8);
            final byte[] held = new byte[64];
            assertEquals(HELD - 1, SpinningHold.hold(words.address(), MemorySegment.ofArray(held), words.address() + 8, HELD, 1000),
                "nobody came: withdrawn");
            final CompletableFuture<Long> hold = CompletableFuture.supplyAsync(() -> SpinningHold.hold(words.address(),
                MemorySegment.ofArray(held), words.address() + 8, HELD + 8, SpinningHold.spinsFor(TimeUnit.MILLISECONDS.toNanos(200))));
            awaitState(words, HELD + 8);
            assertTrue(LONG.compareAndSet(words, 8L, HELD + 8, HELD + 9), "the claim");
            assertEquals(HELD + 7, hold.get(30, TimeUnit.SECONDS), "withdrawn while the reader copied");
            assertFalse(LONG.compareAndSet(words, 8L, HELD + 9, HELD + 6), "the reader's release must fail: its copy is void");
        }
    }

    private static void awaitState(final MemorySegment words, final long state) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while ((long)LONG.getAcquire(words, 8L) != state)
        {
            assertTrue(System.nanoTime() < deadline, "the hold did not publish its state");
            Thread.sleep(0, 100_000);
        }
    }
}
