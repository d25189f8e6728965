package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Jobs of rank processes on the ucx device, launched by {@code bin/mpjrun -dev ucx} as a user would, over UCX's own choice
 * of transport on one host (shared memory) and over its TCP: the examples, failing and killed ranks; after each, no rank
 * JVM runs. Without UCX the launcher says what is missing.
 */
@Timeout(300)
class MpjRunUcxSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void ringBringsTheTokenBack(final int processes) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "ucx",
            "-cp", Launch.examplesJar(), "org.openmpj.examples.Ring", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as " + 300 * processes + " (correct)"), run::toString);
    }

    @ParameterizedTest(name = "UCX_TLS={0}")
    @ValueSource(strings = {"sm,self", "tcp,self"})
    void jacobiMatchesTheSerialResult(final String transports) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "env", "UCX_TLS=" + transports, Launch.PROJECT.resolve("bin/mpjrun").toString(),
            "-np", "4", "-dev", "ibvdev", "-cp", Launch.examplesJar(), "org.openmpj.examples.Jacobi", "40", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @Test
    void aRankThatThrowsFailsTheJobWithItsCause() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-dev", "ucx", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankThrows");
        assertEquals(1, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("mpjrun: job failed: rank 1"), run::toString);
        // The survivors, on the same host, are told what rank 1 threw (through the liveness ring), not only that it ended.
        assertEquals(2, run.stderr().split("failed: mpi.MPIException: rank 1 failed: java.lang.IllegalStateException: deliberate failure in rank 1",
            -1).length - 1, run::toString);
    }

    @ParameterizedTest(name = "UCX_TLS={0}")
    @ValueSource(strings = {"sm,self", "tcp,self"})
    void aKilledRankIsNamedToEverySurvivorAndTheJobEndsWithNothingLeft(final String transports) throws Exception
    {
        final int processes = 4;
        final Launch.Outcome run = Launch.run(LIMIT, "env", "UCX_TLS=" + transports, Launch.PROJECT.resolve("bin/mpjrun").toString(),
            "-np", Integer.toString(processes), "-dev", "ucx", "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$RankDies");
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertEverySurvivorLearned(run, processes);
        Launch.assertNoRankLeft("SystemPrograms\\$RankDies");
    }

    @Test
    void aHostThatFallsSilentFailsTheJobOnTheOtherHostNamingItsRanks() throws Exception
    {
        // UCX over TCP between the namespaces: its keepalive does not see a link that drops everything; the ring's beats do.
        System.out.println("ucx, openmpj-h2 silent: " + Launch.assertASilentHostFailsTheJob(new int[] {0, 2}, "[13]", new int[] {1, 3}, "[02]",
            "-np", "4", "-dev", "ucx"));
    }

    @Test
    void killingEveryRankEndsTheJobWithNothingLeft() throws Exception
    {
        Launch.assertKillingEveryRankLeavesNothing(3, "-np", "3", "-dev", "ucx");
    }

    @Test
    void killingTheLauncherEndsEveryRankWithinFiveSeconds() throws Exception
    {
        final long tookMs = Launch.assertKillingTheLauncherEndsEveryRank(5_000, 3, "-np", "3", "-dev", "ucx");
        System.out.println("rank JVMs ended " + tookMs + " ms after their launcher was killed");
    }

    @Test
    void withoutUcxTheLauncherSaysWhatIsMissing() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "env", "OPENMPJ_JVM_OPTS=-Dopenmpj.ucx.library=/nonexistent/libucp.so.0",
            Launch.PROJECT.resolve("bin/mpjrun").toString(), "-np", "2", "-dev", "ucx", "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Ring", "3");
        assertNotEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("ucx: libucp.so.0 not found at /nonexistent/libucp.so.0 — install libucx0"), run::toString);
        assertTrue(!run.stderr().contains("\tat org.openmpj"), () -> "a stack trace instead of a message: " + run);
    }

    @Test
    void theHelpOfConfigListsTheUcxTunables() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "--help-config");
        assertEquals(0, run.exitCode(), run::toString);
        for (final String name : List.of("openmpj.ucx.eagerLimit", "openmpj.ucx.pieceBytes", "openmpj.ucx.eagerPieceBytes", "openmpj.ucx.slots",
            "openmpj.ucx.rendezvousBytes", "openmpj.ucx.tls"))
        {
            assertTrue(run.stdout().contains(name), () -> name + " missing: " + run);
        }
    }

    @Test
    void ranksOnTwoHostsMeetThroughUcxOverTheNetwork() throws Exception
    {
        Launch.onTwoNamespaceHosts(() ->
        {
            final Launch.HostTraffic before = Launch.HostTraffic.count();
            // Each namespace is told its own host name, so that ranks of different ones are on different hosts to OpenMPJ, and
            // UCX reaches them through a transport that reports a failed peer: its TCP, over the namespaces' interfaces.
            final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", "ucx", "-hosts", "openmpj-h1:2,openmpj-h2:2",
                "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c", "-cp", Launch.examplesJar(),
                "org.openmpj.examples.Jacobi", "64", "500");
            assertEquals(0, run.exitCode(), run::toString);
            assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
            before.assertEachHostReceivedMoreThan(100_000, run);
        });
    }

    @Test
    void aRankKilledOnOneHostIsNamedToTheRanksOfTheOther() throws Exception
    {
        Launch.onTwoNamespaceHosts(() ->
        {
            final int processes = 4;
            final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "ucx",
                "-hosts", "openmpj-h1:2,openmpj-h2:2", "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c",
                "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$RankDies");
            assertNotEquals(0, run.exitCode(), run::toString);
            Launch.assertEverySurvivorLearned(run, processes);
            Launch.assertNoRankLeft("SystemPrograms\\$RankDies");
        });
    }

    @Test
    void hybridJvmsOnTwoHostsMeetThroughUcx() throws Exception
    {
        Launch.onTwoNamespaceHosts(() ->
        {
            final Launch.HostTraffic before = Launch.HostTraffic.count();
            final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "8", "-dev", "hybrid", "-threads", "2",
                "-hosts", "openmpj-h1:2,openmpj-h2:2", "-Dopenmpj.hybrid.network=ucx",
                "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c",
                "-cp", Launch.examplesJar(), "org.openmpj.examples.Jacobi", "64", "500");
            assertEquals(0, run.exitCode(), run::toString);
            assertTrue(run.stdout().contains("on 8 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
            before.assertEachHostReceivedMoreThan(100_000, run);
        });
    }

    @Test
    void hybridWithUcxAskedForButMissingSaysWhy() throws Exception
    {
        Launch.onTwoNamespaceHosts(() ->
        {
            final Launch.Outcome run = Launch.run(LIMIT, "env", "OPENMPJ_JVM_OPTS=-Dopenmpj.ucx.library=/nonexistent/libucp.so.0",
                Launch.PROJECT.resolve("bin/mpjrun").toString(), "-np", "4", "-dev", "hybrid", "-threads", "2",
                "-hosts", "openmpj-h1:1,openmpj-h2:1", "-Dopenmpj.hybrid.network=ucx",
                "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c",
                "-cp", Launch.examplesJar(), "org.openmpj.examples.Ring", "3");
            assertNotEquals(0, run.exitCode(), run::toString);
            assertTrue(run.stderr().contains("openmpj.hybrid.network=ucx cannot be used here: ucx: libucp.so.0 not found"), run::toString);
        });
    }
}
