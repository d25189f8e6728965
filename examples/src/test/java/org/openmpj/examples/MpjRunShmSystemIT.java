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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Jobs of rank processes on the shm device, launched by {@code bin/mpjrun -dev shm} as a user would: the examples,
 * failing and killed ranks, every rank killed at once; after each, no segment file is left in {@code /dev/shm} and no
 * rank JVM runs. Segments that killed jobs left behind are removed by the next {@code mpjrun} or {@code mpjrun --clean}.
 */
@Timeout(300)
class MpjRunShmSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final Path SHM = Path.of("/dev/shm");
    private static final String SEGMENT_PREFIX = "openmpj-shm-";

    @AfterEach
    void nothingIsLeftInSharedMemory() throws IOException
    {
        assertEquals(List.of(), segments(), "segment files left in " + SHM);
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

    @Test
    void aRankThatThrowsFailsTheJobWithItsCause() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-dev", "shm", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankThrows");
        assertEquals(1, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("mpjrun: job failed: rank 1"), run::toString);
    }

    @Test
    void aKilledRankIsNamedToEverySurvivorAndTheJobEndsWithNothingLeft() throws Exception
    {
        final int processes = 4;
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "shm",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$RankDies");
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertEverySurvivorLearned(run, processes);
        assertNoRankLeft("SystemPrograms\\$RankDies");
    }

    @Test
    void killingEveryRankEndsTheJobWithNothingLeft() throws Exception
    {
        final Path out = Files.createTempFile("openmpj-it", ".out");
        final ProcessBuilder builder = new ProcessBuilder(Launch.PROJECT.resolve("bin/mpjrun").toString(), "-np", "3", "-dev", "shm",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$WaitsForever")
            .directory(Launch.PROJECT.toFile()).redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        final Process launcher = builder.start();
        try
        {
            // The ranks are up once all three have attached and the segment file is gone again.
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (rankPids("SystemPrograms\\$WaitsForever").size() < 3 || !segments().isEmpty())
            {
                assertTrue(System.nanoTime() < deadline && launcher.isAlive(), "the ranks did not start: " + Files.readString(out));
                Thread.sleep(100);
            }
            Thread.sleep(1000);
            for (final long pid : rankPids("SystemPrograms\\$WaitsForever"))
            {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "mpjrun did not end after its ranks were killed: " + Files.readString(out));
            assertNotEquals(0, launcher.exitValue(), () -> "output: " + readQuietly(out));
            assertNoRankLeft("SystemPrograms\\$WaitsForever");
        }
        finally
        {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
            Files.deleteIfExists(out);
        }
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
        for (final String name : List.of("openmpj.shm.dir", "openmpj.shm.ringBytes", "openmpj.shm.eagerLimit", "openmpj.shm.eagerWindow"))
        {
            assertTrue(run.stdout().contains(name), () -> name + " missing: " + run);
        }
    }

    private static List<String> segments() throws IOException
    {
        try (Stream<Path> files = Files.list(SHM))
        {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith(SEGMENT_PREFIX)).sorted().toList();
        }
    }

    /** @return the pids of rank JVMs running {@code program} (a pgrep pattern), not counting the launcher. */
    private static List<Long> rankPids(final String program) throws IOException, InterruptedException
    {
        final Launch.Outcome found = Launch.run(Duration.ofSeconds(10), "pgrep", "-f", "ProcessRank.*" + program);
        return found.stdout().lines().map(String::trim).filter(line -> !line.isEmpty()).map(Long::parseLong).toList();
    }

    private static void assertNoRankLeft(final String program) throws IOException, InterruptedException
    {
        final Launch.Outcome left = Launch.run(Duration.ofSeconds(10), "pgrep", "-f", program);
        assertEquals(1, left.exitCode(), () -> "JVMs left running: " + left.stdout());
    }

    private static String readQuietly(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final IOException ex)
        {
            return "(unreadable: " + ex.getMessage() + ")";
        }
    }
}
