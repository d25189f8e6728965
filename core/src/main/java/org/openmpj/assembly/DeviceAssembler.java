package org.openmpj.assembly;

import java.util.Arrays;
import java.util.List;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.KeyValueStore;
import org.openmpj.matching.LoopbackTransport;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;

/**
 * Builds one rank's device from a list of transports, the same way for every device: the matcher, sized by the largest
 * window among them; for each peer the most exclusive transport that reaches it (the rank itself by loopback, unless that
 * transport carries messages to itself); the job's fences their opening needs; one liveness watch per process.
 *
 * <p>Every rank of a job runs the same fences, or they would not match. They are needed where a rank's peers lie beyond
 * the ranks it reaches without fences, its process: that is so on every rank or on none, since one process holds either
 * every rank or fewer than all.
 */
public final class DeviceAssembler
{
    /** What carries a rank's messages to itself when its nearest transport does not. */
    private static final int LOOPBACK = -1;

    private DeviceAssembler()
    {
    }

    /**
     * @param name         the device's name.
     * @param capabilities what it can do.
     * @param kinds        its transports.
     * @return the rank's device, connected to every peer.
     * @throws OpenMpjException when no transport reaches a peer; when opening one fails, what was opened is released.
     */
    public static MatchingDevice assemble(final String name, final DeviceCapabilities capabilities, final DeviceContext context,
        final List<TransportKind> kinds)
    {
        final TransportPlan[] plans = new TransportPlan[kinds.size()];
        long window = 0;
        for (int k = 0; k < plans.length; k++)
        {
            plans[k] = kinds.get(k).plan(context);
            window = Math.max(window, plans[k].windowBytes());
        }
        final int rank = context.rank();
        final int size = context.size();
        final MatchingDevice device = new MatchingDevice(name, capabilities, rank, size, context.idleStrategy(), context.job(), window);
        final int[] nearest = nearest(name, context, kinds);
        final int[] carriers = nearest.clone();
        if (!kinds.get(nearest[rank]).traits().carriesToSelf())
        {
            carriers[rank] = LOOPBACK;
        }
        final Transport[] routes = new Transport[size];
        final Link[] links = open(plans, device, carriers);
        final int[] unfenced = unfencedRanks(carriers, kinds);
        try
        {
            fence(context, unfenced.length < size ? mostFences(kinds) : 0, links);
        }
        catch (final RuntimeException ex)
        {
            abandon(links, 0);
            throw ex;
        }
        for (int k = 0; k < links.length; k++)
        {
            if (links[k] != null)
            {
                try
                {
                    route(routes, carriers, k, links[k].connect());
                }
                catch (final RuntimeException ex)
                {
                    abandon(links, k + 1);
                    throw ex;
                }
            }
        }
        if (carriers[rank] == LOOPBACK)
        {
            routes[rank] = new LoopbackTransport(device, plans[nearest[rank]].eagerLimitBytes());
        }
        device.connect(routes);
        final int watched = unfenced.length < size && rank == unfenced[0] ? nextProcess(unfenced, size) : Link.NO_WATCH;
        for (final Link link : links)
        {
            if (link != null)
            {
                link.start(watched);
            }
        }
        return device;
    }

    /** @return for each rank, the index in {@code kinds} of the most exclusive transport that reaches it. */
    private static int[] nearest(final String name, final DeviceContext context, final List<TransportKind> kinds)
    {
        final int[][] reached = new int[kinds.size()][];
        for (int k = 0; k < reached.length; k++)
        {
            reached[k] = kinds.get(k).traits().reach().ranks(context);
        }
        final int[] nearest = new int[context.size()];
        for (int peer = 0; peer < nearest.length; peer++)
        {
            int best = -1;
            for (int k = 0; k < reached.length; k++)
            {
                final boolean reaches = Arrays.binarySearch(reached[k], peer) >= 0;
                if (reaches && (best < 0 || kinds.get(k).traits().exclusivity() > kinds.get(best).traits().exclusivity()))
                {
                    best = k;
                }
            }
            if (best < 0)
            {
                throw new OpenMpjException(ErrorClass.ERR_OTHER, name + ": none of its transports " + names(kinds) + " reaches rank "
                    + peer + " from rank " + context.rank() + " on " + context.hostName());
            }
            nearest[peer] = best;
        }
        return nearest;
    }

    /** Opens each transport that carries messages to some peer; on a failure releases those opened before it. */
    private static Link[] open(final TransportPlan[] plans, final MatchingDevice device, final int[] carriers)
    {
        final Link[] links = new Link[plans.length];
        for (int k = 0; k < plans.length; k++)
        {
            final int[] peers = peersOf(carriers, k);
            if (peers.length > 0)
            {
                try
                {
                    links[k] = plans[k].opener().open(device, peers);
                }
                catch (final RuntimeException ex)
                {
                    abandon(links, 0);
                    throw ex;
                }
            }
        }
        return links;
    }

    private static int[] peersOf(final int[] carriers, final int kind)
    {
        int count = 0;
        for (final int carrier : carriers)
        {
            count += carrier == kind ? 1 : 0;
        }
        final int[] peers = new int[count];
        for (int peer = 0, next = 0; peer < carriers.length; peer++)
        {
            if (carriers[peer] == kind)
            {
                peers[next++] = peer;
            }
        }
        return peers;
    }

    /** @return the ranks reached without fences (by loopback or a transport that needs none), in order: this rank's process. */
    private static int[] unfencedRanks(final int[] carriers, final List<TransportKind> kinds)
    {
        return java.util.stream.IntStream.range(0, carriers.length)
            .filter(peer -> carriers[peer] == LOOPBACK || kinds.get(carriers[peer]).traits().fences() == 0)
            .toArray();
    }

    private static int mostFences(final List<TransportKind> kinds)
    {
        int most = 0;
        for (final TransportKind kind : kinds)
        {
            most = Math.max(most, kind.traits().fences());
        }
        return most;
    }

    private static void fence(final DeviceContext context, final int fences, final Link[] links)
    {
        if (fences == 0)
        {
            return;
        }
        final KeyValueStore store = context.keyValueStore();
        for (int fence = 0; fence < fences; fence++)
        {
            store.fence();
            for (final Link link : links)
            {
                if (link != null)
                {
                    link.afterFence(fence);
                }
            }
        }
    }

    private static void route(final Transport[] routes, final int[] carriers, final int kind, final Transport route)
    {
        for (int peer = 0; peer < routes.length; peer++)
        {
            if (carriers[peer] == kind)
            {
                routes[peer] = route;
            }
        }
    }

    private static void abandon(final Link[] links, final int from)
    {
        for (int k = from; k < links.length; k++)
        {
            if (links[k] != null)
            {
                links[k].abandon();
            }
        }
    }

    /** @return the first rank after {@code process}'s ranks that is not one of them, wrapping around: the next process's first. */
    private static int nextProcess(final int[] process, final int size)
    {
        for (int step = 1; step < size; step++)
        {
            final int candidate = (process[process.length - 1] + step) % size;
            if (Arrays.binarySearch(process, candidate) < 0)
            {
                return candidate;
            }
        }
        throw new IllegalStateException("no rank outside this process among " + size);
    }

    private static List<String> names(final List<TransportKind> kinds)
    {
        return kinds.stream().map(kind -> kind.traits().name()).toList();
    }
}
