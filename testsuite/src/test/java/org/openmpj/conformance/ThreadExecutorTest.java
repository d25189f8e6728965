package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The task pool suite on the thread device. */
@Timeout(120)
class ThreadExecutorTest extends AbstractExecutorSuite
{
    private final JobRunner runner = new ThreadJobRunner();

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
