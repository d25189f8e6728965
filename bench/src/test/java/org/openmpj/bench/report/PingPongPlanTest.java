package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class PingPongPlanTest
{
    private static PingPongPlan plan(final String device)
    {
        final PingPongReport options = PingPongReport.parse(
            new String[] {"--home", "/opt/openmpj", "--device", device, "--mpirun", "mpirun.openmpi"});
        return PingPongPlan.of(options, options.withJava(Path.of("/jdk"), "").commands());
    }

    private static List<String> labels(final PingPongPlan plan)
    {
        return plan.steps().keySet().stream().map(Implementation::label).toList();
    }

    @Test
    void shmTakesTurnsWithTheThreadFloorOpenMpiAndMpichAndIsJudgedAgainstOpenMpi()
    {
        final PingPongPlan plan = plan("shm");
        assertEquals(List.of("Java floor", "OpenMPJ shm", "Open MPI", "MPICH"), labels(plan));
        assertEquals(List.of("java-floor", "openmpj-shm", "openmpi", "mpich"), plan.steps().keySet().stream().map(Implementation::id).toList());
        final PingPongComparison comparison = plan.comparison();
        assertEquals("openmpj-shm", comparison.subject().id());
        assertEquals("openmpi", comparison.reference().id());
        assertEquals(List.of("mpich"), comparison.others().stream().map(Implementation::id).toList());
        assertEquals("java-floor", comparison.floor().id());
        assertEquals(List.of(
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.2, comparison.reference()),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 1.0, comparison.reference()),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 1.0, PingPongPlan.MPICH),
            new BeyondEagerTarget(1.0)), comparison.targets());
        assertEquals(comparison.targets(), plan("hybrid").comparison().targets(), "hybrid is held to shm's targets");
        assertTrue(comparison.placement().contains("no floor of two JVMs"), comparison.placement());

        final List<String> openmpi = plan.steps().get(comparison.reference());
        assertEquals("mpirun.openmpi", openmpi.getFirst());
        assertFalse(openmpi.contains("--mca"), "Open MPI keeps its default transport: " + openmpi);
        assertTrue(plan.steps().get(PingPongPlan.MPICH).contains("mpiexec.hydra"));
        assertEquals(List.of(List.of("mpirun.openmpi", "--version"), List.of("mpichversion")), plan.versionCommands());
    }

    @Test
    void tcpAndThreadKeepTheirFloorsAndAreJudgedAgainstTheirSingleNativeReference()
    {
        final PingPongPlan tcp = plan("tcp");
        assertEquals(List.of("Java socket floor", "OpenMPJ tcp", "Open MPI TCP"), labels(tcp));
        final Implementation openMpiTcp = tcp.comparison().reference();
        assertEquals(List.of(
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.0, openMpiTcp),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9, openMpiTcp)), tcp.comparison().targets());
        assertTrue(tcp.comparison().others().isEmpty());
        assertTrue(tcp.steps().get(openMpiTcp).containsAll(List.of("--mca", "btl", "tcp,self")));

        final PingPongPlan thread = plan("thread");
        assertEquals(List.of("Java floor", "OpenMPJ thread", "OpenMPJ thread, MPI.OBJECT", "Open MPI"), labels(thread));
        final Implementation openMpi = thread.comparison().reference();
        assertEquals("openmpi", openMpi.id());
        assertEquals(List.of(
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.0, openMpi),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 1.5, openMpi)), thread.comparison().targets());
        assertEquals(List.of(List.of("mpirun.openmpi", "--version")), thread.versionCommands());
    }

    @Test
    void ucxOverSharedMemoryIsJudgedAgainstOpenMpiOverUcxBesideTheRawJucxFloorWhoseFailedRunsAreRunAgain()
    {
        final PingPongReport options = PingPongReport.parse(
            new String[] {"--home", "/opt/openmpj", "--device", "ucx-sm", "--mpirun", "mpirun.openmpi"});
        final BenchmarkCommands commands = options.withJava(Path.of("/jdk"), "").commands();
        final PingPongPlan plan = PingPongPlan.of(options, commands);
        assertEquals(List.of("raw JUCX", "OpenMPJ ucx", "Open MPI UCX"), labels(plan));
        final PingPongComparison comparison = plan.comparison();
        assertEquals("openmpi", comparison.reference().id());
        assertEquals("Open MPI UCX", comparison.reference().label());
        assertEquals("jucx", comparison.floor().id());
        assertTrue(comparison.others().isEmpty());
        assertEquals(List.of(
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3, comparison.reference()),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9, comparison.reference())),
            comparison.targets());
        assertEquals("sm,self", commands.job().environment().get("UCX_TLS"));
        assertEquals("", commands.job().environment().get("UCX_ERROR_SIGNALS"));
        assertTrue(plan.steps().get(PingPongPlan.JUCX).contains("org.openmpj.bench.JucxFloor"));
        assertEquals(java.util.Set.of(PingPongPlan.JUCX), plan.repeatable());
        assertTrue(String.join(" ", plan.steps().get(comparison.reference())).contains("--mca pml ucx"));
        final String openmpj = String.join(" ", plan.steps().get(comparison.subject()));
        assertTrue(openmpj.contains("-Dopenmpj.device=ucx") && openmpj.contains("/opt/openmpj/ucx/target/openmpj-ucx.jar"), openmpj);
        assertTrue(plan.comparison().placement().contains("UCX_TLS=sm,self"), plan.comparison().placement());
    }

    @Test
    void ucxOverTcpIsJudgedAgainstUcxsOwnPingPongAndRepeatsNothing()
    {
        final PingPongReport options = PingPongReport.parse(
            new String[] {"--home", "/opt/openmpj", "--device", "ucx-tcp", "--mpirun", "mpirun.openmpi"});
        final BenchmarkCommands commands = options.withJava(Path.of("/jdk"), "").commands();
        final PingPongPlan plan = PingPongPlan.of(options, commands);
        assertEquals(List.of("ucx_perftest (C)", "OpenMPJ ucx", "Open MPI UCX"), labels(plan));
        assertEquals("ucx-perftest", plan.comparison().reference().id());
        assertEquals(List.of(
            new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.15, PingPongPlan.UCX_PERFTEST),
            new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9, PingPongPlan.UCX_PERFTEST)),
            plan.comparison().targets());
        assertEquals("tcp,self", commands.job().environment().get("UCX_TLS"));
        final String floor = String.join(" ", plan.steps().get(PingPongPlan.UCX_PERFTEST));
        assertTrue(floor.startsWith("taskset -c 0 /jdk/bin/java") && floor.contains("org.openmpj.bench.UcxPerftestFloor --peer-cpu 1"), floor);
        assertTrue(plan.repeatable().isEmpty());
        assertTrue(plan.comparison().placement().contains("UCX_TLS=tcp,self") && plan.comparison().placement().contains("EFAULT"),
            plan.comparison().placement());
    }
}
