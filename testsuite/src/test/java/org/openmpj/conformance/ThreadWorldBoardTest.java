package org.openmpj.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.engine.CollectiveThresholds;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.PropertiesJobRunner;
import org.openmpj.testing.ThreadJobRunner;

/**
 * The world board's collectives on the thread device ({@link BoardPrograms}), taken at every job size it serves
 * ({@code always}: where ranks outnumber the cores, as at 3 and 4 ranks here, waits back off and the board is slower, not
 * wrong).
 */
@Timeout(120)
class ThreadWorldBoardTest extends AbstractConformanceSuite
{
    private final JobRunner runner = new PropertiesJobRunner(new ThreadJobRunner(), Map.of(CollectiveThresholds.WORLD_BOARD_PROP_NAME, "always"));

    @Override
    protected JobRunner runner()
    {
        return runner;
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4})
    void everyRootKindAndLength(final int processes)
    {
        runClean(processes, BoardPrograms.EveryRootKindAndLength.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void farBehindAndBothSidesOfTheLimit(final int processes)
    {
        runClean(processes, BoardPrograms.FarBehindAndBothSidesOfTheLimit.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void recordsOfSeveralLinesAheadOfASlowReader(final int processes)
    {
        runClean(processes, BoardPrograms.RecordsOfSeveralLinesAheadOfASlowReader.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void lengthsThatDoNotMatch(final int processes)
    {
        runMismatched(processes, BoardPrograms.LengthsThatDoNotMatch.class);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"root-large", "root-small"})
    void lengthsOnBothSidesOfTheLimit(final String which)
    {
        runMismatched(2, BoardPrograms.LengthsOnBothSidesOfTheLimit.class, which);
    }

    @Test
    void differentOperations()
    {
        runMismatched(2, BoardPrograms.DifferentOperations.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void everyRankItsOwnRoot(final int processes)
    {
        runMismatched(processes, BoardPrograms.EveryRankItsOwnRoot.class);
    }

    /**
     * Runs a program of mismatched calls, which fails at {@code MPI.Finalize} or not, and requires every rank's own checks of
     * the errors in its calls to have passed ({@link BoardPrograms.Outcomes}).
     */
    private void runMismatched(final int processes, final Class<?> program, final String... args)
    {
        for (int rank = 0; rank < processes; rank++)
        {
            System.clearProperty(BoardPrograms.Outcomes.PREFIX + rank);
        }
        runner.run(processes, program, JOB_TIMEOUT, args);
        for (int rank = 0; rank < processes; rank++)
        {
            assertEquals("ok", System.getProperty(BoardPrograms.Outcomes.PREFIX + rank), program.getSimpleName() + ", rank " + rank);
        }
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void rootRefusesItsArguments(final int processes)
    {
        runClean(processes, BoardPrograms.RootRefusesItsArguments.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void rootDiesBeforeItsRecord(final int processes)
    {
        runFailing(processes, BoardPrograms.RootDiesBeforeItsRecord.class);
    }
}
