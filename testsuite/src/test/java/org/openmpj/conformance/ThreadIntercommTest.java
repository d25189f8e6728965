package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/** The intercommunicator suite on the thread device. */
@Timeout(120)
class ThreadIntercommTest extends AbstractIntercommSuite
{
    private final JobRunner runner = new ThreadJobRunner();

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
