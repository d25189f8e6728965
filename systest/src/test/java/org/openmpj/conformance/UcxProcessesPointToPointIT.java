package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.examples.MpjRunJobRunner;
import org.openmpj.testing.JobRunner;

/**
 * The point-to-point conformance suite on the ucx device with every rank a JVM of its own, started by {@code bin/mpjrun}; UCX
 * chooses its own transports, which on one host means its shared memory.
 */
@Timeout(300)
@RankCounts.Only({2, 3})
class UcxProcessesPointToPointIT extends AbstractPointToPointSuite
{
    private final JobRunner runner = new MpjRunJobRunner("ucx", 1);

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
