package org.openmpj.ompi;

import org.junit.jupiter.api.Timeout;

/** The topology suite of the Open MPI façade on the thread device. */
@Timeout(300)
class ThreadTopologyTest extends AbstractTopologySuite
{
    private final OmpiJobRunner runner = new OmpiJobRunner("thread");

    @Override
    OmpiJobRunner runner()
    {
        return runner;
    }
}
