package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
 * Programs written against Open MPI's Java API, as their users have them: the examples (hello, ring, connectivity, written
 * afresh for OpenMPJ in the ompi module's tests) compiled with {@code bin/mpjavac -api ompi} and run with
 * {@code bin/mpjrun -api ompi -np 4} on the thread and tcp devices, and a rank that ends its JVM with exit code 77 (a skipped test)
 * reaching mpjrun's exit status.
 */
@Timeout(600)
class OmpiExamplesSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final Path EXAMPLES = Launch.PROJECT.resolve("ompi/src/test/java/org/openmpj/ompi/examples");
    private static Path classes;

    @BeforeAll
    static void compileWithMpjavac() throws Exception
    {
        classes = Files.createTempDirectory("openmpj-ompi-examples");
        final List<String> command = new ArrayList<>(List.of("bin/mpjavac", "-api", "ompi", "-d", classes.toString()));
        for (final String name : List.of("Hello.java", "Ring.java", "Connectivity.java"))
        {
            command.add(EXAMPLES.resolve(name).toString());
        }
        command.add(Launch.PROJECT.resolve("systest/src/test/resources/ompi/ExitCode.java").toString());
        final Launch.Outcome compiled = Launch.run(LIMIT, command.toArray(String[]::new));
        assertEquals(0, compiled.exitCode(), compiled::toString);
    }

    @AfterAll
    static void removeClasses() throws IOException
    {
        try (var files = Files.walk(classes))
        {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    private static Launch.Outcome run(final String device, final String... program) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of("bin/mpjrun", "-api", "ompi", "-np", "4", "-dev", device,
            "-cp", classes.toString()));
        command.addAll(List.of(program));
        return Launch.run(LIMIT, command.toArray(String[]::new));
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp"})
    void helloFromEveryRank(final String device) throws Exception
    {
        final Launch.Outcome run = run(device, "org.openmpj.ompi.examples.Hello");
        assertEquals(0, run.exitCode(), run::toString);
        for (int rank = 0; rank < 4; rank++)
        {
            assertTrue(run.stdout().contains("Hello from rank " + rank + " of 4 on "), run::toString);
        }
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp"})
    void ringBringsTheTokenRoundForEveryLap(final String device) throws Exception
    {
        final Launch.Outcome run = run(device, "org.openmpj.ompi.examples.Ring", "12");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("rank 0: the token made 12 laps"), run::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp"})
    void connectivityFindsEveryPairConnected(final String device) throws Exception
    {
        final Launch.Outcome run = run(device, "org.openmpj.ompi.examples.Connectivity", "-v");
        assertEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("connectivity of 4 ranks: 6 pairs all connected"), run::toString);
        assertTrue(run.stdout().contains("rank 3 and rank 0 reach each other"), run::toString);
    }

    @Test
    void anUnknownApiIsAUsageErrorOfBothCommands() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-api", "mpich", "-np", "2", "-cp", classes.toString(), "ExitCode");
        assertEquals(2, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("unknown API 'mpich' for -api; expected mpijava"), run::toString);
        final Launch.Outcome compile = Launch.run(LIMIT, "bin/mpjavac", "-api", "mpich", "-d", classes.toString(),
            EXAMPLES.resolve("Hello.java").toString());
        assertEquals(2, compile.exitCode(), compile::toString);
        assertTrue(compile.stderr().contains("mpjavac: unknown API 'mpich'"), compile::toString);
        final Launch.Outcome help = Launch.run(LIMIT, "bin/mpjrun", "--help");
        assertTrue(help.stdout().contains("-api NAME"), help::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp"})
    void aRanksExitCodeIsTheJobsWhetherEveryRankOrOneExits(final String device) throws Exception
    {
        final Launch.Outcome all = run(device, "ExitCode", "77", "all");
        assertEquals(77, all.exitCode(), all::toString);
        final Launch.Outcome one = run(device, "ExitCode", "77", "one");
        assertEquals(77, one.exitCode(), one::toString);
        assertTrue(one.stdout().contains("rank 3 exits with 77"), one::toString);
    }
}
