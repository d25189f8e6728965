package org.openmpj.transport.shm;

import org.openmpj.assembly.Reach;
import org.openmpj.assembly.TransportKind;
import org.openmpj.assembly.TransportPlan;
import org.openmpj.device.DeviceContext;
import org.openmpj.os.Libc;

/** The shm transport as a device's part: the ranks of this host, through one shared segment. */
public final class ShmTransportKind implements TransportKind
{
    /**
     * Above the network's, below the threads'; two fences: after the first every rank of the host maps the segment, after
     * the second its file is removed.
     */
    public static final Traits TRAITS = new Traits("shm", Reach.SAME_HOST, 200, 2, false);

    @Override
    public Traits traits()
    {
        return TRAITS;
    }

    @Override
    public String unavailabilityCause()
    {
        return Libc.AVAILABLE ? null : "shm: " + Libc.unavailabilityCause();
    }

    @Override
    public TransportPlan plan(final DeviceContext context)
    {
        final ShmSettings settings = ShmSettings.of(context);
        return new TransportPlan(settings.eagerLimitBytes(), settings.windowBytes(), settings::open);
    }
}
