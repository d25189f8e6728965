package org.openmpj.bench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.openmpj.bench.JucxFloor;
import org.openmpj.bench.ObjectPingPong;
import org.openmpj.bench.SocketFloor;
import org.openmpj.bench.ThreadFloor;
import org.openmpj.bench.UcxPerftestFloor;

/**
 * What a ping-pong report runs on its device, and what it holds OpenMPJ against. On the thread device: the two-thread
 * floor, OpenMPJ with byte[] and with MPI.OBJECT messages, Open MPI's shared memory. On the tcp device: the socket
 * floor (two JVMs), OpenMPJ's two rank processes, Open MPI over TCP, with absolute targets. On the shm and hybrid devices: the
 * two-thread floor, OpenMPJ's two rank processes, Open MPI's and MPICH's shared memory, with targets relative to Open
 * MPI. On the ucx device: raw JUCX (over UCX's TCP, where JUCX fails here, UCX's own C ping-pong), OpenMPJ's two rank
 * processes and Open MPI over UCX, all over the same UCX transport, with targets relative to that floor.
 *
 * @param steps           the implementations in the order they take turns, each with its command line.
 * @param comparison      what the report compares and judges.
 * @param versionCommands the commands that print the native MPIs' versions.
 * @param repeatable      the steps whose failed runs are run again (up to {@link #ATTEMPTS} times) and reported: floors
 *                        that fail on their own here, never OpenMPJ.
 */
public record PingPongPlan(
    Map<Implementation, List<String>> steps, PingPongComparison comparison, List<List<String>> versionCommands, Set<Implementation> repeatable)
{
    /** The Java floor of the thread and shm devices: two threads of one JVM spinning on each other's writes. */
    static final Implementation FLOOR = new Implementation(ThreadFloor.IMPL, "Java floor");
    /** The Java floor of the tcp device: two JVMs over a loopback socket. */
    static final Implementation SOCKET_FLOOR = new Implementation(SocketFloor.IMPL, "Java socket floor");
    /** OpenMPJ's thread device with every message a serialized object. */
    static final Implementation OPENMPJ_OBJECTS = new Implementation(ObjectPingPong.IMPL, "OpenMPJ thread, MPI.OBJECT");
    /** UCX's Java binding with nothing above it: the floor of the ucx device, and the reference of its targets. */
    static final Implementation JUCX = new Implementation(JucxFloor.IMPL, "raw JUCX");
    /** UCX's own C ping-pong: the floor of the ucx device where raw JUCX cannot run. */
    static final Implementation UCX_PERFTEST = new Implementation(UcxPerftestFloor.IMPL, "ucx_perftest (C)");
    /** MPICH over its default transport, which between processes of one host is shared memory. */
    static final Implementation MPICH = new Implementation("mpich", "MPICH");

    /** Sizes are powers of two, so the 1 MB target is judged at 1 MiB, which is harder by 5%. */
    private static final List<PingPongTarget> TCP_TARGETS = List.of(
        new PingPongTarget(1, PingPongTarget.Kind.ONE_WAY_AT_MOST_US, 6, ""),
        new PingPongTarget(1024 * 1024, PingPongTarget.Kind.BANDWIDTH_AT_LEAST_GBS, 6,
            "1,048,576 B, standing for the 1 MB target; 1 GB = 10^9 B"));
    /** The shm device against Open MPI's shared memory: small-message latency and large-message bandwidth. */
    private static final List<PingPongRatioTarget> SHM_TARGETS = List.of(
        new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.3),
        new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9));

    /** The ucx device against raw JUCX over the same UCX transport: small-message latency and large-message bandwidth. */
    private static final List<PingPongRatioTarget> UCX_TARGETS = List.of(
        new PingPongRatioTarget(1, PingPongRatioTarget.Kind.TIME_AT_MOST, 1.15),
        new PingPongRatioTarget(1024 * 1024, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 0.9));

    private static final String UCX_OPEN_MPI = ", with `--mca pml ucx --mca pml_ucx_tls any --mca pml_ucx_devices any`.";

    /** How often a repeatable step's run is tried before its failure ends the report. */
    public static final int ATTEMPTS = 12;

    /** Copies the collections, keeping the steps' order. */
    public PingPongPlan
    {
        steps = Collections.unmodifiableMap(new LinkedHashMap<>(steps));
        versionCommands = List.copyOf(versionCommands);
        repeatable = Set.copyOf(repeatable);
    }

    /** A plan none of whose steps is run again after a failure. */
    public PingPongPlan(final Map<Implementation, List<String>> steps, final PingPongComparison comparison,
        final List<List<String>> versionCommands)
    {
        this(steps, comparison, versionCommands, Set.of());
    }

    /**
     * @param report   the report.
     * @param commands the command lines of its options.
     * @return the plan of a ping-pong report on the report's device.
     */
    public static PingPongPlan of(final PingPongReport report, final BenchmarkCommands commands)
    {
        final DeviceRun options = report.run();
        final BenchDevice device = options.device();
        final Implementation openmpj = device.openmpj();
        final Implementation openmpi = device.openmpi();
        final Map<Implementation, List<String>> steps = new LinkedHashMap<>();
        final List<String> openMpiVersion = List.of(options.mpirun(), "--version");
        final String openMpiPlacement = "Open MPI is two processes, each bound to a core of its own with `mpirun --bind-to core`";
        return switch (device)
        {
            case THREAD ->
            {
                steps.put(FLOOR, commands.floor());
                steps.put(openmpj, commands.openmpj());
                steps.put(OPENMPJ_OBJECTS, commands.openmpjObjects());
                steps.put(openmpi, commands.openmpi());
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, openmpi, FLOOR, List.of(),
                    "The Java floor and " + openmpj.label() + " are two threads of one JVM pinned to CPUs " + options.cpus()
                    + " with `taskset`; " + openMpiPlacement + "."), List.of(openMpiVersion));
            }
            case TCP ->
            {
                steps.put(SOCKET_FLOOR, commands.socketFloor());
                steps.put(openmpj, commands.openmpj());
                steps.put(openmpi, commands.openmpi());
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, openmpi, SOCKET_FLOOR, TCP_TARGETS,
                    "Each implementation is two processes, each pinned to a CPU of its own: the Java socket floor with `taskset`, "
                    + "connecting to 127.0.0.1; " + openmpj.label() + " with " + commands.job().placement()
                    + ", and Open MPI with `mpirun --bind-to core`, both connecting to this host's first non-loopback address, "
                    + "which the kernel also carries over its loopback device."), List.of(openMpiVersion));
            }
            case SHM, HYBRID ->
            {
                steps.put(FLOOR, commands.floor());
                steps.put(openmpj, commands.openmpj());
                steps.put(openmpi, commands.openmpi());
                steps.put(MPICH, commands.mpich());
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, openmpi, List.of(MPICH), FLOOR, List.of(), SHM_TARGETS,
                    openmpj.label() + " is two processes with " + commands.job().placement() + "; " + openMpiPlacement
                    + ", over its default transport (shared memory between processes of one host); MPICH likewise with "
                    + "`mpiexec.hydra -bind-to core`. The Java floor is two threads of one JVM pinned to CPUs " + options.cpus()
                    + " with `taskset`, handing each message over with one array copy: the bench has no floor of two JVMs "
                    + "over a ring in /dev/shm, so this floor leaves out what crossing between processes costs (a copy into "
                    + "the ring and one out of it, the frame headers)."),
                    List.of(openMpiVersion, List.of("mpichversion")));
            }
            case UCX_SM ->
            {
                steps.put(JUCX, commands.jucxFloor());
                steps.put(openmpj, commands.openmpj());
                steps.put(openmpi, commands.openmpi());
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, JUCX, List.of(openmpi), JUCX, List.of(), UCX_TARGETS,
                    ucxSetting(device, openmpj, commands) + " Raw JUCX is two JVMs pinned to CPUs " + options.cpus() + " with `taskset`,"
                    + " ping-ponging tagged messages between direct buffers (the receive posted before the send), each request awaited"
                    + " by progressing the worker; " + openMpiPlacement + UCX_OPEN_MPI),
                    List.of(openMpiVersion, List.of("dpkg-query", "-W", "libucx0")),
                    // JUCX 1.12.1 over UCX 1.13.1 fails here on its own in some runs (at 8 MiB and more over shared memory),
                    // and it is the reference the targets are judged against.
                    Set.of(JUCX));
            }
            case UCX_TCP ->
            {
                steps.put(UCX_PERFTEST, commands.ucxPerftestFloor());
                steps.put(openmpj, commands.openmpj());
                steps.put(openmpi, commands.openmpi());
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, UCX_PERFTEST, List.of(openmpi), UCX_PERFTEST, List.of(),
                    UCX_TARGETS, ucxSetting(device, openmpj, commands) + " The floor is UCX's own C ping-pong, `ucx_perftest -t"
                    + " tag_lat` (its server pinned to CPU " + options.cpuList()[1] + ", its client to " + options.cpuList()[0]
                    + "; per size, the median and lowest of the timed runs' 50th percentiles), standing for raw JUCX, which fails"
                    + " over UCX 1.13.1's TCP here (`sendmsg` inside UCX gets EFAULT, then \"Endpoint timeout\", in 12 of 12"
                    + " attempts of one report run): with no JVM and no JNI under it, a stricter floor. " + openMpiPlacement
                    + UCX_OPEN_MPI),
                    List.of(openMpiVersion, List.of("dpkg-query", "-W", "libucx0", "ucx-utils")));
            }
        };
    }

    /** @return how the ucx reports run OpenMPJ, and over which UCX transports. */
    private static String ucxSetting(final BenchDevice device, final Implementation openmpj, final BenchmarkCommands commands)
    {
        return "Every implementation runs over UCX with UCX_TLS=" + device.ucxTransports() + ". " + openmpj.label() + " is two processes"
            + " with " + commands.job().placement() + ", sending from and receiving into Java arrays.";
    }
}
