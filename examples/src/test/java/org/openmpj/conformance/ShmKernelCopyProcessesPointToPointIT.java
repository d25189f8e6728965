package org.openmpj.conformance;

import java.util.List;

import org.junit.jupiter.api.Timeout;
import org.openmpj.examples.MpjRunJobRunner;
import org.openmpj.testing.JobRunner;

/**
 * The point-to-point conformance suite on the shm device with every rank a JVM of its own, started by {@code bin/mpjrun},
 * and large messages copied once through the kernel from lower to higher ranks ({@code openmpj.shm.largeCopy=kernel}).
 */
@Timeout(300)
class ShmKernelCopyProcessesPointToPointIT extends AbstractPointToPointSuite
{
    private final JobRunner runner = new MpjRunJobRunner("shm", 1, List.of("-Dopenmpj.shm.largeCopy=kernel"));

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
