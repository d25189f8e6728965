package org.openmpj.transport.tcp;

import org.openmpj.assembly.Reach;
import org.openmpj.assembly.TransportKind;
import org.openmpj.assembly.TransportPlan;
import org.openmpj.device.DeviceContext;

/** The tcp transport as a device's part: every rank, on this host or another, over TCP connections opened on first use. */
public final class TcpTransportKind implements TransportKind
{
    /** Below every transport that reaches fewer ranks; one fence, after which every rank's address is published. */
    public static final Traits TRAITS = new Traits("tcp", Reach.NETWORK, 100, 1, false);

    @Override
    public Traits traits()
    {
        return TRAITS;
    }

    @Override
    public TransportPlan plan(final DeviceContext context)
    {
        final TcpSettings settings = TcpSettings.of(context);
        return new TransportPlan(settings.eagerLimitBytes(), settings.windowBytes(), settings::open);
    }
}
