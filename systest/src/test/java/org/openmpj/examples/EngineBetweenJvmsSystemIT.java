package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the engine carries between rank JVMs started by {@code bin/mpjrun}, on every process device: messages in native
 * memory, through the shm rings and kernel copy, tcp's sockets, the hybrid device's mix, and UCX, whose rendezvous moves
 * them without a staging copy; and non-blocking collectives in flight with other traffic. After each job, no segment file
 * is left in {@code /dev/shm}.
 */
@Timeout(300)
class EngineBetweenJvmsSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(120);
    /** Messages each rank receives from each other rank. */
    private static final int SIZES = 4;

    @AfterEach
    void nothingIsLeftInSharedMemory() throws IOException
    {
        assertEquals(List.of(), Launch.segments(), "segment files left in " + Launch.SHM);
    }

    @ParameterizedTest(name = "-np {0} -dev {1} {2}")
    @CsvSource({
        "3, shm, ''",
        "2, shm, -Dopenmpj.shm.largeCopy=kernel",
        "3, tcp, ''",
        "4, hybrid, -threads 2",
        "2, ucx, -Dopenmpj.ucx.rendezvousBytes=0",
        "2, ucx, ''"})
    void nativeSegmentsArriveWholeBetweenJvms(final int ranks, final String device, final String options) throws Exception
    {
        final Launch.Outcome run = runOn(ranks, device, options, SegmentMessages.class);
        assertTrue(run.stdout().contains("segment messages: " + SIZES * ranks * (ranks - 1) + " checked byte for byte on " + ranks + " ranks"),
            run::toString);
    }

    @ParameterizedTest(name = "-np {0} -dev {1} {2}")
    @CsvSource({
        "3, shm, ''",
        "2, tcp, ''",
        "4, hybrid, -threads 2",
        "2, ucx, ''"})
    void nonBlockingCollectivesCompleteBetweenJvms(final int ranks, final String device, final String options) throws Exception
    {
        final Launch.Outcome run = runOn(ranks, device, options, NonBlockingCollectives.class);
        assertTrue(run.stdout().contains("non-blocking collectives: checked on " + ranks + " ranks, the token came back as " + ranks),
            run::toString);
    }

    /** @return how {@code program} ended at {@code ranks} ranks on {@code device}, with {@code options}; it must end cleanly. */
    private static Launch.Outcome runOn(final int ranks, final String device, final String options, final Class<?> program) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of("bin/mpjrun", "-np", Integer.toString(ranks), "-dev", device));
        if (!options.isEmpty())
        {
            command.addAll(List.of(options.split(" ")));
        }
        command.addAll(List.of("-cp", Launch.testPrograms(), program.getName()));
        final Launch.Outcome run = Launch.run(LIMIT, command.toArray(new String[0]));
        assertEquals(0, run.exitCode(), run::toString);
        return run;
    }
}
