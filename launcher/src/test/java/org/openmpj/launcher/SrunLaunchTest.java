package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openmpj.bootstrap.SlurmOneNode;
import org.openmpj.runtime.ProcessRank;

/**
 * {@code mpjrun} inside a Slurm allocation: on the one-node Slurm that {@code tools/slurm-one-node} brings up (as root),
 * {@code salloc -n 2 mpjrun …} starts the ranks with {@code srun --mpi=pmi2}, and they take PMI from Slurm. The test
 * stops the Slurm daemons at the end.
 */
@Timeout(180)
@ExtendWith(SlurmOneNode.class)
class SrunLaunchTest
{
    private final String marker = "srun-standin-" + UUID.randomUUID();

    @Test
    void ranksAreStartedBySrunAndLabelledWithPrefix() throws Exception
    {
        final SlurmOneNode.Outcome job = salloc("-np", "2", "-prefix", "clean", marker);
        assertEquals(0, job.exitCode(), job.output());
        for (int rank = 0; rank < 2; rank++)
        {
            assertTrue(job.output().contains(rank + ": rank " + rank + " of 2 ready, device " + StandInDeviceProvider.NAME), job.output());
            assertTrue(job.output().contains(rank + ": rank " + rank + " args clean|" + marker + " env PMI_RANK=" + rank
                + " PMI_SIZE=2 PMI_ID set=false"), "PMI from Slurm, not from a key-value service of mpjrun:\n" + job.output());
        }
        assertFalse(job.output().contains("mpjrun: job failed"), job.output());
    }

    @Test
    void srunsExitCodeIsTheJobs() throws Exception
    {
        final SlurmOneNode.Outcome job = salloc("-np", "2", "exit5", marker);
        assertEquals(5, job.exitCode(), job.output());
        assertTrue(job.output().contains("mpjrun: job failed: srun ended with exit code 5"), job.output());
    }

    @Test
    void aHungJobEndsAtItsTimeoutAndLeavesNoRank() throws Exception
    {
        final SlurmOneNode.Outcome job = salloc("-np", "2", "-timeout", "3", "hang", marker);
        assertEquals(124, job.exitCode(), job.output());
        assertTrue(job.output().contains("did not finish within its timeout of 3 s"), job.output());
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String left = pgrep(marker);
        while (!left.isEmpty() && System.nanoTime() < deadline)
        {
            // Slurm's step daemon ends what srun left a moment after srun itself.
            Thread.sleep(200);
            left = pgrep(marker);
        }
        assertEquals("", left, "ranks left running");
    }

    @Test
    void killingMpjrunEndsSrunAndEveryRank() throws Exception
    {
        // The allocation outlives mpjrun, as in a batch script that goes on after it: Slurm does not end the step for us.
        final List<String> command = new ArrayList<>(List.of("salloc", "-n", "2", "-J", marker, "sh", "-c", "\"$@\"; sleep 60", "allocation"));
        command.addAll(mpjrunCommand("-np", "2", "hang", marker));
        final Process salloc = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try
        {
            final long startDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (ranks().size() < 2)
            {
                assertTrue(salloc.isAlive() && System.nanoTime() < startDeadline, "the ranks did not start");
                Thread.sleep(100);
            }
            final ProcessHandle mpjrun = javas().stream().filter(process -> arguments(process).contains(MpjRun.class.getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no mpjrun JVM found"));
            mpjrun.destroyForcibly();
            final long goneNs = System.nanoTime();
            while (!ranks().isEmpty())
            {
                assertTrue(System.nanoTime() - goneNs < TimeUnit.SECONDS.toNanos(10), "ranks still ran 10 s after mpjrun was killed: " + ranks());
                Thread.sleep(50);
            }
            System.out.println("mpjrun killed inside an allocation: its ranks ended " + (System.nanoTime() - goneNs) / 1_000_000 + " ms later");
        }
        finally
        {
            salloc.descendants().forEach(ProcessHandle::destroyForcibly);
            salloc.destroyForcibly();
            ranks().forEach(ProcessHandle::destroyForcibly);
            // A killed salloc cannot tell the controller its allocation is over, which would hold the node's CPUs (and
            // queue the next test's jobs) until the controller gave up on it.
            final Process scancel = new ProcessBuilder("scancel", "-n", marker).redirectErrorStream(true).start();
            final String said = new String(scancel.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(scancel.waitFor(30, TimeUnit.SECONDS), "scancel did not end");
            assertEquals(0, scancel.exitValue(), () -> "scancel -n " + marker + " failed: " + said);
        }
    }

    /** @return the JVMs whose command line names this test's marker. */
    private List<ProcessHandle> javas()
    {
        return ProcessHandle.allProcesses().filter(process -> process.info().command().map(command -> command.endsWith("/java")).orElse(false))
            .filter(process -> arguments(process).contains(marker)).toList();
    }

    /** @return the stand-in rank JVMs of this test's job: its JVMs but mpjrun. */
    private List<ProcessHandle> ranks()
    {
        return javas().stream().filter(process -> !arguments(process).contains(MpjRun.class.getName())).toList();
    }

    private static String arguments(final ProcessHandle process)
    {
        return String.join(" ", process.info().arguments().orElse(new String[0]));
    }

    /** Runs mpjrun, with the stand-in device and ranks, inside {@code salloc -n 2}. */
    private static SlurmOneNode.Outcome salloc(final String... args) throws Exception
    {
        return SlurmOneNode.run(sallocCommand(args), 90);
    }

    private static List<String> sallocCommand(final String... args) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of("salloc", "-n", "2"));
        command.addAll(mpjrunCommand(args));
        return command;
    }

    private static List<String> mpjrunCommand(final String... args) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", launcherClasspath(), MpjRun.class.getName(),
            "-dev", StandInDeviceProvider.NAME, "-D" + ProcessLaunch.RANK_MAIN_PROP_NAME + "=" + StandInRank.class.getName(),
            "-cp", location(StandInRank.class)));
        command.addAll(List.of(args));
        return command;
    }

    /** @return the class path of the launcher JVM: the stand-ins (test classes), the launcher's classes and the rank runtime's. */
    private static String launcherClasspath() throws Exception
    {
        return String.join(File.pathSeparator, location(StandInRank.class), location(MpjRun.class), location(ProcessRank.class));
    }

    private static String location(final Class<?> type) throws Exception
    {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static String pgrep(final String text) throws Exception
    {
        final Process pgrep = new ProcessBuilder("pgrep", "-f", text).start();
        final String pids = new String(pgrep.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        pgrep.waitFor();
        return pids;
    }
}
