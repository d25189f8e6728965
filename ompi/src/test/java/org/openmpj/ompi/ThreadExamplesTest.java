package org.openmpj.ompi;

import org.junit.jupiter.api.Timeout;

/** The examples of the Open MPI façade on the thread device. */
@Timeout(300)
class ThreadExamplesTest extends AbstractExamplesSuite
{
    private final OmpiJobRunner runner = new OmpiJobRunner("thread");

    @Override
    OmpiJobRunner runner()
    {
        return runner;
    }
}
