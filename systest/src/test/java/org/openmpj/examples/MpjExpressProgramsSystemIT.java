package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Programs written as existing MPJ Express code is, launched by {@code bin/mpjrun} as a user would, with ranks as
 * threads of one JVM and as separate JVMs over tcp and shm: polling with Iprobe, Create_intercomm on the peer communicator,
 * a type of no data, clocks compared across ranks, and a program importing {@code mpjbuf} compiled with
 * {@code bin/mpjavac}.
 */
@Timeout(300)
class MpjExpressProgramsSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final String PROGRAMS = "org.openmpj.examples.MpjExpressPrograms$";

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void aLoopOfIprobesSeesAMessageSentBeforeItStarted(final String device) throws Exception
    {
        final Launch.Outcome run = launch(device, 2, Launch.testPrograms(), PROGRAMS + "IprobeAfterSleep");
        assertTrue(run.stdout().contains("iprobe saw 1 int, received 42"), run::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void createIntercommOnThePeerJoinsEvenAndOddRanks(final String device) throws Exception
    {
        final Launch.Outcome run = launch(device, 4, Launch.testPrograms(), PROGRAMS + "EvenOddIntercomm");
        for (int rank = 0; rank < 4; rank++)
        {
            final int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
            assertTrue(run.stdout().contains("rank " + rank + " local 2 remote 2 partner " + partner), run::toString);
        }
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void itemsOfAStructOfNoBlocksArriveAsAnEmptyMessage(final String device) throws Exception
    {
        final Launch.Outcome run = launch(device, 2, Launch.testPrograms(), PROGRAMS + "ZeroSizeStruct");
        assertTrue(run.stdout().contains("count 100 elements -1 buffer 0"), run::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void timesReadOnTwoRanksOfOneHostAreInTheOrderOfTheirMessages(final String device) throws Exception
    {
        final Launch.Outcome run = launch(device, 2, Launch.testPrograms(), PROGRAMS + "WtimeInOrder");
        for (int round = 0; round < 3; round++)
        {
            assertTrue(run.stdout().contains("round " + round + " in order true"), run::toString);
        }
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void aProgramImportingMpjbufCompilesWithMpjavacAndRuns(final String device) throws Exception
    {
        final Path classes = Files.createTempDirectory("openmpj-mpjexpress");
        try
        {
            final Path source = Launch.PROJECT.resolve("systest/src/test/resources/mpjexpress/PackedMessage.java");
            final Launch.Outcome compiled = Launch.run(LIMIT, "bin/mpjavac", "-d", classes.toString(), source.toString());
            assertEquals(0, compiled.exitCode(), compiled::toString);
            final Launch.Outcome run = launch(device, 2, classes.toString(), "PackedMessage");
            assertTrue(run.stdout().contains("unpacked n=10 a=1.1 from 12 bytes"), run::toString);
            assertTrue(run.stdout().contains("rank 1 caught MPJDevException: Send: dest=2 out of range"), run::toString);
        }
        finally
        {
            try (var files = Files.walk(classes))
            {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void aMainClassThatIsNotPublicRuns(final String device) throws Exception
    {
        final Launch.Outcome run = launch(device, 2, Launch.testPrograms(), PROGRAMS + "NotPublic");
        assertTrue(run.stdout().contains("rank 0 of a class that is not public ran")
            && run.stdout().contains("rank 1 of a class that is not public ran"), run::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void argumentsOnlyTheRootRefusesFailTheBcastOnEveryRank(final String device) throws Exception
    {
        final Launch.Outcome run = launch(device, 4, Launch.testPrograms(), PROGRAMS + "RootBufferTooSmall");
        assertTrue(run.stdout().contains("rank 0 Bcast failed: ") && run.stdout().contains("count=10 runs past the end"), run::toString);
        for (int rank = 1; rank < 4; rank++)
        {
            assertTrue(run.stdout().contains("rank " + rank + " Bcast failed: rank 0 gave up"), run::toString);
        }
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void twoRootsOfASmallBcastFailTheJob(final String device) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "3", "-dev", device, "-cp", Launch.testPrograms(),
            PROGRAMS + "TwoRoots");
        assertTrue(run.exitCode() != 0 && run.stderr().contains("mismatched collective calls"), run::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"thread", "tcp", "shm"})
    void aProgramThatNeverCallsMpiEndsCleanly(final String device) throws Exception
    {
        final Launch.Outcome run = launch(device, 2, Launch.testPrograms(), PROGRAMS + "NoMpiAtAll");
        assertTrue(run.stdout().contains("plain Java ran"), run::toString);
    }

    private static Launch.Outcome launch(final String device, final int processes, final String classpath, final String mainClass)
        throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", device, "-cp", classpath,
            mainClass);
        assertEquals(0, run.exitCode(), run::toString);
        return run;
    }
}
