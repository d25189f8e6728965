package org.openmpj.conformance;

import java.util.Map;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.PropertiesJobRunner;
import org.openmpj.testing.ThreadJobRunner;
import org.openmpj.transport.shm.ShmDeviceProvider;

/**
 * The point-to-point conformance suite on the shm device with large messages copied once through the kernel
 * ({@code openmpj.shm.largeCopy=kernel}), ranks as threads of one JVM talking through the shared segment: every rendezvous
 * from a lower to a higher rank is pulled by its receiver out of the sender's array, the others stream through the rings.
 */
@Timeout(180)
class ShmKernelCopyPointToPointTest extends AbstractPointToPointSuite
{
    private final JobRunner runner = new PropertiesJobRunner(new ThreadJobRunner("shm"),
        Map.of(ShmDeviceProvider.LARGE_COPY_PROP_NAME, "kernel"));

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
