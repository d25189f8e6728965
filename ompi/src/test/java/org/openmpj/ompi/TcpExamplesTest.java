package org.openmpj.ompi;

import org.junit.jupiter.api.Timeout;

/** The examples of the Open MPI façade on the tcp device, ranks as threads of one JVM talking over loopback sockets. */
@Timeout(300)
class TcpExamplesTest extends AbstractExamplesSuite
{
    private final OmpiJobRunner runner = new OmpiJobRunner("tcp");

    @Override
    OmpiJobRunner runner()
    {
        return runner;
    }
}
