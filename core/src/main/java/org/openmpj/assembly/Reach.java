package org.openmpj.assembly;

import org.openmpj.device.DeviceContext;

/** How far a transport reaches from a rank, nearest first. */
public enum Reach
{
    /** The ranks that are threads of this JVM. */
    SAME_PROCESS,
    /** The ranks of this host. */
    SAME_HOST,
    /** Every rank of the job. */
    NETWORK;

    /** @return the ranks within this reach of {@code context}'s rank, in order, the rank itself included. */
    public int[] ranks(final DeviceContext context)
    {
        return switch (this)
        {
            case SAME_PROCESS -> context.sameProcessRanks();
            case SAME_HOST -> context.sameHostRanks();
            case NETWORK -> DeviceContext.allRanks(context.size());
        };
    }
}
