package org.openmpj.conformance;

import java.util.Map;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.ucx.UcxDeviceProvider;

/**
 * The point-to-point conformance suite on the ucx device over UCX's TCP with two staging slots of 4 KiB and an eager
 * limit of 1 KiB, so that messages leave in many pieces, wait for slots and queue behind each other; every payload moves
 * by UCX's rendezvous, which the default keeps for payloads of 256 KiB and more.
 */
@Timeout(180)
class UcxSmallSlotsPointToPointTest extends AbstractPointToPointSuite
{
    private final JobRunner runner = new UcxJobRunner("tcp,self", Map.of(UcxDeviceProvider.PIECE_BYTES_PROP_NAME, "4096",
        UcxDeviceProvider.EAGER_LIMIT_PROP_NAME, "1024", UcxDeviceProvider.SLOTS_PROP_NAME, "2",
        UcxDeviceProvider.RENDEZVOUS_BYTES_PROP_NAME, "0"));

    /**
     * Each 4 KiB piece that UCX's rendezvous moves over TCP costs a few round trips between ranks that share two cores: 2 MiB
     * to and from each of 8 ranks took 47 s. Messages of 300 KB already go in 74 pieces each.
     */
    @Override
    protected int largestMessageBytes()
    {
        return 300_001;
    }

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
