package org.openmpj.conformance;

import java.util.Map;

import org.junit.jupiter.api.Timeout;
import org.openmpj.testing.JobRunner;
import org.openmpj.ucx.UcxDeviceProvider;

/**
 * The collective conformance suite on the ucx device over UCX's TCP with two staging slots of 4 KiB, an eager limit of
 * 1 KiB and eager pieces of 1 KiB, so that messages leave in many pieces, wait for slots and queue behind each other (and
 * a cost per piece shows in the steady-stream allocation check); every payload moves by UCX's eager copies (UCX's
 * rendezvous in pieces this small, at 8 ranks on 2 cores, makes the suite take many minutes).
 */
@Timeout(180)
class UcxSmallSlotsCollectiveTest extends AbstractCollectiveSuite
{
    private final JobRunner runner = new UcxJobRunner("tcp,self", Map.of(UcxDeviceProvider.PIECE_BYTES_PROP_NAME, "4096",
        UcxDeviceProvider.EAGER_LIMIT_PROP_NAME, "1024", UcxDeviceProvider.SLOTS_PROP_NAME, "2",
        UcxDeviceProvider.EAGER_PIECE_BYTES_PROP_NAME, "1024", UcxDeviceProvider.RENDEZVOUS_BYTES_PROP_NAME, Long.toString(1L << 40)));

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
