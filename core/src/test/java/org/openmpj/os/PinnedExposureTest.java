package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Java array held still by an exposure and read through the kernel, within this process (which may always read itself):
 * the reader finds the exposure in the thread's syscall line, reads the array, wakes the exposing thread; and what ends an
 * exposure otherwise: its timeout, its reader's death. The probe's failures: a process gone, an address not mapped.
 */
@Timeout(60)
class PinnedExposureTest
{
    private static final long LONG_NS = TimeUnit.SECONDS.toNanos(30);
    private final long self = ProcessHandle.current().pid();

    @BeforeEach
    void needsTheCalls()
    {
        assumeTrue(PinnedExposure.isSupported(), PinnedExposure::unsupportedCause);
    }

    @Test
    void anExposedSliceIsFoundReadAndReleased() throws Exception
    {
        final int[] sent = new int[300_000];
        for (int i = 0; i < sent.length; i++)
        {
            sent[i] = i * 31 + 7;
        }
        final long generation = 42;
        // Allocated before the exposure: while it lasts this JVM reaches no safepoint, so a collection that an allocation
        // in the reader's window asked for would stall the reader until the exposure timed out.
        final int[] received = new int[sent.length - 1000];
        final long[] after = new long[TaskSyscall.SLOTS];
        try (PinnedExposure exposure = PinnedExposure.create(); ProcessMemory memory = ProcessMemory.open(self);
            RemoteEventfd wake = RemoteEventfd.open(self, exposure.eventfd()))
        {
            exposure.addReader(self);
            final AtomicLong tid = new AtomicLong();
            final CompletableFuture<PinnedExposure.Outcome> held = CompletableFuture.supplyAsync(() ->
            {
                tid.set(PinnedExposure.currentThreadId());
                // Elements 1000 on: the reader must find the slice's start, not the array's.
                return exposure.expose(generation, self, MemorySegment.ofArray(sent).asSlice(4000), LONG_NS);
            });
            final long[] syscall = awaitExposure(memory, tid, exposure.pollFdsAddress(), generation);
            final long length = 4L * received.length;
            assertEquals(length, memory.read(PinnedExposure.pinnedAddress(syscall), MemorySegment.ofArray(received), 0, length));
            assertTrue(memory.readSyscall(tid.get(), after) && PinnedExposure.isExposure(after, exposure.pollFdsAddress(), generation),
                "the exposure ended before it was released");
            assertEquals(PinnedExposure.pinnedAddress(syscall), PinnedExposure.pinnedAddress(after));
            wake.signal();
            assertEquals(PinnedExposure.Outcome.WOKEN, held.get(10, TimeUnit.SECONDS));
            assertArrayEquals(java.util.Arrays.copyOfRange(sent, 1000, sent.length), received);
        }
    }

    @Test
    void anExposureEndsAtItsTimeoutAndTheEventfdIsReset() throws Exception
    {
        try (PinnedExposure exposure = PinnedExposure.create(); RemoteEventfd wake = RemoteEventfd.open(self, exposure.eventfd()))
        {
            exposure.addReader(self);
            final MemorySegment pinned = MemorySegment.ofArray(new byte[64]);
            assertEquals(PinnedExposure.Outcome.TIMED_OUT, exposure.expose(1, self, pinned, 1_000_000));
            wake.signal();
            assertEquals(PinnedExposure.Outcome.WOKEN, exposure.expose(2, self, pinned, LONG_NS));
            assertEquals(PinnedExposure.Outcome.TIMED_OUT, exposure.expose(3, self, pinned, 1_000_000), "a wake-up is used up once");
        }
    }

    @Test
    void anExposureEndsWhenItsReaderDies() throws Exception
    {
        final Process reader = new ProcessBuilder("sleep", "60").start();
        try (PinnedExposure exposure = PinnedExposure.create())
        {
            exposure.addReader(reader.pid());
            final CompletableFuture<PinnedExposure.Outcome> held = CompletableFuture.supplyAsync(() ->
                exposure.expose(1, reader.pid(), MemorySegment.ofArray(new long[8]), LONG_NS));
            Thread.sleep(100);
            reader.destroyForcibly().waitFor();
            assertEquals(PinnedExposure.Outcome.PEER_ENDED, held.get(10, TimeUnit.SECONDS));
        }
        finally
        {
            reader.destroyForcibly().waitFor();
        }
    }

    @Test
    void theProbeWordHoldsThePidAndAProbeThatCannotReadSaysWhy() throws Exception
    {
        try (PinnedExposure exposure = PinnedExposure.create(); ProcessMemory memory = ProcessMemory.open(self))
        {
            assertEquals(self, memory.readWord(exposure.probeWordAddress()));
            final CallFailedException unmapped = assertThrows(CallFailedException.class, () -> memory.readWord(8));
            assertEquals(Libc.EIO, unmapped.errno(), unmapped::getMessage);
        }
        final Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        final CallFailedException missing = assertThrows(CallFailedException.class, () -> ProcessMemory.open(gone.pid()));
        assertEquals(Libc.ENOENT, missing.errno(), missing::getMessage);
        assertTrue(missing.getMessage().contains("open(/proc/" + gone.pid() + "/mem) failed: errno 2 (ENOENT)"), missing::getMessage);
        assertThrows(CallFailedException.class, () -> RemoteEventfd.open(gone.pid(), 0));
    }

    @Test
    void aThreadNotInAnExposureIsNotTakenForOne() throws Exception
    {
        try (ProcessMemory memory = ProcessMemory.open(self))
        {
            final long[] syscall = new long[TaskSyscall.SLOTS];
            // A thread reading its own line sees the pread it is in.
            assertTrue(memory.readSyscall(PinnedExposure.currentThreadId(), syscall));
            assertFalse(PinnedExposure.isExposure(syscall, syscall[1], syscall[5]));
            assertFalse(memory.readSyscall(Integer.MAX_VALUE, syscall), "a thread that does not exist");
        }
    }

    /** @return the syscall line of the thread in {@code tid} once it shows the exposure. */
    private static long[] awaitExposure(final ProcessMemory memory, final AtomicLong tid, final long pollFds, final long generation)
        throws Exception
    {
        final long[] syscall = new long[TaskSyscall.SLOTS];
        while (tid.get() == 0 || !memory.readSyscall(tid.get(), syscall) || !PinnedExposure.isExposure(syscall, pollFds, generation))
        {
            Thread.onSpinWait();
        }
        return syscall;
    }
}
