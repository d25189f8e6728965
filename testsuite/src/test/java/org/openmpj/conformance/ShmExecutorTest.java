package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The task pool suite on the shm device, ranks as threads of one JVM talking through the shared segment. */
@Timeout(120)
class ShmExecutorTest extends AbstractExecutorSuite
{
    private final JobRunner runner = new ThreadJobRunner("shm");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
