package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Jobs of rank processes on the tcp device, launched by {@code bin/mpjrun -dev tcp} as a user would: the examples,
 * failing ranks, a rank killed mid-job, and ranks spread over network namespaces so that their traffic crosses
 * real interfaces ({@code tools/netns-hosts}, as root).
 */
@Timeout(300)
class MpjRunTcpSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void ringBringsTheTokenBack(final int processes) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "tcp",
            "-cp", Launch.examplesJar(), "org.openmpj.examples.Ring", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as " + 300 * processes + " (correct)"), run::toString);
    }

    @Test
    void killingTheLauncherEndsEveryRankWithinFiveSeconds() throws Exception
    {
        final long tookMs = Launch.assertKillingTheLauncherEndsEveryRank(5_000, 3, "-np", "3", "-dev", "tcp");
        System.out.println("rank JVMs ended " + tookMs + " ms after their launcher was killed");
    }

    @Test
    void jacobiOverNiodevMatchesTheSerialResult() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", "niodev", "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Jacobi", "40", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @Test
    void largeMessagesWithinTheHostGoUnderTheSettingsCongestionControlWhichVerboseAndHelpConfigName() throws Exception
    {
        final String kernelDefault = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/net/ipv4/tcp_congestion_control")).trim();
        final Launch.Outcome reno = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", "2", "-dev", "tcp", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$LargeMessages");
        assertEquals(0, reno.exitCode(), reno::toString);
        assertTrue(reno.stdout().contains("large messages: 24 checked byte for byte"), reno::toString);
        final String expected = "reno".equals(kernelDefault)
            ? "openmpj: tcp: connections within a host keep reno congestion control"
            : "openmpj: tcp: connections within a host send large payloads under reno congestion control, eager messages under "
                + kernelDefault;
        assertTrue(reno.stderr().contains(expected), reno::toString);

        final Launch.Outcome kept = Launch.run(LIMIT, "bin/mpjrun", "-v", "-np", "2", "-dev", "tcp", "-Dopenmpj.tcp.sameHostCongestion=",
            "-cp", Launch.examplesJar(), "org.openmpj.examples.Ring", "10");
        assertEquals(0, kept.exitCode(), kept::toString);
        assertTrue(kept.stderr().contains("openmpj: tcp: connections within a host keep " + kernelDefault + " congestion control"),
            kept::toString);

        final Launch.Outcome unknown = Launch.run(LIMIT, "bin/mpjrun", "-np", "2", "-dev", "tcp", "-Dopenmpj.tcp.sameHostCongestion=vegas9",
            "-cp", Launch.examplesJar(), "org.openmpj.examples.Ring", "10");
        assertNotEquals(0, unknown.exitCode(), unknown::toString);
        assertTrue(unknown.stderr().contains("openmpj.tcp.sameHostCongestion=vegas9 is not a congestion control of this kernel"),
            unknown::toString);

        final Launch.Outcome help = Launch.run(LIMIT, "bin/mpjrun", "--help-config");
        assertEquals(0, help.exitCode(), help::toString);
        assertTrue(help.stdout().contains("openmpj.tcp.sameHostCongestion"), help::toString);
    }

    @Test
    void aRankThatThrowsFailsTheJobWithItsCause() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-dev", "tcp", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankThrows");
        assertEquals(1, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("mpjrun: job failed: rank 1"), run::toString);
        assertTrue(run.elapsed().toSeconds() < 20, run::toString);
        // The survivors are told what rank 1 threw, not only that its process ended.
        assertTrue(run.stderr().contains("failed: mpi.MPIException: rank 1 failed: java.lang.IllegalStateException: deliberate failure in rank 1"),
            run::toString);
    }

    @Test
    void abortEndsTheJobWithItsErrorCode() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-dev", "tcp", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankAborts");
        assertEquals(7, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("rank 2 called MPI.Abort with error code 7"), run::toString);
    }

    @Test
    void aKilledRankIsNamedToEverySurvivorAndTheJobEndsWithNothingLeft() throws Exception
    {
        final int processes = 4;
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", "tcp",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$RankDies");
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertEverySurvivorLearned(run, processes);
        assertTrue(run.stderr().contains("mpjrun: job failed: rank 1"), run::toString);
        final Launch.Outcome left = Launch.run(Duration.ofSeconds(10), "pgrep", "-f", "SystemPrograms\\$RankDies");
        assertEquals(1, left.exitCode(), () -> "rank JVMs left running: " + left.stdout());
    }

    @Test
    void aRankComputingWithoutMpiCallsForFourSilenceLimitsIsNotTakenForDead() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", "tcp", "-Dopenmpj.liveness.timeoutMs=2000",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$ComputesWithoutMpi", "8");
        assertEquals(0, run.exitCode(), run::toString);
        for (int rank = 0; rank < 4; rank++)
        {
            assertTrue(run.stdout().contains("rank " + rank + " done"), run::toString);
        }
    }

    @Test
    void aHostHoldingEveryRankThatFallsSilentIsFoundByTheLauncher() throws Exception
    {
        System.out.println("tcp, every rank on openmpj-h2, openmpj-h2 silent: "
            + Launch.assertASilentHostFailsTheJob(new int[0], "[01]", new int[0], "", "-np", "2", "-dev", "tcp"));
    }

    @Test
    void aHostThatFallsSilentFailsTheJobOnTheOtherHostNamingItsRanks() throws Exception
    {
        // One slot per host, placed round-robin: ranks 0 and 2 on openmpj-h1, 1 and 3 on openmpj-h2.
        System.out.println("tcp, openmpj-h2 silent: " + Launch.assertASilentHostFailsTheJob(new int[] {0, 2}, "[13]", new int[] {1, 3}, "[02]",
            "-np", "4", "-dev", "tcp"));
    }

    @Test
    void ranksInTwoNetworkNamespacesTalkAcrossTheirInterfaces() throws Exception
    {
        Launch.onTwoNamespaceHosts(() ->
        {
            final Launch.HostTraffic before = Launch.HostTraffic.count();
            final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", "tcp", "-hosts", "openmpj-h1,openmpj-h2", "-oversubscribe",
                "-Dopenmpj.launcher.rsh=ip netns exec {host} sh -c", "-cp", Launch.examplesJar(), "org.openmpj.examples.Jacobi", "64", "500");
            assertEquals(0, run.exitCode(), run::toString);
            assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
            // One slot per host, placed round-robin: ranks 0 and 2 in one namespace, 1 and 3 in the other, so every
            // exchange of rows between neighbouring ranks crosses the veth pairs.
            before.assertEachHostReceivedMoreThan(200_000, run);
        });
    }
}
