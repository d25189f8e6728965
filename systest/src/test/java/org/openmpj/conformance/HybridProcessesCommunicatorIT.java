package org.openmpj.conformance;

import org.junit.jupiter.api.Timeout;
import org.openmpj.examples.MpjRunJobRunner;
import org.openmpj.testing.JobRunner;

/** The communicator conformance suite on the hybrid device, the ranks in JVMs of 2 (1 at odd sizes), started by {@code bin/mpjrun}. */
@Timeout(180)
class HybridProcessesCommunicatorIT extends AbstractCommunicatorSuite
{
    private final JobRunner runner = new MpjRunJobRunner("hybrid", 2);

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
