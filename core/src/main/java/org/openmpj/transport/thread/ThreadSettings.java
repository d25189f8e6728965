package org.openmpj.transport.thread;

import org.openmpj.assembly.Link;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceSettings;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;

/**
 * The thread transport's settings as one rank read them ({@code openmpj.thread.*}, see {@link ThreadDeviceProvider}).
 *
 * @param context         the rank's context, whose job holds the ranks' meeting place.
 * @param eagerLimitBytes the largest message copied so that its sender returns before the receiver arrives.
 * @param windowBytes     the heap that eager copies waiting at one rank may take.
 * @param mailboxes       whether small messages go through a mailbox per pair of ranks, matched by the receiver.
 */
record ThreadSettings(DeviceContext context, long eagerLimitBytes, long windowBytes, boolean mailboxes)
{
    private static final String FABRIC_KEY = "thread.fabric";

    /** @return the settings {@code context} gives. */
    static ThreadSettings of(final DeviceContext context)
    {
        return new ThreadSettings(context,
            DeviceSettings.wholeNumber(context, ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME, ThreadDeviceProvider.EAGER_LIMIT_DEFAULT),
            DeviceSettings.wholeNumber(context, ThreadDeviceProvider.UNEXPECTED_LIMIT_PROP_NAME, ThreadDeviceProvider.UNEXPECTED_LIMIT_DEFAULT),
            DeviceSettings.flagOrAuto(context, ThreadDeviceProvider.MAILBOXES_PROP_NAME, ThreadDeviceProvider.MAILBOXES_DEFAULT,
                context.idleStrategy().spins()));
    }

    /** The ranks of one JVM meet in the job's fabric: the route to them is made now, the rank joins once its device is connected. */
    Link open(final MatchingDevice device, final int[] peers)
    {
        final ThreadFabric fabric = context.jobShared(FABRIC_KEY, () -> new ThreadFabric(context.size()));
        return new Link()
        {
            @Override
            public Transport connect()
            {
                return new ThreadTransport(fabric, context.rank(), mailboxes, eagerLimitBytes, context.idleStrategy(), context.job());
            }

            @Override
            public void start(final int watched)
            {
                fabric.register(context.rank(), device);
            }
        };
    }
}
