package org.openmpj.ompi;

import org.junit.jupiter.api.Timeout;

/** The datatype suite of the Open MPI façade on the thread device. */
@Timeout(300)
class ThreadDatatypeTest extends AbstractDatatypeSuite
{
    private final OmpiJobRunner runner = new OmpiJobRunner("thread");

    @Override
    OmpiJobRunner runner()
    {
        return runner;
    }
}
