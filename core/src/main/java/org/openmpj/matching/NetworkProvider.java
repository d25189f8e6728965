package org.openmpj.matching;

import org.openmpj.device.DeviceContext;

/**
 * A way between hosts that a device of several transports (the hybrid device) can take to the ranks of other hosts,
 * found by name through {@link java.util.ServiceLoader}: {@code tcp}, or {@code ucx} where its module is on the class
 * path and UCX is installed.
 */
public interface NetworkProvider
{
    /** @return the name a user chooses it by, e.g. {@code tcp}. */
    String name();

    /** @return why it cannot be used here, with what to do about it; null when it can. */
    default String unavailabilityCause()
    {
        return null;
    }

    /**
     * The first step, before the job's fence: makes this rank reachable over the network for {@code peers} and publishes
     * what they need to reach it through the job's key-value store.
     *
     * @param device the rank's matching device, whose matcher the arrivals go to.
     * @param peers  the ranks this way leads to, in rank order.
     */
    Endpoint open(DeviceContext context, MatchingDevice device, int[] peers);

    /** One rank's end of the network, between the two steps of opening. */
    interface Endpoint
    {
        /** The second step, after the job's fence: @return the route to the peers, under the device's matcher. */
        Transport connect();

        /**
         * Joins the job's liveness watch with {@code next}, the first rank of the next process, once per process; a network
         * that watches its peers otherwise does nothing here.
         */
        void watch(int next);

        /** Releases what {@link NetworkProvider#open} took, when opening the device failed before {@link #connect}. */
        void abandon();
    }
}
