package org.openmpj.ompi;

import org.junit.jupiter.api.Timeout;

/** The point-to-point suite of the Open MPI façade on the thread device. */
@Timeout(300)
class ThreadPointToPointTest extends AbstractPointToPointSuite
{
    private final OmpiJobRunner runner = new OmpiJobRunner("thread");

    @Override
    OmpiJobRunner runner()
    {
        return runner;
    }
}
