package org.openmpj.conformance;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.engine.CollectiveThresholds;
import org.openmpj.examples.MpjRunJobRunner;
import org.openmpj.testing.JobRunner;

/**
 * The world board's collectives on the shm device with every rank a JVM of its own, started by {@code bin/mpjrun}: the
 * board lies in the segment the JVMs map, so its records and counts cross between processes.
 */
@Timeout(180)
class ShmProcessesWorldBoardIT extends AbstractConformanceSuite
{
    private final JobRunner runner = new MpjRunJobRunner("shm", 1, List.of("-D" + CollectiveThresholds.WORLD_BOARD_PROP_NAME + "=always"));

    @Override
    protected JobRunner runner()
    {
        return runner;
    }

    @Test
    void everyRootKindAndLength()
    {
        runClean(3, BoardPrograms.EveryRootKindAndLength.class);
    }

    @Test
    void farBehindAndBothSidesOfTheLimit()
    {
        runClean(2, BoardPrograms.FarBehindAndBothSidesOfTheLimit.class);
    }

    @Test
    void recordsOfSeveralLinesAheadOfASlowReader()
    {
        runClean(2, BoardPrograms.RecordsOfSeveralLinesAheadOfASlowReader.class);
    }
}
