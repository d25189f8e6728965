package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs bin/mpjrun and bin/mpjavac as a new user would: the examples, bad command lines and failing jobs. */
@Timeout(180)
class MpjRunSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void helloGreetsFromEveryRank() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-cp", Launch.examplesJar(), "org.openmpj.examples.Hello");
        assertEquals(0, run.exitCode(), run::toString);
        for (int rank = 0; rank < 4; rank++)
        {
            assertTrue(run.stdout().contains("Hello from rank " + rank + " of 4 on "), run::toString);
        }
    }

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 2, 3, 8})
    void ringBringsTheTokenBack(final int processes) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Ring", "500");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("came back as " + 500 * processes + " (correct)"), run::toString);
    }

    @Test
    void piIsAccurate() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-cp", Launch.examplesJar(), "org.openmpj.examples.Pi",
            "1000000");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("pi is approximately 3.1415926535"), run::toString);
    }

    @Test
    void parameterSweepRunsEverySimulationOnTheWorkers() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-cp", Launch.examplesJar(),
            "org.openmpj.examples.ParameterSweep", "2000");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("2000 simulations in") && run.stdout().contains("on 3 workers"), run::toString);
    }

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void jacobiMatchesTheSerialResult(final int processes) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Jacobi", "40", "300");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("on " + processes + " ranks") && run.stdout().contains("equal to the serial result"),
            run::toString);
    }

    @Test
    void programGetsExactlyItsOwnArguments() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "2", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$EchoArgs", "-np", "two words", "", "-Dx=y");
        assertEquals(0, run.exitCode(), run::toString);
        assertEquals("count=4 same=true\n[-np]\n[two words]\n[]\n[-Dx=y]\n", run.stdout(), run::toString);
    }

    @Test
    void staticFieldsArePerRank() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$StaticsPerRank");
        assertEquals(0, run.exitCode(), run::toString);
        assertEquals(4, run.stdout().lines().filter(line -> line.endsWith("keeps its own static")).count(), run::toString);
    }

    @Test
    void aRankThatThrowsEndsTheJobWithItsMessage() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankThrows");
        assertEquals(1, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("rank 1 failed"), run::toString);
        assertTrue(run.stderr().contains("deliberate failure in rank 1"), run::toString);
        assertTrue(run.elapsed().toSeconds() < 10, run::toString);
    }

    @Test
    void abortEndsTheJobWithItsErrorCode() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$RankAborts");
        assertEquals(7, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("rank 2 called MPI.Abort with error code 7"), run::toString);
        assertTrue(run.elapsed().toSeconds() < 10, run::toString);
    }

    @Test
    void timeoutEndsAHungJob() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "2", "-timeout", "2", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$WaitsForever");
        assertEquals(124, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("did not finish within its timeout of 2 s"), run::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "smdev", "multicore"})
    void deviceNamesOfOlderLibrariesAreAccepted(final String device) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "2", "-dev", device, "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Hello");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("Hello from rank 1 of 2"), run::toString);
    }

    @Test
    void plainJavaRunsASingleton() throws Exception
    {
        final Launch.Outcome run = Launch.plainJava(LIMIT, Launch.examplesJar(), "org.openmpj.examples.Hello");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().startsWith("Hello from rank 0 of 1 on "), run::toString);
    }

    @Test
    void abortInAPlainJavaSingletonEndsTheProcessWithItsErrorCode() throws Exception
    {
        final Launch.Outcome run = Launch.plainJava(LIMIT, Launch.testPrograms(), "org.openmpj.examples.SystemPrograms$AbortsAtOnce");
        assertEquals(3, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("exit code 3"), run::toString);
    }

    @Test
    void helpExplainsEveryOption() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "--help");
        assertEquals(0, run.exitCode(), run::toString);
        for (final String option : new String[] {"-np", "-dev", "-cp", "-timeout", "-D", "--help-config", "OPENMPJ_JVM_OPTS"})
        {
            assertTrue(run.stdout().contains(option), () -> "--help does not mention " + option + "\n" + run);
        }
        final Launch.Outcome config = Launch.run(LIMIT, "bin/mpjrun", "--help-config");
        assertEquals(0, config.exitCode(), config::toString);
        assertTrue(config.stdout().contains("openmpj.idle"), config::toString);
        assertTrue(config.stdout().contains("openmpj.thread.eagerLimit"), config::toString);
    }

    @Test
    void badCommandLinesAreExplained() throws Exception
    {
        final Launch.Outcome zero = Launch.run(LIMIT, "bin/mpjrun", "-np", "0", "org.openmpj.examples.Hello");
        assertEquals(2, zero.exitCode(), zero::toString);
        assertTrue(zero.stderr().contains("-np needs a whole number of at least 1, got '0'"), zero::toString);

        final Launch.Outcome device = Launch.run(LIMIT, "bin/mpjrun", "-dev", "carrier-pigeon", "-cp", Launch.examplesJar(),
            "org.openmpj.examples.Hello");
        assertEquals(2, device.exitCode(), device::toString);
        assertTrue(device.stderr().contains("unknown device 'carrier-pigeon'"), device::toString);

        final Launch.Outcome missing = Launch.run(LIMIT, "bin/mpjrun", "-np", "2", "-cp", Launch.examplesJar(), "no.such.Main");
        assertEquals(1, missing.exitCode(), missing::toString);
        assertTrue(missing.stderr().contains("class no.such.Main is not on the classpath"), missing::toString);

        final Launch.Outcome noMain = Launch.run(LIMIT, "bin/mpjrun", "-np", "2");
        assertEquals(2, noMain.exitCode(), noMain::toString);
        assertTrue(noMain.stderr().contains("no main class given"), noMain::toString);
    }

    @Test
    void mpjavacCompilesAgainstTheApi(@TempDir final Path work) throws Exception
    {
        Files.writeString(work.resolve("Greeter.java"), """
            import mpi.*;

            public class Greeter {
                public static void main(String[] args) throws MPIException {
                    MPI.Init(args);
                    int[] value = {MPI.COMM_WORLD.Rank() * 10};
                    if (MPI.COMM_WORLD.Rank() == 1) {
                        MPI.COMM_WORLD.Send(value, 0, 1, MPI.INT, 0, 3);
                    } else if (MPI.COMM_WORLD.Rank() == 0) {
                        Status status = MPI.COMM_WORLD.Recv(value, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                        System.out.println("got " + value[0] + " from " + status.source + " tag " + status.tag);
                    }
                    MPI.Finalize();
                }
            }
            """);
        final Path classes = work.resolve("classes");
        final Launch.Outcome compiled = Launch.run(LIMIT, "bin/mpjavac", "-d", classes.toString(), work.resolve("Greeter.java").toString());
        assertEquals(0, compiled.exitCode(), compiled::toString);
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "2", "-cp", classes.toString(), "Greeter");
        assertEquals(0, run.exitCode(), run::toString);
        assertEquals("got 10 from 1 tag 3\n", run.stdout(), run::toString);
    }
}
