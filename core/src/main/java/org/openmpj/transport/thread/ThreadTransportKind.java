package org.openmpj.transport.thread;

import org.openmpj.assembly.Reach;
import org.openmpj.assembly.TransportKind;
import org.openmpj.assembly.TransportPlan;
import org.openmpj.device.DeviceContext;

/** The thread transport as a device's part: the ranks that are threads of this JVM, a rank itself included, by reference. */
public final class ThreadTransportKind implements TransportKind
{
    /** Above every transport that reaches further; no fences: the ranks of one JVM meet in memory. */
    public static final Traits TRAITS = new Traits("thread", Reach.SAME_PROCESS, 300, 0, true);

    @Override
    public Traits traits()
    {
        return TRAITS;
    }

    @Override
    public TransportPlan plan(final DeviceContext context)
    {
        final ThreadSettings settings = ThreadSettings.of(context);
        return new TransportPlan(settings.eagerLimitBytes(), settings.windowBytes(), settings::open);
    }
}
