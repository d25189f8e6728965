package org.openmpj.ucx;

import org.openmpj.device.DeviceContext;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.NetworkProvider;

/** UCX as the way between hosts of a hybrid job ({@code -Dopenmpj.hybrid.network=ucx}): InfiniBand, RoCE, or what UCX finds. */
public final class UcxNetworkProvider implements NetworkProvider
{
    @Override
    public String name()
    {
        return "ucx";
    }

    @Override
    public String unavailabilityCause()
    {
        return Ucp.unavailabilityCause();
    }

    @Override
    public Endpoint open(final DeviceContext context, final MatchingDevice device, final int[] peers)
    {
        return UcxEndpoint.open(context, device, peers, UcxSettings.of(context));
    }
}
