package org.openmpj.assembly;

import org.openmpj.device.DeviceContext;

/**
 * A transport as the assembler sees it. Network transports are also found by name through
 * {@link java.util.ServiceLoader} ({@link Networks}), for the hybrid device's way between hosts.
 */
public interface TransportKind
{
    /** @return what the assembler chooses it by. */
    Traits traits();

    /** @return why it cannot be used here, with what to do about it; null when it can. */
    default String unavailabilityCause()
    {
        return null;
    }

    /**
     * @return its settings as {@code context} gives them, read once.
     * @throws IllegalArgumentException naming a setting and its value when one is out of range.
     */
    TransportPlan plan(DeviceContext context);

    /**
     * What the assembler chooses a transport by.
     *
     * @param name          the name users know it by, e.g. {@code tcp}.
     * @param reach         the ranks it can carry messages to.
     * @param exclusivity   its rank among a device's transports: a peer that several reach takes the one of the highest.
     * @param fences        how many of the job's fences its opening needs, between {@link TransportPlan.Opener#open} and
     *                      {@link Link#connect}.
     * @param carriesToSelf whether it carries a rank's messages to itself; otherwise a rank reaches itself by loopback.
     */
    record Traits(String name, Reach reach, int exclusivity, int fences, boolean carriesToSelf)
    {
    }
}
