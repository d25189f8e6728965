package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The paired copy's code, two threads of this process standing for the two sides (a process may always read itself): both
 * payloads land at their offsets and both sides agree on what moved; a side alone withdraws when its budget runs out; a
 * side whose read the kernel refuses leaves the peer's payload unmoved and says so to both, while its own still moves; a
 * side with nothing to send only pulls; one way, the sender writes the first part while the receiver reads the rest; a
 * budget given in nanoseconds lasts about that long. A safepoint of this JVM while one side waits in its call holds the
 * other out of its own until the budget runs out, so each case may take a few attempts to see both sides meet; what the
 * sides agree on is checked in every attempt.
 */
@Timeout(60)
class PairedCopyCallTest
{
    private static final long HELD_A = 8L << 3 | 4;
    private static final long HELD_B = 9L << 3 | 4;
    private static final long SPINS = PairedCopyCall.spinsFor(200_000_000L);
    private static final int ATTEMPTS = 20;
    private static final long SELF = ProcessHandle.current().pid();
    /** Above the largest pid Linux gives (2^22): no process has it. */
    private static final long NO_PROCESS = 1L << 30;

    @Test
    void theCallIsMadeOnThisMachine()
    {
        assertNull(PairedCopyCall.unavailabilityCause(), "this machine is x86-64 Linux: the paired copy's code is made here");
    }

    @Test
    void bothPayloadsLandAtTheirOffsetsAndBothSidesSayBothMoved() throws Exception
    {
        final int bytes = (1 << 20) + 12;
        final byte[] fromA = pattern(bytes + 16, 3);
        final byte[] fromB = pattern(bytes + 16, 7);
        boolean met = false;
        for (int attempt = 0; attempt < ATTEMPTS && !met; attempt++)
        {
            try (Pair pair = new Pair(SELF, SELF))
            {
                final byte[] intoA = new byte[bytes + 40];
                final byte[] intoB = new byte[bytes + 40];
                final CompletableFuture<long[]> a = onThread(() -> pair.runA(fromA, 5, bytes, intoA, 32, bytes));
                final CompletableFuture<long[]> b = onThread(() -> pair.runB(fromB, 16, bytes, intoB, 0, bytes));
                final long[] endedA = a.get(30, TimeUnit.SECONDS);
                final long[] endedB = b.get(30, TimeUnit.SECONDS);
                assertAgreed(endedA, endedB, bytes, bytes);
                met = endedA[1] == bytes && endedB[1] == bytes;
                if (met)
                {
                    assertEquals(HELD_A - 2, endedA[0], "A's payload pulled");
                    assertEquals(HELD_B - 2, endedB[0], "B's payload pulled");
                    assertArrayEquals(java.util.Arrays.copyOfRange(fromB, 16, 16 + bytes), java.util.Arrays.copyOfRange(intoA, 32, 32 + bytes));
                    assertArrayEquals(java.util.Arrays.copyOfRange(fromA, 5, 5 + bytes), java.util.Arrays.copyOfRange(intoB, 0, bytes));
                    assertEquals(0, intoA[31], "nothing before the offset");
                    assertEquals(0, intoA[32 + bytes], "nothing after the payload");
                }
            }
        }
        assertTrue(met, "the two sides met in none of " + ATTEMPTS + " attempts");
    }

    @Test
    void aSideAloneWithdrawsWhenItsBudgetRunsOutAndPullsNothing()
    {
        try (Pair pair = new Pair(SELF, SELF))
        {
            final long[] ended = pair.runA(new byte[64], 0, 64, new byte[64], 0, 64, 1000);
            assertEquals(HELD_A - 1, ended[0], "withdrawn");
            assertEquals(0, ended[1], "pulled nothing");
            assertEquals(HELD_A - 1, pair.words.get(ValueLayout.JAVA_LONG, Pair.A_STATE), "the word shows it withdrawn");
        }
    }

    @Test
    void aReadTheKernelRefusesLeavesThatPayloadUnmovedForBothSidesAndTheOtherStillMoves() throws Exception
    {
        final int bytes = 4096;
        final byte[] fromA = pattern(bytes, 1);
        final byte[] fromB = pattern(bytes, 2);
        boolean met = false;
        for (int attempt = 0; attempt < ATTEMPTS && !met; attempt++)
        {
            // A reads B in a process that does not exist; B reads A here.
            try (Pair pair = new Pair(NO_PROCESS, SELF))
            {
                final byte[] intoA = new byte[bytes];
                final byte[] intoB = new byte[bytes];
                final CompletableFuture<long[]> a = onThread(() -> pair.runA(fromA, 0, bytes, intoA, 0, bytes));
                final CompletableFuture<long[]> b = onThread(() -> pair.runB(fromB, 0, bytes, intoB, 0, bytes));
                final long[] endedA = a.get(30, TimeUnit.SECONDS);
                final long[] endedB = b.get(30, TimeUnit.SECONDS);
                assertAgreed(endedA, endedB, bytes, bytes);
                if (endedA[1] != 0)
                {
                    met = true;
                    assertEquals(-Libc.ESRCH, endedA[1], "A's read refused: no such process");
                    assertEquals(HELD_B - 1, endedB[0], "B's payload given back as withdrawn");
                    if (endedB[1] == bytes)
                    {
                        assertArrayEquals(fromA, intoB, "A's payload still reached B");
                    }
                }
            }
        }
        assertTrue(met, "the two sides met in none of " + ATTEMPTS + " attempts");
    }

    @Test
    void aSideWithNothingToSendOnlyPulls() throws Exception
    {
        final int bytes = 100_000;
        final int[] fromB = new int[bytes / Integer.BYTES];
        java.util.Arrays.setAll(fromB, i -> i * 31 + 7);
        boolean met = false;
        for (int attempt = 0; attempt < ATTEMPTS && !met; attempt++)
        {
            try (Pair pair = new Pair(SELF, SELF))
            {
                final int[] intoA = new int[fromB.length];
                final CompletableFuture<long[]> a = onThread(() -> pair.runA(intoA, 0, 0, intoA, 0, bytes));
                final CompletableFuture<long[]> b = onThread(() -> pair.runB(fromB, 0, bytes, fromB, 0, 0));
                final long[] endedA = a.get(30, TimeUnit.SECONDS);
                final long[] endedB = b.get(30, TimeUnit.SECONDS);
                assertEquals(0, endedA[0], "A held nothing");
                assertEquals(0, endedB[1], "B pulled nothing");
                assertEquals(endedA[1] == bytes, endedB[0] == HELD_B - 2, "both sides agree whether B's payload moved");
                met = endedA[1] == bytes;
                if (met)
                {
                    assertArrayEquals(fromB, intoA);
                }
            }
        }
        assertTrue(met, "the two sides met in none of " + ATTEMPTS + " attempts");
    }

    @Test
    void oneWayTheSenderWritesTheFirstPartWhileTheReceiverReadsTheRest() throws Exception
    {
        final int bytes = (1 << 20) + 64;
        final int written = bytes / 2;
        final byte[] from = pattern(bytes + 24, 5);
        boolean met = false;
        for (int attempt = 0; attempt < ATTEMPTS && !met; attempt++)
        {
            try (Pair pair = new Pair(SELF, SELF))
            {
                final byte[] into = new byte[bytes + 40];
                // A holds its payload (from byte 24) and writes the first part into B's array at B's held offset (40); B holds
                // that array and reads the rest, from the same distance past A's held offset.
                final CompletableFuture<long[]> a = onThread(() -> new long[] {pair.a.run(MemorySegment.ofArray(from), 24, bytes,
                    MemorySegment.ofArray(from), 24, written, 0, true, HELD_A, HELD_B, SPINS), pair.a.moved()});
                final CompletableFuture<long[]> b = onThread(() -> new long[] {pair.b.run(MemorySegment.ofArray(into), 40, bytes,
                    MemorySegment.ofArray(into), 40 + written, bytes - written, written, false, HELD_B, HELD_A, SPINS), pair.b.moved()});
                final long[] endedA = a.get(30, TimeUnit.SECONDS);
                final long[] endedB = b.get(30, TimeUnit.SECONDS);
                assertEquals(endedA[1] == written, endedB[0] == HELD_B - 2, "A wrote its part exactly when B's hold says so");
                assertEquals(endedB[1] == bytes - written, endedA[0] == HELD_A - 2, "B read its part exactly when A's hold says so");
                met = endedA[1] == written && endedB[1] == bytes - written;
                if (met)
                {
                    assertArrayEquals(java.util.Arrays.copyOfRange(from, 24, 24 + bytes), java.util.Arrays.copyOfRange(into, 40, 40 + bytes));
                    assertEquals(0, into[39], "nothing before the offset");
                }
            }
        }
        assertTrue(met, "the two sides met in none of " + ATTEMPTS + " attempts");
    }

    @Test
    void aBudgetInNanosecondsLastsAboutThatLong()
    {
        try (Pair pair = new Pair(SELF, SELF))
        {
            final long spins = PairedCopyCall.spinsFor(20_000_000L);
            final long start = System.nanoTime();
            pair.runA(new byte[64], 0, 64, new byte[64], 0, 64, spins);
            final long tookNs = System.nanoTime() - start;
            // Calibrated once at start; a busy machine may stretch it, and the loop never ends early without a peer.
            assertTrue(tookNs > 10_000_000L && tookNs < 200_000_000L, "a budget of 20 ms took " + tookNs / 1_000_000.0 + " ms");
        }
    }

    @Test
    void aRangeOutsideItsArrayIsRefusedBeforeTheCall()
    {
        try (Pair pair = new Pair(SELF, SELF))
        {
            assertThrows(IndexOutOfBoundsException.class, () -> pair.runA(new byte[10], 4, 8, new byte[10], 0, 0, 1));
            assertThrows(IndexOutOfBoundsException.class, () -> pair.runA(new byte[10], 0, 0, new byte[10], -1, 4, 1));
        }
    }

    /** Each side's view agrees with the other's: A's pull succeeded exactly when B's hold ended pulled, and the other way. */
    private static void assertAgreed(final long[] endedA, final long[] endedB, final long bytesToA, final long bytesToB)
    {
        assertEquals(endedA[1] == bytesToA, endedB[0] == HELD_B - 2, "A pulled B's payload exactly when B's hold says so");
        assertEquals(endedB[1] == bytesToB, endedA[0] == HELD_A - 2, "B pulled A's payload exactly when A's hold says so");
        assertTrue(endedA[0] == HELD_A - 2 || endedA[0] == HELD_A - 1, "A's hold ended pulled or withdrawn: " + endedA[0]);
        assertTrue(endedB[0] == HELD_B - 2 || endedB[0] == HELD_B - 1, "B's hold ended pulled or withdrawn: " + endedB[0]);
    }

    /** @return {@code side} run by a thread of its own: the common pool may have one thread on this machine, one side after the other. */
    private static CompletableFuture<long[]> onThread(final java.util.function.Supplier<long[]> side)
    {
        final CompletableFuture<long[]> ended = new CompletableFuture<>();
        final Thread thread = new Thread(() ->
        {
            try
            {
                ended.complete(side.get());
            }
            catch (final Throwable ex)
            {
                ended.completeExceptionally(ex);
            }
        }, "paired-copy-side");
        thread.setDaemon(true);
        thread.start();
        return ended;
    }

    private static byte[] pattern(final int length, final int seed)
    {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte)(i * seed + i / 253 + seed);
        }
        return bytes;
    }

    /** The two sides' words in native memory, each on a line of its own, and a call for each side. */
    private static final class Pair implements AutoCloseable
    {
        static final long A_ADDRESS = 0;
        static final long A_STATE = 128;
        static final long B_ADDRESS = 256;
        static final long B_STATE = 384;

        final Arena arena = Arena.ofShared();
        final MemorySegment words = arena.allocate(512, 128);
        final PairedCopyCall a;
        final PairedCopyCall b;

        /** @param pidSeenByA the process A reads B's payload from; {@code pidSeenByB} likewise. */
        Pair(final long pidSeenByA, final long pidSeenByB)
        {
            final long base = words.address();
            a = new PairedCopyCall(base + A_ADDRESS, base + A_STATE, base + B_ADDRESS, base + B_STATE, pidSeenByA);
            b = new PairedCopyCall(base + B_ADDRESS, base + B_STATE, base + A_ADDRESS, base + A_STATE, pidSeenByB);
        }

        long[] runA(final Object send, final long sendOffset, final long sendBytes, final Object recv, final long recvOffset, final long recvBytes)
        {
            return runA(send, sendOffset, sendBytes, recv, recvOffset, recvBytes, SPINS);
        }

        long[] runA(
            final Object send, final long sendOffset, final long sendBytes, final Object recv, final long recvOffset, final long recvBytes,
            final long spins)
        {
            final long ended = a.exchange(segment(send), sendOffset, sendBytes, segment(recv), recvOffset, recvBytes, HELD_A, HELD_B, spins);
            return new long[] {ended, a.moved()};
        }

        long[] runB(final Object send, final long sendOffset, final long sendBytes, final Object recv, final long recvOffset, final long recvBytes)
        {
            final long ended = b.exchange(segment(send), sendOffset, sendBytes, segment(recv), recvOffset, recvBytes, HELD_B, HELD_A, SPINS);
            return new long[] {ended, b.moved()};
        }

        private static MemorySegment segment(final Object array)
        {
            return array instanceof byte[] bytes ? MemorySegment.ofArray(bytes) : MemorySegment.ofArray((int[])array);
        }

        @Override
        public void close()
        {
            a.close();
            b.close();
            arena.close();
        }
    }
}
