package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.engine.ProgressThread;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.PropertyJobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The progress thread suite on the thread device. */
@Timeout(120)
class ThreadProgressThreadTest extends AbstractProgressThreadSuite
{
    private final JobRunner runner = new PropertyJobRunner(new ThreadJobRunner(), ProgressThread.PROGRESS_PROP_NAME, "thread");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
