package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/**
 * The collective conformance suite on the hybrid device, ranks as threads of one JVM told that they run two to a process and
 * two processes to a host: each pair of ranks meets through the thread transport, the shared segment or TCP.
 */
@Timeout(120)
class HybridCollectiveTest extends AbstractCollectiveSuite
{
    private final JobRunner runner = new ThreadJobRunner("hybrid", 2, 2);

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
