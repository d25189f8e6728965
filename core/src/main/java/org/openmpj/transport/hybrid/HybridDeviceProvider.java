package org.openmpj.transport.hybrid;

import java.util.List;

import org.openmpj.assembly.DeviceAssembler;
import org.openmpj.assembly.Networks;
import org.openmpj.assembly.TransportKind;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.os.Libc;
import org.openmpj.transport.shm.ShmDeviceProvider;
import org.openmpj.transport.shm.ShmTransportKind;
import org.openmpj.transport.thread.ThreadTransportKind;

/**
 * The {@code hybrid} device (also {@code hybdev}): a job of processes, each holding one or more ranks as threads. Each
 * peer is reached through the nearest transport: a rank of the same process by reference (the thread transport), a rank
 * of another process on the same host through the host's shared segment (shm), any other over the network: TCP, or UCX
 * when {@value #NETWORK_PROP_NAME} says so; all of them under one matcher, so that a receive from any source sees every
 * peer in arrival order. Each transport keeps its own tunables ({@code openmpj.thread.*}, {@code openmpj.shm.*},
 * {@code openmpj.tcp.*}, {@code openmpj.ucx.*}). With {@code openmpj.shm.largeCopy=kernel}, large messages between the
 * JVMs of a host move with one copy through the kernel only when each JVM holds one rank ({@code -threads 1}; see
 * {@link ShmDeviceProvider#LARGE_COPY_PROP_NAME}); the first rank of each host says which way they go when the job is verbose.
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
        final TransportKind network = Networks.find(context.property(NETWORK_PROP_NAME, NETWORK_DEFAULT), NETWORK_PROP_NAME);
        return DeviceAssembler.assemble(name(), capabilities(), context,
            List.of(new ThreadTransportKind(), new ShmTransportKind(), network));
    }
}
