package org.openmpj.ompi;

import org.junit.jupiter.api.Timeout;

/** The topology suite of the Open MPI façade on the tcp device, ranks as threads of one JVM talking over loopback sockets. */
@Timeout(300)
class TcpTopologyTest extends AbstractTopologySuite
{
    private final OmpiJobRunner runner = new OmpiJobRunner("tcp");

    @Override
    OmpiJobRunner runner()
    {
        return runner;
    }
}
