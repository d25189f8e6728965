package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;

/** The Intercomm conformance suite on the ucx device over UCX's sm transport, ranks as threads of one JVM. */
@Timeout(120)
class UcxSmIntercommTest extends AbstractIntercommSuite
{
    private final JobRunner runner = new UcxJobRunner("sm,self");

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
