package org.openmpj.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The exposure's state word: each generation ends exactly once, pulled by the receiver or withdrawn by the sender, also
 * when both try at once; and a receiver that reads the same exposure's state before and after its fields read that
 * exposure's fields, never the next one's.
 */
@Timeout(120)
class ExposureBlockTest
{
    private static final int GENERATIONS = 200_000;

    @Test
    void eachGenerationEndsOnceByTheSideThatMovesFirst()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final ExposureBlock block = new ExposureBlock(arena.allocate(SegmentDescriptor.RING_HEADER_BYTES, 64), 0);
            assertEquals(ExposureBlock.NONE, ExposureBlock.phaseOf(block.state()));
            assertEquals(0, block.lastGeneration());
            block.expose(1, 11, 100, 16, 0, 5, 0x1000);
            assertEquals(ExposureBlock.word(1, ExposureBlock.EXPOSED), block.state());
            assertTrue(block.pull(1));
            assertFalse(block.withdraw(1), "withdrawn after it was pulled");
            assertEquals(ExposureBlock.word(1, ExposureBlock.PULLED), block.state());
            block.expose(2, 12, 200, 24, 1, 5, 0x1000);
            assertFalse(block.pull(1), "a stale generation pulled");
            assertTrue(block.withdraw(2));
            assertFalse(block.pull(2), "pulled after it was withdrawn");
            assertEquals(2, block.lastGeneration());
            assertEquals(12, block.recvId());
            assertEquals(200, block.bytes());
            assertEquals(24, block.payloadOffset());
        }
    }

    @Test
    void whenBothSidesRaceExactlyOneWinsAndTheFieldsMatchTheGeneration() throws Exception
    {
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment memory = arena.allocate(SegmentDescriptor.RING_HEADER_BYTES, 64);
            final ExposureBlock sender = new ExposureBlock(memory, 0);
            final ExposureBlock receiver = new ExposureBlock(memory, 0);
            final boolean[] withdrawn = new boolean[GENERATIONS + 1];
            final boolean[] pulled = new boolean[GENERATIONS + 1];
            final AtomicBoolean done = new AtomicBoolean();
            final CompletableFuture<Integer> pulling = CompletableFuture.supplyAsync(() ->
            {
                int mismatches = 0;
                while (!done.get())
                {
                    final long state = receiver.state();
                    if (ExposureBlock.phaseOf(state) != ExposureBlock.EXPOSED)
                    {
                        continue;
                    }
                    final long generation = ExposureBlock.generationOf(state);
                    final long recvId = receiver.recvId();
                    final long bytes = receiver.bytes();
                    final long offset = receiver.payloadOffset();
                    if (receiver.state() != state)
                    {
                        continue;
                    }
                    mismatches += recvId == generation * 3 && bytes == generation * 5 && offset == generation * 8 ? 0 : 1;
                    pulled[(int)generation] = receiver.pull(generation);
                }
                return mismatches;
            });
            for (int generation = 1; generation <= GENERATIONS; generation++)
            {
                sender.expose(generation, generation * 3L, generation * 5L, generation * 8L, 0, 1, 0);
                // A few iterations of nothing now and then, so that the receiver wins some and the sender others.
                for (int spin = generation % 7 * 20; spin > 0; spin--)
                {
                    Thread.onSpinWait();
                }
                withdrawn[generation] = sender.withdraw(generation);
            }
            done.set(true);
            assertEquals(0, pulling.get(60, TimeUnit.SECONDS), "exposures whose fields were another generation's");
            int pulls = 0;
            for (int generation = 1; generation <= GENERATIONS; generation++)
            {
                assertTrue(withdrawn[generation] != pulled[generation], "generation " + generation + ": withdrawn " + withdrawn[generation]
                    + ", pulled " + pulled[generation]);
                pulls += pulled[generation] ? 1 : 0;
            }
            assertTrue(pulls > 0 && pulls < GENERATIONS, "the race was not run: " + pulls + " pulls of " + GENERATIONS);
        }
    }
}
