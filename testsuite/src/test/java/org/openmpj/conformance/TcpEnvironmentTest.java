package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The environment conformance suite on the tcp device, ranks as threads of one JVM talking over loopback sockets. */
@Timeout(120)
class TcpEnvironmentTest extends AbstractEnvironmentSuite
{
    private final JobRunner runner = new ThreadJobRunner("tcp");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
