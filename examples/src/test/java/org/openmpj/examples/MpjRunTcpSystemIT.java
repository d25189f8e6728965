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
    void jacobiOverNiodevMatchesTheSerialResult() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", "niodev", "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Jacobi", "40", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on 4 ranks") && run.stdout().contains("equal to the serial result"), run::toString);
    }

    @Test
    void aRankThatThrowsFailsTheJobWithItsCause() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-dev", "tcp", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankThrows");
        assertEquals(1, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("mpjrun: job failed: rank 1"), run::toString);
        assertTrue(run.elapsed().toSeconds() < 20, run::toString);
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
