package org.openmpj.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openmpj.os.Libc;
import org.openmpj.os.PinnedExposure;

/**
 * What a rank's probe of a lower peer finds when the peer cannot be read, each failure made here without needing another
 * user or a stricter kernel (root passes every ptrace check): a peer that published no exposure, a process that is gone,
 * a probe word at an unmapped address or holding something else; and how rank 0 words each outcome for the job.
 */
@Timeout(60)
class KernelCopyProbeTest
{
    private static final long EAGER_LIMIT = 64 * 1024;
    private final long self = ProcessHandle.current().pid();

    @TempDir
    Path dir;

    @BeforeEach
    void needsTheCalls()
    {
        assumeTrue(PinnedExposure.isSupported(), PinnedExposure::unsupportedCause);
    }

    @Test
    void aPeerThatCanBeReadIsPulledFrom() throws Exception
    {
        try (PinnedExposure exposure = PinnedExposure.create())
        {
            final long outcome = probeOfRankZero(self, exposure.eventfd(), exposure.probeWordAddress(), false);
            // This machine is x86-64 Linux: the peer is read with process_vm_readv.
            assertEquals(KernelCopyOutcome.of(KernelCopyOutcome.USABLE, 0, 0) | KernelCopyOutcome.PULLS_FROM_SOME
                | KernelCopyOutcome.CROSS_MEMORY_ATTACH, outcome);
        }
    }

    @Test
    void aPeerThatExposesNothingIsNotPulledFrom() throws Exception
    {
        final long outcome = probeOfRankZero(self, -1, 0, false);
        assertEquals(KernelCopyOutcome.NOT_EXPOSING, KernelCopyOutcome.reasonOf(outcome));
        assertEquals("rank 0 could not prepare to expose its arrays (no eventfd)", describe(outcome, self));
    }

    @Test
    void aPeerWhoseProcessIsGoneCannotBeOpened() throws Exception
    {
        final Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        final long outcome = probeOfRankZero(gone.pid(), 3, 0x1000, false);
        assertEquals(KernelCopyOutcome.of(KernelCopyOutcome.MEMORY_CLOSED, Libc.ENOENT, 0), outcome);
        assertEquals("rank 1 cannot open /proc/" + gone.pid() + "/mem of rank 0: errno 2 (ENOENT)", describe(outcome, gone.pid()));
    }

    @Test
    void aProbeWordAtAnUnmappedAddressCannotBeRead() throws Exception
    {
        final long outcome = probeOfRankZero(self, 3, 8, false);
        assertEquals(KernelCopyOutcome.of(KernelCopyOutcome.MEMORY_UNREADABLE, Libc.EIO, 0), outcome);
        assertEquals("rank 1 cannot read /proc/" + self + "/mem of rank 0: errno 5 (EIO)", describe(outcome, self));
    }

    @Test
    void aProbeWordThatDoesNotHoldThePidIsNotTrusted() throws Exception
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment word = arena.allocate(ValueLayout.JAVA_LONG);
            word.set(ValueLayout.JAVA_LONG, 0, self + 1);
            final long outcome = probeOfRankZero(self, 3, word.address(), false);
            assertEquals(KernelCopyOutcome.of(KernelCopyOutcome.PROBE_MISMATCH, 0, 0), outcome);
            assertEquals("rank 1 read a word of rank 0 through /proc/" + self + "/mem that does not hold its pid", describe(outcome, self));
        }
    }

    @Test
    void anEventfdThePeerDoesNotHoldCannotBeDuplicated() throws Exception
    {
        try (PinnedExposure exposure = PinnedExposure.create())
        {
            final long outcome = probeOfRankZero(self, 1_000_000, exposure.probeWordAddress(), false);
            assertEquals(KernelCopyOutcome.EVENTFD_UNREACHABLE, KernelCopyOutcome.reasonOf(outcome));
            assertEquals("rank 1 cannot duplicate the eventfd of rank 0 with pidfd_getfd: errno 9 (EBADF)", describe(outcome, self));
        }
    }

    @Test
    void aProbeMadeToFailSaysSo() throws Exception
    {
        try (PinnedExposure exposure = PinnedExposure.create())
        {
            final long outcome = probeOfRankZero(self, exposure.eventfd(), exposure.probeWordAddress(), true);
            assertEquals(KernelCopyOutcome.of(KernelCopyOutcome.FORCED, 0, 0), outcome);
        }
    }

    @Test
    void rankZeroSummarizesTheJob()
    {
        final int[] ranks = {0, 1, 2};
        final long[] pids = {100, 101, 102};
        final long usable = KernelCopyOutcome.of(KernelCopyOutcome.USABLE, 0, 0);
        final long pulls = KernelCopyOutcome.PULLS_FROM_SOME | KernelCopyOutcome.PROC_MEM;
        final long pullsVectored = KernelCopyOutcome.PULLS_FROM_SOME | KernelCopyOutcome.CROSS_MEMORY_ATTACH;
        final long closed = KernelCopyOutcome.of(KernelCopyOutcome.MEMORY_CLOSED, Libc.EACCES, 1);
        assertEquals(" move with one copy through the kernel (pread on /proc/PID/mem) from lower to higher ranks, through the rings"
            + " otherwise", KernelCopyOutcome.summary(new long[] {usable, usable | pulls, usable | pulls}, ranks, pids));
        assertEquals(" move with one copy through the kernel (process_vm_readv) from lower to higher ranks, through the rings otherwise",
            KernelCopyOutcome.summary(new long[] {usable, usable | pullsVectored, usable | pullsVectored}, ranks, pids));
        assertEquals(" move with one copy through the kernel (process_vm_readv; pread on /proc/PID/mem where that was refused) from"
            + " lower to higher ranks, through the rings otherwise",
            KernelCopyOutcome.summary(new long[] {usable, usable | pullsVectored, usable | pulls}, ranks, pids));
        final long closedToZero = KernelCopyOutcome.of(KernelCopyOutcome.MEMORY_CLOSED, Libc.EACCES, 0);
        assertEquals(": no kernel copy: rank 1 cannot open /proc/100/mem of rank 0: errno 13 (EACCES); they stream"
            + " through the rings", KernelCopyOutcome.summary(new long[] {usable, closedToZero, closed}, ranks, pids));
        final String partial = KernelCopyOutcome.summary(new long[] {usable, usable | pulls, closed | pulls}, ranks, pids);
        assertTrue(partial.startsWith(" move with one copy through the kernel (pread on /proc/PID/mem) from lower to higher ranks where the kernel"
            + " allows"), partial);
        assertTrue(partial.endsWith("kernel copy unavailable between some ranks: rank 2 cannot open /proc/101/mem of rank 1:"
            + " errno 13 (EACCES)"), partial);
        assertTrue(KernelCopyOutcome.summary(new long[] {usable, KernelCopyOutcome.PENDING}, new int[] {0, 1}, pids)
            .contains("rank 1 did not say what its probe found within 10 s"));
        assertEquals("64 KiB", KernelCopyOutcome.bytesText(65536));
        assertEquals("8 MiB", KernelCopyOutcome.bytesText(8 << 20));
        assertEquals("65537 bytes", KernelCopyOutcome.bytesText(65537));
    }

    /**
     * @return what rank 1 of a fresh two-rank segment finds when it probes rank 0, recorded as process {@code pid} with
     *         eventfd {@code eventfd} and probe word {@code probeWord} (0: none published).
     */
    private long probeOfRankZero(final long pid, final int eventfd, final long probeWord, final boolean failProbe) throws Exception
    {
        final SharedSegment segment = SharedSegment.create(dir.resolve(SharedSegment.FILE_PREFIX + "probe-" + System.nanoTime()), 2, 4096);
        try
        {
            segment.attached(0, pid);
            segment.attached(1, self);
            if (probeWord != 0)
            {
                segment.publishExposer(0, eventfd, probeWord);
            }
            try (PayloadPuller puller = new PayloadPuller(segment, 1, EAGER_LIMIT, false, failProbe))
            {
                assertEquals((puller.outcome() & KernelCopyOutcome.PULLS_FROM_SOME) != 0, puller.pullsFromAny());
                assertEquals(org.openmpj.matching.PayloadPull.Way.STREAM, puller.choose(1, 1 << 20, org.openmpj.Primitive.BYTE),
                    "a pull from a higher rank");
                return puller.outcome();
            }
        }
        finally
        {
            segment.close();
        }
    }

    private static String describe(final long outcome, final long pidOfRankZero)
    {
        return KernelCopyOutcome.describe(outcome, 1, new int[] {0, 1}, new long[] {pidOfRankZero, ProcessHandle.current().pid()});
    }
}
