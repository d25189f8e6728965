package org.openmpj.assembly;

import org.openmpj.matching.MatchingDevice;

/**
 * A transport's settings as one rank read them, once and checked: the limits the device is sized by, and the way to open it.
 *
 * @param eagerLimitBytes the largest message sent with its envelope; a rank reaching itself by loopback uses it too.
 * @param windowBytes     the bytes of eager messages that may wait at a receiver; the matcher takes the largest of its
 *                        transports'.
 * @param opener          the first step of opening, before the job's fences.
 */
public record TransportPlan(long eagerLimitBytes, long windowBytes, Opener opener)
{
    /** The first step of opening a transport at one rank. */
    @FunctionalInterface
    public interface Opener
    {
        /**
         * Makes this rank reachable for {@code peers} and publishes what they need through the job's key-value store.
         *
         * @param device the rank's device, whose matcher the arrivals go to.
         * @param peers  the ranks this transport carries messages to, in order.
         */
        Link open(MatchingDevice device, int[] peers);
    }
}
