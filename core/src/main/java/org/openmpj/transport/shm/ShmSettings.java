package org.openmpj.transport.shm;

import java.nio.file.Path;

import org.openmpj.assembly.Link;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceSettings;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.PeerProtocol;

/**
 * The shm transport's settings as one rank read them, checked ({@code openmpj.shm.*}, see {@link ShmDeviceProvider}).
 *
 * @param context            the rank's context, which opening the segment needs.
 * @param dir                where the segment file is made.
 * @param ringBytes          the bytes of each ring.
 * @param eagerLimitBytes    the largest message sent with its envelope.
 * @param windowBytes        the eager credit each sender has at each receiver.
 * @param largeCopy          the large-message path asked for.
 * @param exposeTimeoutNs    how long a sender holds a payload still for a kernel copy.
 * @param failProbe          whether every probe of the kernel copy is made to fail (tests).
 * @param pairedCopyMinBytes the smallest collective exchange moved by paired copy; 0 for none.
 */
record ShmSettings(DeviceContext context, Path dir, int ringBytes, long eagerLimitBytes, long windowBytes,
    ShmDeviceProvider.LargeCopy largeCopy, long exposeTimeoutNs, boolean failProbe, long pairedCopyMinBytes)
{
    /**
     * @return the settings {@code context} gives.
     * @throws IllegalArgumentException naming a setting and its value when one is out of range.
     */
    static ShmSettings of(final DeviceContext context)
    {
        final long ring = DeviceSettings.wholeNumber(context, ShmDeviceProvider.RING_BYTES_PROP_NAME, ShmDeviceProvider.RING_BYTES_DEFAULT);
        if (!SegmentDescriptor.isValidRingBytes(ring))
        {
            throw new IllegalArgumentException(ShmDeviceProvider.RING_BYTES_PROP_NAME + "=" + ring + " is not a power of two from "
                + SegmentDescriptor.MIN_RING_BYTES + " to 2^30");
        }
        final long eagerLimit = DeviceSettings.wholeNumber(context, ShmDeviceProvider.EAGER_LIMIT_PROP_NAME, ShmDeviceProvider.EAGER_LIMIT_DEFAULT);
        final long window = PeerProtocol.windowBytes(
            DeviceSettings.wholeNumber(context, ShmDeviceProvider.WINDOW_PROP_NAME, ShmDeviceProvider.WINDOW_DEFAULT), eagerLimit);
        return new ShmSettings(context, Path.of(context.property(ShmDeviceProvider.DIR_PROP_NAME, ShmDeviceProvider.DIR_DEFAULT)),
            (int)ring, eagerLimit, window, ShmDeviceProvider.largeCopy(context),
            DeviceSettings.wholeNumber(context, ShmDeviceProvider.EXPOSE_TIMEOUT_PROP_NAME, ShmDeviceProvider.EXPOSE_TIMEOUT_DEFAULT) * 1_000_000L,
            DeviceSettings.flag(context, ShmDeviceProvider.FAIL_PROBE_PROP_NAME, false),
            DeviceSettings.wholeNumber(context, ShmDeviceProvider.PAIRED_COPY_MIN_BYTES_PROP_NAME, ShmDeviceProvider.PAIRED_COPY_MIN_BYTES_DEFAULT));
    }

    /** Joins the segment of this rank's host: every rank of the host takes part, whichever of them {@code peers} names. */
    Link open(final MatchingDevice device, final int[] peers)
    {
        return HostSegment.publish(this, device, context.sameHostRanks());
    }
}
