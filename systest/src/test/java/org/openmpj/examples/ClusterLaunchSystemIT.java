package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real jobs started by the cluster's own launchers: MPICH's {@code mpiexec.hydra} (Debian's {@code mpich}) and Slurm's
 * {@code srun --mpi=pmi2} on a one-node Slurm that the test starts and stops itself ({@code tools/slurm-one-node}, as
 * root). The ranks are plain JVMs that find their rank, size and peers through PMI and talk over the tcp device, or,
 * chosen by property, the shm device, the ucx device or the hybrid device with several ranks per JVM.
 */
@Timeout(300)
class ClusterLaunchSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @BeforeAll
    static void startSlurm() throws Exception
    {
        final Launch.Outcome started = Launch.run(Duration.ofSeconds(180), "tools/slurm-one-node", "start");
        assertEquals(0, started.exitCode(), () -> "tools/slurm-one-node start (needs root and Debian's slurm-wlm) failed: " + started);
    }

    @AfterAll
    static void stopSlurm() throws Exception
    {
        Launch.run(Duration.ofSeconds(60), "tools/slurm-one-node", "stop");
    }

    @ParameterizedTest(name = "-n {0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void hydraRunsTheRing(final int processes) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(List.of("mpiexec.hydra", "-n", Integer.toString(processes)), true, List.of(),
            "org.openmpj.examples.Ring", "200"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as " + 200 * processes + " (correct)"), run::toString);
    }

    @Test
    void hydraRunsAPlainMainWithoutTheRankWrapper() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(List.of("mpiexec.hydra", "-n", "4"), false, List.of(),
            "org.openmpj.examples.Pi", "1000000"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("pi is approximately 3.1415926535") && run.stdout().contains("on 4 ranks"), run::toString);
    }

    @Test
    void hydraWithAPmiPortRunsJacobi() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(List.of("mpiexec.hydra", "-pmi-port", "-n", "4"), true, List.of(),
            "org.openmpj.examples.Jacobi", "40", "300"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @Test
    void hydraReportsARankThatThrows() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(List.of("mpiexec.hydra", "-n", "3"), true, List.of(),
            "org.openmpj.examples.SystemPrograms$RankThrows"));
        assertNotEquals(0, run.exitCode(), run::toString);
        // Hydra ends the job as soon as the rank reports its abort, and may drop the output that was still on its way.
        assertTrue(run.stderr().contains("deliberate failure in rank 1"), run::toString);
    }

    @ParameterizedTest(name = "-n {0}")
    @ValueSource(ints = {2, 3, 8})
    void srunRunsTheRing(final int processes) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(srun(processes), true, List.of(), "org.openmpj.examples.Ring", "200"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as " + 200 * processes + " (correct)"), run::toString);
    }

    @Test
    void whenARankDiesUnderSrunEveryOtherRankLearnsItWithinTenSeconds() throws Exception
    {
        final int processes = 4;
        // Plain mains, without the rank wrapper: a wrapped survivor would abort the job step through Slurm's PMI as soon
        // as it failed, and Slurm would kill the others before they report. Here only the ranks themselves act.
        final Launch.Outcome run = Launch.run(LIMIT, command(srun(processes), false, List.of(), "org.openmpj.examples.SystemPrograms$RankDies"));
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertEverySurvivorLearned(run, processes);
        assertTrue(run.elapsed().toSeconds() < 60, run::toString);
        final Launch.Outcome left = Launch.run(Duration.ofSeconds(10), "pgrep", "-f", "SystemPrograms\\$RankDies");
        assertEquals(1, left.exitCode(), () -> "rank JVMs left running: " + left.stdout());
    }

    @Test
    void hydraRunsTheRingOnTheShmDevice() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(List.of("mpiexec.hydra", "-n", "4"), true,
            List.of("openmpj.device=shm", "openmpj.verbose=true"), "org.openmpj.examples.Ring", "200"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as 800 (correct)"), run::toString);
        assertEquals(List.of(), Launch.segments(), "segment files left");
        // Hydra starts each rank in a session of its own: where the kernel schedules sessions as groups and the 4 ranks
        // outnumber the cores, the verbose job says that their waits cannot pass a core to each other.
        final boolean grouped = "1".equals(Files.readString(Path.of("/proc/sys/kernel/sched_autogroup_enabled")).trim())
            && Files.readAllLines(Path.of("/proc/self/cgroup")).stream()
                .filter(line -> line.startsWith("0::") || line.matches("\\d+:([^:]*,)?cpu(,[^:]*)?:.*"))
                .allMatch(line -> line.endsWith(":/"));
        final boolean outnumbered = Runtime.getRuntime().availableProcessors() < 4;
        assertEquals(grouped && outnumbered, run.stderr().contains("in a session of its own"), run::toString);
    }

    @Test
    void hydraRunsJacobiOnTheHybridDeviceWithTwoRanksPerJvm() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(List.of("mpiexec.hydra", "-n", "2"), true,
            List.of("openmpj.device=hybrid", "openmpj.threads=2"), "org.openmpj.examples.Jacobi", "40", "300"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @Test
    void srunRunsTheRingOnTheShmDevice() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(srun(3), true, List.of("openmpj.device=shm"), "org.openmpj.examples.Ring", "200"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as 600 (correct)"), run::toString);
        assertEquals(List.of(), Launch.segments(), "segment files left");
    }

    @Test
    void srunRunsJacobiOnTheHybridDeviceWithFourRanksPerJvm() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(srun(2), true, List.of("openmpj.device=hybrid", "openmpj.threads=4"),
            "org.openmpj.examples.Jacobi", "40", "300"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 8 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @Test
    void hydraRunsJacobiOnTheUcxDevice() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(List.of("mpiexec.hydra", "-n", "4"), true, List.of("openmpj.device=ucx"),
            "org.openmpj.examples.Jacobi", "40", "300"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @Test
    void srunRunsTheRingOnTheUcxDevice() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, command(srun(3), true, List.of("openmpj.device=ucx"), "org.openmpj.examples.Ring", "200"));
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as 600 (correct)"), run::toString);
    }

    @Test
    void whenARankDiesUnderSrunOnTheUcxDeviceEveryOtherRankLearnsItWithinTenSeconds() throws Exception
    {
        final int processes = 4;
        final Launch.Outcome run = Launch.run(LIMIT, command(srun(processes), false, List.of("openmpj.device=ucx"),
            "org.openmpj.examples.SystemPrograms$RankDies"));
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertEverySurvivorLearned(run, processes);
        final Launch.Outcome left = Launch.run(Duration.ofSeconds(10), "pgrep", "-f", "SystemPrograms\\$RankDies");
        assertEquals(1, left.exitCode(), () -> "rank JVMs left running: " + left.stdout());
    }

    @Test
    void killingHydrasLauncherEndsEveryRankWithinFiveSeconds() throws Exception
    {
        final long tookMs = Launch.assertKillingTheLauncherEndsEveryRank(5_000, 3, List.of(command(List.of("mpiexec.hydra", "-n", "3"), true,
            List.of("openmpj.device=tcp"), "org.openmpj.examples.SystemPrograms$BusyForever")));
        System.out.println("mpiexec.hydra killed: rank JVMs ended " + tookMs + " ms later");
    }

    @Test
    void killingSrunEndsEveryRankWithinFiveSeconds() throws Exception
    {
        final long tookMs = Launch.assertKillingTheLauncherEndsEveryRank(5_000, 3, List.of(command(srun(3), true, List.of("openmpj.device=tcp"),
            "org.openmpj.examples.SystemPrograms$BusyForever")));
        System.out.println("srun killed: rank JVMs ended " + tookMs + " ms later");
    }

    private static List<String> srun(final int processes)
    {
        return List.of("srun", "--mpi=pmi2", "--overcommit", "-n", Integer.toString(processes));
    }

    /** The launcher's command followed by a rank JVM running {@code mainClass}, through the rank wrapper or directly. */
    private static String[] command(final List<String> launcher, final boolean wrapped, final List<String> properties, final String mainClass,
        final String... args)
    {
        final List<String> line = new ArrayList<>(launcher);
        line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        line.add("--enable-native-access=ALL-UNNAMED");
        for (final String property : properties)
        {
            line.add("-D" + property);
        }
        line.add("-cp");
        line.add(String.join(":", Launch.examplesJar(), Launch.testPrograms(), Launch.PROJECT.resolve("mpi/target/openmpj-mpi.jar").toString(),
            Launch.PROJECT.resolve("core/target/openmpj-core.jar").toString(), Launch.PROJECT.resolve("ucx/target/openmpj-ucx.jar").toString()));
        if (wrapped)
        {
            line.add("org.openmpj.runtime.ProcessRank");
        }
        line.add(mainClass);
        line.addAll(List.of(args));
        return line.toArray(String[]::new);
    }
}
