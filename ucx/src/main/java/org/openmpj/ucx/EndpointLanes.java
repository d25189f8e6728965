package org.openmpj.ucx;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads which UCX transport carries an endpoint's active messages from the endpoint's description as
 * {@code ucp_ep_print_info} writes it, one line per lane, the lane that carries active messages marked {@code am}:
 *
 * <pre>
 * #                 lane[0]:  2:posix/memory.0 md[1]      -> md[1]/posix/sysdev[255] am am_bw#0
 * #                 lane[1]:  3:cma/memory.0 md[3]        -> md[3]/cma/sysdev[255] rma_bw#0
 * </pre>
 *
 * Stateless.
 */
final class EndpointLanes
{
    /** UCX's transports that reach a peer through memory the two processes share (or within the process). */
    private static final Set<String> SHARED_MEMORY = Set.of("posix", "sysv", "xpmem", "self");
    /** A lane: its number, then the resource index and the transport before its device. */
    private static final Pattern LANE = Pattern.compile("lane\\[\\d+\\]:\\s+\\d+:([A-Za-z0-9_]+)/\\S*(.*)");
    private static final Pattern ACTIVE_MESSAGE_ROLE = Pattern.compile("(^|\\s)am(\\s|$)");

    private EndpointLanes()
    {
    }

    /** @return the transport of the lane marked {@code am} in {@code description}, e.g. {@code tcp}; null when none is. */
    static String activeMessageTransport(final String description)
    {
        for (final String line : description.split("\n"))
        {
            final Matcher lane = LANE.matcher(line);
            if (lane.find() && ACTIVE_MESSAGE_ROLE.matcher(lane.group(2)).find())
            {
                return lane.group(1);
            }
        }
        return null;
    }

    /** @return whether {@code transport}, as {@link #activeMessageTransport} gives it, moves bytes through shared memory. */
    static boolean isSharedMemory(final String transport)
    {
        return transport != null && SHARED_MEMORY.contains(transport);
    }
}
