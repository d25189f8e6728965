package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The request conformance suite on the shm device, ranks as threads of one JVM talking through the shared segment. */
@Timeout(120)
class ShmRequestTest extends AbstractRequestSuite
{
    private final JobRunner runner = new ThreadJobRunner("shm");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
