package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The task pool suite on the tcp device, ranks as threads of one JVM talking over loopback sockets. */
@Timeout(120)
class TcpExecutorTest extends AbstractExecutorSuite
{
    private final JobRunner runner = new ThreadJobRunner("tcp");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
