package org.openmpj.ucx;

import org.openmpj.assembly.Reach;
import org.openmpj.assembly.TransportKind;
import org.openmpj.assembly.TransportPlan;
import org.openmpj.device.DeviceContext;

/**
 * The ucx transport as a device's part: every rank, through what UCX finds (InfiniBand, RoCE, shared memory, TCP); the
 * hybrid device's way between hosts with {@code -Dopenmpj.hybrid.network=ucx}.
 */
public final class UcxTransportKind implements TransportKind
{
    /** As the tcp transport's: both reach every rank; one fence, after which every rank's worker address is published. */
    public static final Traits TRAITS = new Traits("ucx", Reach.NETWORK, 100, 1, false);

    @Override
    public Traits traits()
    {
        return TRAITS;
    }

    @Override
    public String unavailabilityCause()
    {
        return Ucp.unavailabilityCause();
    }

    @Override
    public TransportPlan plan(final DeviceContext context)
    {
        final UcxSettings settings = UcxSettings.of(context);
        return new TransportPlan(settings.eagerLimitBytes(), settings.windowBytes(),
            (device, peers) -> UcxEndpoint.open(context, device, peers, settings));
    }
}
