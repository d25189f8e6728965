package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmpj.runtime.ProcessRank;
import org.openmpj.runtime.Settings;

/**
 * {@code mpjrun} with ranks that are processes: real JVMs running {@link StandInRank}, which bootstrap from the
 * launcher's key-value service as ranks do. Every test names its processes with a marker of its own and checks with
 * {@code pgrep -f} that none of them is left; whatever is left is killed by process id afterwards.
 */
@Timeout(120)
class ProcessJobTest
{
    private static final String SURVIVE = Settings.SURVIVE_RANK_LOSS_PROP_NAME + "=true";

    private final String marker = "standin-" + UUID.randomUUID();

    @AfterEach
    void killLeftovers() throws Exception
    {
        for (final long pid : pids(marker))
        {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aCleanJobExitsZeroWithEveryRanksOutputInWholeLines() throws Exception
    {
        final Map<String, String> env = new HashMap<>(System.getenv());
        env.put("OPENMPJ_JVM_OPTS", "-Xss2m");
        final Run run = mpjrun(env, "-np", "3", "-prefix", "-Dstandin.greeting=hello", "-jvmargs", "-Xmx96m  -XX:+UseSerialGC",
            "clean", marker, "two words", "it's $HOME");
        assertEquals(0, run.exitCode(), run::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            final String tag = "[" + rank + "] ";
            assertTrue(run.out().contains(tag + "rank " + rank + " of 3 ready, device " + StandInDeviceProvider.NAME + "\n"), run::toString);
            assertTrue(run.out().contains(tag + "rank " + rank + " args clean|" + marker + "|two words|it's $HOME env PMI_RANK=" + rank
                + " PMI_SIZE=3 PMI_ID set=true property=hello jvm options ["), run::toString);
            assertTrue(run.err().contains(tag + "rank " + rank + " writes to stderr\n"), run::toString);
        }
        for (final String option : new String[] {"-Xss2m", "-Xmx96m", "-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED"})
        {
            assertEquals(3, run.out().lines().filter(line -> line.contains("jvm options [") && line.contains(option)).count(),
                () -> "every rank's JVM has " + option + "\n" + run);
        }
        final long[] lines = new long[3];
        for (final String line : run.out().split("\n"))
        {
            if (line.contains(" line "))
            {
                final int rank = line.charAt(1) - '0';
                assertTrue(line.matches("\\[" + rank + "] rank " + rank + " line \\d+ " + StandInRank.LONG_TEXT), () -> "a whole line: " + line);
                lines[rank]++;
            }
        }
        assertEquals(List.of(200L, 200L, 200L), List.of(lines[0], lines[1], lines[2]), run::toString);
        assertNoProcessLeft();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "abort; 3; 7; rank 1 aborted the job with exit code 7: disk full: /scratch = 100 % (ü)",
        "exit5; 3; 5; rank 2 exited with code 5",
        "peerdied; 3; 77; rank 2 exited with code 77",
        "nofinalize; 2; 1; rank 0 exited with code 0 without calling MPI.Finalize"})
    void theFirstFailedRankDecidesTheExitCodeAndTheMessage(final String behaviour, final int ranks, final int exitCode, final String message)
        throws Exception
    {
        final Run run = mpjrun(System.getenv(), "-np", Integer.toString(ranks), behaviour, marker);
        assertEquals(exitCode, run.exitCode(), run::toString);
        assertTrue(run.err().contains("mpjrun: job failed: " + message + "\n"), run::toString);
        assertTrue(run.elapsedMs() < 15_000, run::toString);
        assertNoProcessLeft();
    }

    @Test
    void aJobThatSurvivesLostRanksSucceedsWhenTheRanksLeftFinalize() throws Exception
    {
        final Run run = mpjrun(System.getenv(), "-D" + SURVIVE, "-np", "3", "lost", marker);
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.err().contains("mpjrun: lost rank 2 exited with code 3; the job went on without it (-D" + SURVIVE + ")\n"),
            run::toString);
        assertNoProcessLeft();
    }

    @Test
    void aJobThatSurvivesLostRanksFailsWhenItLosesEveryRank() throws Exception
    {
        final Run run = mpjrun(System.getenv(), "-D" + SURVIVE, "-np", "2", "alllost", marker);
        assertEquals(3, run.exitCode(), run::toString);
        assertTrue(run.err().contains("mpjrun: job failed: rank ") && run.err().contains(" exited with code 3\n"), run::toString);
        assertNoProcessLeft();
    }

    @Test
    void anAbortStillEndsAJobThatSurvivesLostRanks() throws Exception
    {
        final Run run = mpjrun(System.getenv(), "-D" + SURVIVE, "-np", "3", "abort", marker);
        assertEquals(7, run.exitCode(), run::toString);
        assertTrue(run.err().contains("mpjrun: job failed: rank 1 aborted the job with exit code 7"), run::toString);
        assertNoProcessLeft();
    }

    @Test
    void aSurviveSettingThatIsNeitherTrueNorFalseIsRefused() throws Exception
    {
        final Run run = mpjrun(System.getenv(), "-D" + Settings.SURVIVE_RANK_LOSS_PROP_NAME + "=yes", "-np", "2", "clean", marker);
        assertEquals(2, run.exitCode(), run::toString);
        assertTrue(run.err().contains("-D" + Settings.SURVIVE_RANK_LOSS_PROP_NAME + "=yes is neither true nor false"), run::toString);
    }

    @Test
    void aRankKilledMidJobEndsTheJobWithinTenSeconds() throws Exception
    {
        final Run run = mpjrun(System.getenv(), "-np", "3", "sigkill", marker);
        assertEquals(137, run.exitCode(), run::toString);
        assertTrue(run.err().contains("mpjrun: job failed: rank 1 exited with code 137 (killed by SIGKILL)"), run::toString);
        assertTrue(run.killedAtNs() > 0, run::toString);
        final long afterKillMs = TimeUnit.NANOSECONDS.toMillis(run.endedAtNs() - run.killedAtNs());
        assertTrue(afterKillMs < 10_000, () -> "ended " + afterKillMs + " ms after the kill\n" + run);
        assertNoProcessLeft();
    }

    @Test
    void aHungJobEndsAtItsTimeoutWith124() throws Exception
    {
        final Run run = mpjrun(System.getenv(), "-np", "2", "-timeout", "3", "hang", marker);
        assertEquals(124, run.exitCode(), run::toString);
        assertTrue(run.err().contains("did not finish within its timeout of 3 s; ranks still running: 0, 1"), run::toString);
        assertNoProcessLeft();
    }

    @Test
    void ranksRunOnTwoHostsThroughTheRemoteShell(@TempDir final Path dir) throws Exception
    {
        final Path log = dir.resolve("rsh.log");
        final Path rsh = dir.resolve("rsh-here");
        Files.writeString(rsh, """
            #!/bin/sh
            # Stands in for ssh: notes the host and the command, then runs the command here through a shell, as sshd would.
            host=$1
            shift
            printf '%s %s\\n' "$host" "$*" >> LOG
            exec sh -c "$*"
            """.replace("LOG", RankCommands.quote(log.toString())));
        Files.setPosixFilePermissions(rsh, PosixFilePermissions.fromString("rwx------"));
        final Path hostfile = dir.resolve("hosts");
        Files.writeString(hostfile, "# two hosts\nhostA slots=2   # the first\n\nhostB\n");

        final Run run = mpjrun(System.getenv(), "-np", "3", "-hostfile", hostfile.toString(), "-prefix", "-Dopenmpj.launcher.rsh=" + rsh,
            "-Dopenmpj.tcp.interface=lo", "clean", marker, "two words", "it's $HOME");
        assertEquals(0, run.exitCode(), run::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            assertTrue(run.out().contains("[" + rank + "] rank " + rank + " args clean|" + marker + "|two words|it's $HOME env PMI_RANK=" + rank
                + " PMI_SIZE=3 PMI_ID set=true"), run::toString);
        }
        final List<String> started = Files.readAllLines(log);
        // The remote shells start at once and note their lines in any order: each line names its rank.
        assertEquals(List.of("0 hostA", "1 hostA", "2 hostB"), started.stream()
            .map(line -> line.replaceAll("(?s).*PMI_RANK=(\\d+).*", "$1") + " " + line.substring(0, line.indexOf(' '))).sorted().toList(),
            String.join("\n", started));
        assertTrue(started.stream().noneMatch(line -> line.contains("PMI_ID=")), "the secret is not on a command line");
        assertTrue(started.get(0).contains("PMI_PORT=127.0.0.1:"), started.get(0));
        assertNoProcessLeft();

        final Run killed = mpjrun(System.getenv(), "-np", "3", "-hosts", "hostA,hostB", "-oversubscribe", "-Dopenmpj.launcher.rsh=" + rsh,
            "-Dopenmpj.tcp.interface=lo", "sigkill", marker);
        assertEquals(137, killed.exitCode(), killed::toString);
        assertTrue(killed.err().contains("mpjrun: job failed: rank 1 (on host hostB) exited with code 137 (killed by SIGKILL)"), killed::toString);
        assertNoProcessLeft();
    }

    @Test
    void killingTheLauncherStopsItsRanks() throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", launcherClasspath(), MpjRun.class.getName()));
        command.addAll(arguments("-np", "2", "hang", marker));
        final Process launcher = new ProcessBuilder(command).redirectErrorStream(true).start();
        try
        {
            final BufferedReader output = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
            int ready = 0;
            final StringBuilder seen = new StringBuilder();
            while (ready < 2)
            {
                final String line = output.readLine();
                assertTrue(line != null, "the launcher ended before its ranks were ready: " + seen);
                seen.append(line).append('\n');
                ready += line.contains(" ready, device ") ? 1 : 0;
            }
            assertEquals(3, pids(marker).size(), "the launcher and two rank JVMs run (the marker is on each command line)");
            launcher.destroy();
            assertTrue(launcher.waitFor(10, TimeUnit.SECONDS), "the launcher ends within 10 s of TERM");
            assertNoProcessLeft();
        }
        finally
        {
            launcher.destroyForcibly();
        }
    }

    @Test
    void badHostInputExitsTwoNamingTheValue(@TempDir final Path dir) throws Exception
    {
        final Run missing = mpjrun(System.getenv(), "-np", "2", "-hostfile", dir.resolve("no-such-hosts").toString(), "clean", marker);
        assertEquals(2, missing.exitCode(), missing::toString);
        assertTrue(missing.err().contains("host file '" + dir.resolve("no-such-hosts") + "' does not exist"), missing::toString);

        final Run tooMany = mpjrun(System.getenv(), "-np", "5", "-hosts", "a,b:2", "clean", marker);
        assertEquals(2, tooMany.exitCode(), tooMany::toString);
        assertTrue(tooMany.err().contains("-np 5 is more than the 3 slot(s) of -hosts a,b:2"), tooMany::toString);

        final Path bad = dir.resolve("bad-hosts");
        Files.writeString(bad, "a slots=2\nb slots=many\n");
        final Run badSlots = mpjrun(System.getenv(), "-np", "2", "-hostfile", bad.toString(), "clean", marker);
        assertEquals(2, badSlots.exitCode(), badSlots::toString);
        assertTrue(badSlots.err().contains("line 2: slots must be a whole number of at least 1, got 'many'"), badSlots::toString);

        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int thread = MpjRun.run(new String[] {"-np", "2", "-hosts", "a,b", "-cp", ".", "Main"}, new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8), System.getenv());
        assertEquals(2, thread);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("need a device whose ranks are processes"), err::toString);
        assertEquals(List.of(), pids(marker), "nothing was started");
    }

    @Test
    void helpDocumentsLaunchingProcesses() throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, MpjRun.run(new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err, System.getenv()));
        for (final String topic : new String[] {"tcp (alias niodev)", "-jvmargs", "-prefix", "-hosts", "-hostfile", "slots=N", "-oversubscribe",
            "-Dopenmpj.launcher.rsh=", "{host}", "-Dopenmpj.tcp.interface=", "OPENMPJ_TCP_INTERFACE", "srun --mpi=pmi2", "OPENMPJ_JVM_OPTS", "124",
            "-v, --verbose"})
        {
            assertTrue(out.toString(StandardCharsets.UTF_8).contains(topic), () -> "--help mentions " + topic + "\n" + out);
        }
        final ByteArrayOutputStream config = new ByteArrayOutputStream();
        assertEquals(0, MpjRun.run(new String[] {"--help-config"}, new PrintStream(config, true, StandardCharsets.UTF_8), System.err,
            System.getenv()));
        assertTrue(config.toString(StandardCharsets.UTF_8).contains("openmpj.idle"), config::toString);
        assertTrue(config.toString(StandardCharsets.UTF_8).contains("openmpj.verbose"), config::toString);
        assertTrue(config.toString(StandardCharsets.UTF_8).contains("openmpj.shm.largeCopy"), config::toString);
    }

    /** Runs mpjrun in this JVM with the stand-in device and ranks; {@code args} are the options, then behaviour and marker. */
    private static Run mpjrun(final Map<String, String> env, final String... args)
    {
        final Map<String, String> environment = new HashMap<>(env);
        environment.remove("SLURM_JOB_ID");
        final TimedOutput out = new TimedOutput();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final long start = System.nanoTime();
        final int exitCode = MpjRun.run(arguments(args).toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), environment);
        final long end = System.nanoTime();
        return new Run(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
            TimeUnit.NANOSECONDS.toMillis(end - start), out.killedAtNs, end);
    }

    /** @return mpjrun's command line: the stand-in device and rank class, the test classes, then {@code args}. */
    private static List<String> arguments(final String... args)
    {
        final List<String> argv = new ArrayList<>(List.of("-dev", StandInDeviceProvider.NAME,
            "-D" + ProcessLaunch.RANK_MAIN_PROP_NAME + "=" + StandInRank.class.getName(), "-cp", location(StandInRank.class)));
        argv.addAll(List.of(args));
        return argv;
    }

    /**
     * @return the class path of a launcher JVM of the tests: the stand-ins (test classes), the launcher's classes and the
     *         rank runtime's; its ranks get only the last, as the launcher finds it.
     */
    private static String launcherClasspath()
    {
        return String.join(File.pathSeparator, location(StandInRank.class), location(MpjRun.class), location(ProcessRank.class));
    }

    /** @return the class directory or jar {@code type} was loaded from. */
    private static String location(final Class<?> type)
    {
        try
        {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        }
        catch (final java.net.URISyntaxException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private void assertNoProcessLeft() throws Exception
    {
        List<Long> left = pids(marker);
        for (int i = 0; i < 20 && !left.isEmpty(); i++)
        {
            // A process that has just been killed may take a moment to leave the process table.
            Thread.sleep(100);
            left = pids(marker);
        }
        assertEquals(List.of(), left, "processes of the job still running");
    }

    /** @return the ids of the processes whose command line contains {@code text}. */
    private static List<Long> pids(final String text) throws Exception
    {
        final Process pgrep = new ProcessBuilder("pgrep", "-f", text).redirectErrorStream(true).start();
        final String output = new String(pgrep.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        pgrep.waitFor();
        final List<Long> pids = new ArrayList<>();
        for (final String line : output.split("\n"))
        {
            if (!line.isBlank())
            {
                pids.add(Long.parseLong(line.strip()));
            }
        }
        return pids;
    }

    /** How one run of mpjrun went. */
    private record Run(int exitCode, String out, String err, long elapsedMs, long killedAtNs, long endedAtNs)
    {
        @Override
        public String toString()
        {
            return "exit " + exitCode + " after " + elapsedMs + " ms\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** Standard output that notes when a rank announced that it is about to be killed. */
    private static final class TimedOutput extends ByteArrayOutputStream
    {
        private volatile long killedAtNs;

        @Override
        public synchronized void write(final byte[] b, final int off, final int len)
        {
            if (killedAtNs == 0 && new String(b, off, len, StandardCharsets.UTF_8).contains("is about to be killed"))
            {
                killedAtNs = System.nanoTime();
            }
            super.write(b, off, len);
        }
    }
}
