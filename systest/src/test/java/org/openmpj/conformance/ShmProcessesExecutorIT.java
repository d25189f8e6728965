package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.examples.MpjRunJobRunner;
import org.openmpj.testing.JobRunner;

/** The task pool suite on the shm device with every rank a JVM of its own, started by {@code bin/mpjrun}. */
@Timeout(180)
@RankCounts.Only({3})
class ShmProcessesExecutorIT extends AbstractExecutorSuite
{
    private final JobRunner runner = new MpjRunJobRunner("shm", 1);

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
