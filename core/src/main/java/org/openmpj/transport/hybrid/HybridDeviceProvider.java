package org.openmpj.transport.hybrid;

import java.util.Arrays;
import java.util.List;

import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.DeviceSettings;
import org.openmpj.device.KeyValueStore;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.NetworkProvider;
import org.openmpj.matching.Networks;
import org.openmpj.matching.Transport;
import org.openmpj.os.Libc;
import org.openmpj.transport.shm.HostSegment;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/**
 * The {@code hybrid} device (also {@code hybdev}): a job of processes, each holding one or more ranks as threads. Each
 * peer is reached through the nearest transport: a rank of the same process by reference (the thread transport), a rank
 * of another process on the same host through the host's shared segment (shm), any other over the network: TCP, or UCX
 * when {@value #NETWORK_PROP_NAME} says so; all of them under one matcher, so that a receive from any source sees every
 * peer in arrival order. Each transport keeps its own tunables ({@code openmpj.thread.*}, {@code openmpj.shm.*},
 * {@code openmpj.tcp.*}, {@code openmpj.ucx.*}). With {@code openmpj.shm.largeCopy=kernel}, large messages between the
 * JVMs of a host move with one copy through the kernel only when each JVM holds one rank ({@code -threads 1}; see
 * {@link HostSegment}); the first rank of each host says which way they go when the job is verbose.
 */
public final class HybridDeviceProvider implements DeviceProvider
{
    /** The way to the ranks of other hosts: {@code tcp}, or {@code ucx} (InfiniBand, RoCE) where UCX is installed. */
    public static final String NETWORK_PROP_NAME = "openmpj.hybrid.network";
    /** The default network. */
    public static final String NETWORK_DEFAULT = "tcp";

    @Override
    public String name()
    {
        return "hybrid";
    }

    @Override
    public List<String> aliases()
    {
        return List.of("hybdev");
    }

    @Override
    public boolean isAvailable()
    {
        return Libc.AVAILABLE;
    }

    @Override
    public String unavailabilityCause()
    {
        return Libc.AVAILABLE ? null : "hybrid: " + Libc.unavailabilityCause();
    }

    @Override
    public DeviceCapabilities capabilities()
    {
        return DeviceCapabilities.processes(true).withThreadRanks();
    }

    @Override
    public List<ConfigOption> configOptions()
    {
        return List.of(new ConfigOption(NETWORK_PROP_NAME, NETWORK_DEFAULT,
            "the way to ranks of other hosts: tcp, or ucx (InfiniBand, RoCE; needs UCX installed)"));
    }

    @Override
    public Device open(final DeviceContext context)
    {
        final int rank = context.rank();
        final int size = context.size();
        final int[] processRanks = context.sameProcessRanks();
        final int[] hostRanks = context.sameHostRanks();
        final long unexpectedLimit = DeviceSettings.wholeNumber(context, ThreadDeviceProvider.UNEXPECTED_LIMIT_PROP_NAME,
            ThreadDeviceProvider.UNEXPECTED_LIMIT_DEFAULT);
        final MatchingDevice device = new MatchingDevice(name(), capabilities(), rank, size, context.idleStrategy(), context.job(),
            unexpectedLimit);
        // Whether a step is needed differs between hosts, but every rank takes part in every fence, or the fences would not match.
        final HostSegment host = hostRanks.length > processRanks.length ? HostSegment.publish(context, hostRanks) : null;
        final NetworkProvider.Endpoint network = hostRanks.length < size ? networkProvider(context).open(context, device,
            otherHosts(hostRanks, size)) : null;
        if (processRanks.length < size)
        {
            final KeyValueStore store = context.keyValueStore();
            store.fence();
            if (host != null)
            {
                host.attach();
            }
            store.fence();
            if (host != null)
            {
                host.release();
            }
        }
        final Transport threads = ThreadDeviceProvider.sameProcessRoute(context);
        final Transport shm = host != null ? host.connect(device) : null;
        if (host != null && rank == hostRanks[0] && context.verbose())
        {
            host.reportLargeMessagePath();
        }
        final Transport remote = network != null ? network.connect() : null;
        final Transport[] routes = new Transport[size];
        for (int peer = 0; peer < size; peer++)
        {
            if (contains(processRanks, peer))
            {
                routes[peer] = threads;
            }
            else
            {
                routes[peer] = contains(hostRanks, peer) ? shm : remote;
            }
        }
        device.connect(routes);
        ThreadDeviceProvider.join(context, device);
        if (host != null)
        {
            host.watchPeers();
        }
        if (network != null && rank == processRanks[0])
        {
            // One watch per process suffices: its ranks live and die together.
            network.watch(nextProcessRank(processRanks, size));
        }
        return device;
    }

    /** @return the first rank after this process's ranks that is not one of them, wrapping around: the next process's first. */
    private static int nextProcessRank(final int[] processRanks, final int size)
    {
        for (int step = 1; step < size; step++)
        {
            final int candidate = (processRanks[processRanks.length - 1] + step) % size;
            if (!contains(processRanks, candidate))
            {
                return candidate;
            }
        }
        throw new IllegalStateException("no rank outside this process among " + size);
    }

    private static NetworkProvider networkProvider(final DeviceContext context)
    {
        return Networks.find(context.property(NETWORK_PROP_NAME, NETWORK_DEFAULT), NETWORK_PROP_NAME);
    }

    /** @return the ranks of the job that are not in {@code hostRanks}, in order. */
    private static int[] otherHosts(final int[] hostRanks, final int size)
    {
        final int[] others = new int[size - hostRanks.length];
        int next = 0;
        for (int rank = 0; rank < size; rank++)
        {
            if (!contains(hostRanks, rank))
            {
                others[next++] = rank;
            }
        }
        return others;
    }

    private static boolean contains(final int[] sortedRanks, final int rank)
    {
        return Arrays.binarySearch(sortedRanks, rank) >= 0;
    }
}
