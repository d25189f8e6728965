package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;

/**
 * The point-to-point conformance suite on the hybrid device with UCX (its TCP) between hosts, ranks as threads of one JVM told
 * that they run two to a process and one process to a host: each pair of ranks meets through the thread transport or UCX.
 */
@Timeout(120)
class UcxHybridPointToPointTest extends AbstractPointToPointSuite
{
    private final JobRunner runner = new UcxJobRunner("tcp,self", 2, 1);

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
