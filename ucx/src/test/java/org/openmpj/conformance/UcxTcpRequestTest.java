package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;

/** The Request conformance suite on the ucx device over UCX's tcp transport, ranks as threads of one JVM. */
@Timeout(120)
class UcxTcpRequestTest extends AbstractRequestSuite
{
    private final JobRunner runner = new UcxJobRunner("tcp,self");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
