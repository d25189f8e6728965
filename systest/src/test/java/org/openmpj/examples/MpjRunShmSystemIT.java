package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Jobs of rank processes on the shm device, launched by {@code bin/mpjrun -dev shm} as a user would: the examples, large
 * messages on either path (the rings, the kernel copy) and the fallback when the kernel copy cannot run, failing and
 * killed ranks, every rank killed at once; after each, no segment file is left in {@code /dev/shm} and no
 * rank JVM runs. Segments that killed jobs left behind are removed by the next {@code mpjrun} or {@code mpjrun --clean}.
 */
@Timeout(300)
class MpjRunShmSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final Path SHM = Launch.SHM;
    private static final String SEGMENT_PREFIX = Launch.SEGMENT_PREFIX;

    @AfterEach
    void nothingIsLeftInSharedMemory() throws IOException
    {
        assertEquals(List.of(), Launch.segments(), "segment files left in " + SHM);
    }

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void ringBringsTheTokenBack(final int processes) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "shm",
            "-cp", Launch.examplesJar(), "org.openmpj.examples.Ring", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as " + 300 * processes + " (correct)"), run::toString);
    }

    @Test
    void jacobiMatchesTheSerialResult() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", "shm", "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Jacobi", "40", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ring", "kernel"})
    void largeMessagesArriveWholeOnEitherPathWhichVerboseNames(final String path) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", "4", "-dev", "shm", "-Dopenmpj.shm.largeCopy=" + path,
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$LargeMessages");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("large messages: 144 checked byte for byte"), run::toString);
        final String said = path.equals("ring") ? "openmpj: shm: messages over 64 KiB stream through the rings (two copies, overlapping)"
            : "openmpj: shm: messages over 64 KiB move with one copy through the kernel (process_vm_readv) from lower to higher ranks,"
                + " through the rings otherwise";
        assertEquals(1, run.stderr().lines().filter(line -> line.equals(said)).count(), run::toString);
    }

    @Test
    void byDefaultRanksWithACoreEachTimeBothPathsAndPairTheirCopiesWhileRanksSharingCoresStream() throws Exception
    {
        final int cores = Runtime.getRuntime().availableProcessors();
        final Launch.Outcome own = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", "2", "-dev", "shm",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$LargePingPong");
        assertEquals(0, own.exitCode(), own::toString);
        assertTrue(own.stdout().contains("large ping-pong: " + SystemPrograms.LargePingPong.BOUNCES + " bounces checked byte for byte"),
            own::toString);
        assertTrue(own.stderr().contains("openmpj: shm: messages over 64 KiB move with one copy through the kernel (process_vm_readv)"
            + " from lower to higher ranks, through the rings otherwise"), own::toString);
        assertTrue(own.stderr().contains("openmpj: shm: where both are open, each receiver takes whichever of the kernel copy and the"
            + " rings measures faster for the peer and size (every 16th message the other, to keep both timed)"), own::toString);
        final java.util.regex.Matcher chosen = java.util.regex.Pattern.compile("openmpj: shm: rank 1: of the messages over 64 KiB from"
            + " lower ranks that could be pulled, (\\d+) were pulled through the kernel and (\\d+) streamed through the rings").matcher(own.stderr());
        assertTrue(chosen.find(), own::toString);
        final int pulled = Integer.parseInt(chosen.group(1));
        final int streamed = Integer.parseInt(chosen.group(2));
        // Every message from rank 0 was chosen for; the first is pulled and the next streamed, to time both.
        assertEquals(SystemPrograms.LargePingPong.BOUNCES, pulled + streamed, own::toString);
        assertTrue(pulled >= 1 && streamed >= 1, own::toString);
        assertTrue(own.stderr().contains("openmpj: shm: collective exchanges between two ranks of 32 KiB or more move by paired copy"),
            own::toString);
        assertTrue(own.stderr().contains("openmpj: world board: the world's Barrier, its Bcast and Reduce of up to 256 B"), own::toString);

        final int sharing = cores + 1;
        final Launch.Outcome shared = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", Integer.toString(sharing), "-dev", "shm",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$LargeMessages");
        assertEquals(0, shared.exitCode(), shared::toString);
        assertTrue(shared.stdout().contains("large messages: " + 12 * sharing * (sharing - 1) + " checked byte for byte"), shared::toString);
        assertTrue(shared.stderr().lines().anyMatch(("openmpj: shm: messages over 64 KiB stream through the rings (two copies, overlapping):"
            + " the ranks share cores, and a sender held still for a kernel copy would hold its core")::equals), shared::toString);
        assertTrue(shared.stderr().contains("openmpj: shm: collective exchanges between two ranks: no paired copy: the ranks share"
            + " cores, and a rank waiting in a copy for one that is not running would hold its core; they move as messages"),
            shared::toString);
        assertTrue(shared.stderr().contains("openmpj: world board: not used (the ranks share cores"), shared::toString);
    }

    @Test
    void twoRankJvmsMoveLargeCollectiveExchangesByPairedCopyWhichVerboseNamesAndCounts() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", "2", "-dev", "shm",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$LargeCollectives");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("large collectives: 90 checked element for element"), run::toString);
        assertTrue(run.stderr().contains("openmpj: shm: collective exchanges between two ranks of 32 KiB or more move by paired copy:"
            + " each rank pulls the other's block through the kernel (process_vm_readv) while it holds its own for the other"), run::toString);
        for (int rank = 0; rank < 2; rank++)
        {
            final java.util.regex.Matcher said = java.util.regex.Pattern.compile("openmpj: shm: rank " + rank
                + ": (\\d+) exchanges by paired copy, (\\d+) partly").matcher(run.stderr());
            assertTrue(said.find(), run::toString);
            // 48 exchanges offered per rank; JIT warm-up may send a few of the first ones to the messages.
            assertTrue(Integer.parseInt(said.group(1)) >= 24, run::toString);
        }

        final Launch.Outcome off = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", "2", "-dev", "shm", "-Dopenmpj.shm.pairedCopyMinBytes=0",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$LargeCollectives");
        assertEquals(0, off.exitCode(), off::toString);
        assertTrue(off.stdout().contains("large collectives: 90 checked element for element"), off::toString);
        assertTrue(off.stderr().contains("openmpj: shm: collective exchanges between two ranks: no paired copy:"
            + " openmpj.shm.pairedCopyMinBytes is 0; they move as messages"), off::toString);
        assertFalse(off.stderr().contains("exchanges by paired copy"), off::toString);
    }

    @Test
    void aKernelCopyThatCannotRunFallsBackToTheRingsAndSaysWhy() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", "3", "-dev", "shm", "-Dopenmpj.shm.largeCopy=kernel",
            "-Dopenmpj.shm.test.failKernelCopyProbe=true", "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$LargeMessages");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("large messages: 72 checked byte for byte"), run::toString);
        assertTrue(run.stderr().contains("openmpj: shm: messages over 64 KiB: no kernel copy: rank 1's probe of"
            + " rank 0 was made to fail (-Dopenmpj.shm.test.failKernelCopyProbe=true); they stream through the rings"), run::toString);
    }

    @Test
    void aRankThatThrowsFailsTheJobWithItsCause() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-dev", "shm", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankThrows");
        assertEquals(1, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("mpjrun: job failed: rank 1"), run::toString);
        // The survivors are told what rank 1 threw, not only that its process ended.
        assertTrue(run.stderr().contains("failed: mpi.MPIException: rank 1 failed: java.lang.IllegalStateException: deliberate failure in rank 1"),
            run::toString);
    }

    @Test
    void aKilledRankIsNamedToEverySurvivorAndTheJobEndsWithNothingLeft() throws Exception
    {
        final int processes = 4;
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "shm",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$RankDies");
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertEverySurvivorLearned(run, processes);
        Launch.assertNoRankLeft("SystemPrograms\\$RankDies");
    }

    /** The survivors wait in a small Bcast from rank 1 on the world board, where no message is to come. */
    @Test
    void aRootKilledWhileTheOthersWaitOnTheWorldBoardIsNamedToThem() throws Exception
    {
        final int processes = 3;
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "shm",
            "-Dopenmpj.coll.worldBoard=always", "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$RankDies", "bcast");
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertEverySurvivorLearned(run, processes);
        Launch.assertNoRankLeft("SystemPrograms\\$RankDies");
    }

    @Test
    void killingEveryRankEndsTheJobWithNothingLeft() throws Exception
    {
        Launch.assertKillingEveryRankLeavesNothing(3, "-np", "3", "-dev", "shm");
    }

    @Test
    void killingTheLauncherEndsEveryRankWithinFiveSeconds() throws Exception
    {
        final long tookMs = Launch.assertKillingTheLauncherEndsEveryRank(5_000, 3, "-np", "3", "-dev", "shm");
        System.out.println("rank JVMs ended " + tookMs + " ms after their launcher was killed");
    }

    @Test
    void cleanRemovesSegmentsWhoseCreatorIsGoneAndKeepsTheOthers() throws Exception
    {
        final Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        final Path stale = SHM.resolve(SEGMENT_PREFIX + gone.pid() + "-0123456789abcdef");
        final Path live = SHM.resolve(SEGMENT_PREFIX + ProcessHandle.current().pid() + "-fedcba9876543210");
        Files.write(stale, new byte[4096]);
        Files.write(live, new byte[4096]);
        try
        {
            final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "--clean");
            assertEquals(0, run.exitCode(), run::toString);
            assertTrue(run.stdout().contains("removed 1 thing left by jobs that were killed"), run::toString);
            assertFalse(Files.exists(stale), "the segment of a process that is gone is still there");
            assertTrue(Files.exists(live), "the segment of a running process was removed");
        }
        finally
        {
            Files.deleteIfExists(stale);
            Files.deleteIfExists(live);
        }
    }

    @Test
    void theHelpOfConfigListsTheShmTunables() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "--help-config");
        assertEquals(0, run.exitCode(), run::toString);
        for (final String name : List.of("openmpj.shm.dir", "openmpj.shm.ringBytes", "openmpj.shm.eagerLimit", "openmpj.shm.eagerWindow",
            "openmpj.shm.largeCopy", "openmpj.shm.exposeTimeoutMs", "openmpj.shm.pairedCopyMinBytes", "openmpj.verbose"))
        {
            assertTrue(run.stdout().contains(name), () -> name + " missing: " + run);
        }
    }
}
