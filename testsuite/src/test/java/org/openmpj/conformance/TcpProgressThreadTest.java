package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.engine.ProgressThread;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.PropertyJobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The progress thread suite on the tcp device, ranks as threads of one JVM. */
@Timeout(120)
class TcpProgressThreadTest extends AbstractProgressThreadSuite
{
    private final JobRunner runner = new PropertyJobRunner(new ThreadJobRunner("tcp"), ProgressThread.PROGRESS_PROP_NAME, "thread");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
