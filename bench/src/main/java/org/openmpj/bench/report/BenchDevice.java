package org.openmpj.bench.report;

import java.util.List;

import org.openmpj.bench.JobDevice;
import org.openmpj.transport.shm.ShmDeviceProvider;
import org.openmpj.transport.tcp.TcpDeviceProvider;
import org.openmpj.transport.thread.ThreadDeviceProvider;
import org.openmpj.ucx.UcxDeviceProvider;

/**
 * The OpenMPJ devices the reports measure, with what differs between them: whether the ranks are processes, the
 * eager limit's property, the native reference's transport and name, and the suffix of the report's file names.
 */
public enum BenchDevice
{
    /** Ranks as threads of one JVM; Open MPI's reference uses its default shared-memory transport. */
    THREAD("thread", false, ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME, ThreadDeviceProvider.EAGER_LIMIT_DEFAULT, List.of(),
        "Open MPI", ""),
    /**
     * Ranks as processes over TCP. Open MPI is held to TCP too: {@code ob1} is named so that no other messaging layer
     * (such as UCX's) can take over and bypass the {@code btl} choice.
     */
    TCP("tcp", true, TcpDeviceProvider.EAGER_LIMIT_PROP_NAME, TcpDeviceProvider.EAGER_LIMIT_DEFAULT,
        List.of("--mca", "pml", "ob1", "--mca", "btl", "tcp,self"), "Open MPI TCP", "-tcp"),
    /**
     * Ranks as processes of one host over a shared-memory segment; Open MPI's reference uses its default transport,
     * which between processes of one host is shared memory.
     */
    SHM("shm", true, ShmDeviceProvider.EAGER_LIMIT_PROP_NAME, ShmDeviceProvider.EAGER_LIMIT_DEFAULT, List.of(), "Open MPI", "-shm"),
    /**
     * Ranks as processes of one host on the hybrid device, one rank per JVM, so that every peer is reached through the
     * host's shared segment under the hybrid device's matcher; measured against the same references as shm.
     */
    HYBRID("hybrid", true, ShmDeviceProvider.EAGER_LIMIT_PROP_NAME, ShmDeviceProvider.EAGER_LIMIT_DEFAULT, List.of(), "Open MPI",
        "-hybrid"),
    /**
     * Ranks as processes on the ucx device over UCX's shared memory ({@code UCX_TLS=sm,self}); Open MPI over UCX too, which
     * it refuses without InfiniBand devices unless told to take any transport and device.
     */
    UCX_SM("ucx-sm", "ucx", "sm,self"),
    /** As {@link #UCX_SM}, over UCX's TCP ({@code UCX_TLS=tcp,self}). */
    UCX_TCP("ucx-tcp", "ucx", "tcp,self");


    private final String benchName;
    private final String deviceName;
    private final String ucxTransports;
    private final boolean rankProcesses;
    private final String eagerLimitProperty;
    private final long eagerLimitDefault;
    private final List<String> openMpiTransport;
    private final String openMpiLabel;
    private final String fileSuffix;

    BenchDevice(final String deviceName, final boolean rankProcesses, final String eagerLimitProperty, final long eagerLimitDefault,
        final List<String> openMpiTransport, final String openMpiLabel, final String fileSuffix)
    {
        this.benchName = deviceName;
        this.ucxTransports = null;
        this.deviceName = deviceName;
        this.rankProcesses = rankProcesses;
        this.eagerLimitProperty = eagerLimitProperty;
        this.eagerLimitDefault = eagerLimitDefault;
        this.openMpiTransport = openMpiTransport;
        this.openMpiLabel = openMpiLabel;
        this.fileSuffix = fileSuffix;
    }

    BenchDevice(final String benchName, final String deviceName, final String ucxTransports)
    {
        this.benchName = benchName;
        this.deviceName = deviceName;
        this.ucxTransports = ucxTransports;
        this.rankProcesses = true;
        this.eagerLimitProperty = UcxDeviceProvider.EAGER_LIMIT_PROP_NAME;
        this.eagerLimitDefault = UcxDeviceProvider.EAGER_LIMIT_DEFAULT;
        // Open MPI's messaging layer over UCX, on any of UCX's transports and devices.
        this.openMpiTransport = List.of("--mca", "pml", "ucx", "--mca", "pml_ucx_tls", "any", "--mca", "pml_ucx_devices", "any");
        this.openMpiLabel = "Open MPI UCX";
        this.fileSuffix = "-" + benchName;
    }

    /**
     * @param name a device name as {@code mpjrun -dev} takes it, or {@code ucx-sm} or {@code ucx-tcp}.
     * @return the device.
     * @throws IllegalArgumentException saying the value is none of the choices, as {@link org.openmpj.bench.OptionParser} wants.
     */
    public static BenchDevice parse(final String name)
    {
        for (final BenchDevice device : values())
        {
            if (device.benchName.equals(name.trim()))
            {
                return device;
            }
        }
        throw new IllegalArgumentException("is not a device the benchmarks run on; expected thread, tcp, shm, hybrid, ucx-sm or ucx-tcp");
    }

    /** @return the device's name, e.g. {@code tcp}. */
    public String deviceName()
    {
        return deviceName;
    }

    /** @return UCX's transports for the run, as {@code UCX_TLS} takes them; null for the devices not over UCX. */
    public String ucxTransports()
    {
        return ucxTransports;
    }

    /** @return whether each rank is a process of its own (started by a process manager), not a thread of one JVM. */
    public boolean startsRankProcesses()
    {
        return rankProcesses;
    }

    /** @return OpenMPJ on this device as a report names it: {@code openmpj-tcp} on its result lines, "OpenMPJ tcp" shown. */
    public Implementation openmpj()
    {
        return new Implementation(JobDevice.impl(deviceName), "OpenMPJ " + deviceName);
    }

    /** @return the native reference, Open MPI over {@link #openMpiTransport}, as a report names it. */
    public Implementation openmpi()
    {
        return new Implementation("openmpi", openMpiLabel);
    }

    /** @return the system property that sets the device's eager limit. */
    public String eagerLimitProperty()
    {
        return eagerLimitProperty;
    }

    /** @return the device's default eager limit in bytes. */
    public long eagerLimitDefault()
    {
        return eagerLimitDefault;
    }

    /** @return the {@code mpirun} options that make Open MPI use the comparable transport; empty for its default. */
    public List<String> openMpiTransport()
    {
        return openMpiTransport;
    }

    /** @return appended to a report's base file name: empty for the thread device, else a dash and the device's name. */
    public String fileSuffix()
    {
        return fileSuffix;
    }
}
