package org.openmpj.bench.report;

import java.util.ArrayList;
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
 * What a ping-pong report runs on its device, and what it holds OpenMPJ against: native MPI on the same path, each target
 * judged on the median of the rounds' ratios. On the thread device: the
 * two-thread floor, OpenMPJ with byte[] and with MPI.OBJECT messages, Open MPI's shared memory; 1 B within 1× Open MPI's
 * time, 1 MiB at 1.5× its bandwidth or more. On the tcp device: the socket floor (two JVMs), OpenMPJ's two rank
 * processes, Open MPI over TCP; 1 B within 1× and 1 MiB at 0.9× or more of Open MPI's. On the shm and hybrid devices:
 * the two-thread floor, OpenMPJ's two rank processes, Open MPI's and MPICH's shared memory; 1 B within 1.2× Open MPI's
 * time, 1 MiB at 1× the bandwidth of each or more, and no size above the eager limit slower than the largest eager size.
 * On the ucx device: raw JUCX (over UCX's TCP, where JUCX fails here, UCX's own C ping-pong), OpenMPJ's two rank
 * processes and Open MPI over UCX, all over the same UCX transport; over shared memory 1 B within 1.3× and 1 MiB at 0.9×
 * or more of Open MPI over UCX, over TCP 1 B within 1.15× and 1 MiB at 0.9× or more of UCX's own ping-pong.
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
    /** UCX's Java binding with nothing above it: the floor of the ucx device over shared memory. */
    static final Implementation JUCX = new Implementation(JucxFloor.IMPL, "raw JUCX");
    /** UCX's own C ping-pong: the floor of the ucx device where raw JUCX cannot run, and the reference of its targets there. */
    static final Implementation UCX_PERFTEST = new Implementation(UcxPerftestFloor.IMPL, "ucx_perftest (C)");
    /** MPICH over its default transport, which between processes of one host is shared memory. */
    static final Implementation MPICH = new Implementation("mpich", "MPICH");

    /** The small message every target's latency is judged at. */
    static final int SMALL_BYTES = 1;
    /** The large message every target's bandwidth is judged at. */
    static final int LARGE_BYTES = 1024 * 1024;

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
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, openmpi, FLOOR, latencyAndBandwidth(openmpi, 1.0, 1.5),
                    "The Java floor and " + openmpj.label() + " are two threads of one JVM pinned to CPUs " + options.cpus()
                    + " with `taskset`; " + openMpiPlacement + "."), List.of(openMpiVersion));
            }
            case TCP ->
            {
                steps.put(SOCKET_FLOOR, commands.socketFloor());
                steps.put(openmpj, commands.openmpj());
                steps.put(openmpi, commands.openmpi());
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, openmpi, SOCKET_FLOOR, latencyAndBandwidth(openmpi, 1.0, 0.9),
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
                final List<PingPongTarget> targets = new ArrayList<>(latencyAndBandwidth(openmpi, 1.2, 1.0));
                targets.add(new PingPongRatioTarget(LARGE_BYTES, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, 1.0, MPICH));
                targets.add(new BeyondEagerTarget(1.0));
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, openmpi, List.of(MPICH), FLOOR, targets,
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
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, openmpi, List.of(), JUCX,
                    latencyAndBandwidth(openmpi, 1.3, 0.9), ucxSetting(device, openmpj, commands) + " Raw JUCX, the floor, is two JVMs"
                    + " pinned to CPUs " + options.cpus() + " with `taskset`, ping-ponging tagged messages between direct buffers (the"
                    + " receive posted before the send), each request awaited by progressing the worker; " + openMpiPlacement + UCX_OPEN_MPI),
                    List.of(openMpiVersion, List.of("dpkg-query", "-W", "libucx0")),
                    // JUCX 1.12.1 over UCX 1.13.1 fails here on its own in some runs (at 8 MiB and more over shared memory),
                    // and a failure not run again ends the report.
                    Set.of(JUCX));
            }
            case UCX_TCP ->
            {
                steps.put(UCX_PERFTEST, commands.ucxPerftestFloor());
                steps.put(openmpj, commands.openmpj());
                steps.put(openmpi, commands.openmpi());
                yield new PingPongPlan(steps, new PingPongComparison(openmpj, UCX_PERFTEST, List.of(openmpi), UCX_PERFTEST,
                    latencyAndBandwidth(UCX_PERFTEST, 1.15, 0.9), ucxSetting(device, openmpj, commands)
                    + " The floor is UCX's own C ping-pong, `ucx_perftest -t tag_lat` (its server pinned to CPU " + options.cpuList()[1]
                    + ", its client to " + options.cpuList()[0] + "; per size, the median and lowest of the timed runs' 50th percentiles),"
                    + " standing for raw JUCX, which fails over UCX 1.13.1's TCP here (`sendmsg` inside UCX gets EFAULT, then"
                    + " \"Endpoint timeout\", in 12 of 12 attempts of one report run): with no JVM and no JNI under it, a stricter floor. "
                    + openMpiPlacement + UCX_OPEN_MPI),
                    List.of(openMpiVersion, List.of("dpkg-query", "-W", "libucx0", "ucx-utils")));
            }
        };
    }

    /**
     * @param reference        what OpenMPJ is held against.
     * @param timeAtMost       the largest acceptable ratio of OpenMPJ's 1 B one-way time to the reference's.
     * @param bandwidthAtLeast the smallest acceptable ratio of OpenMPJ's 1 MiB bandwidth to the reference's.
     * @return the two targets every device is judged by: small-message latency and large-message bandwidth.
     */
    private static List<PingPongTarget> latencyAndBandwidth(final Implementation reference, final double timeAtMost, final double bandwidthAtLeast)
    {
        return List.of(
            new PingPongRatioTarget(SMALL_BYTES, PingPongRatioTarget.Kind.TIME_AT_MOST, timeAtMost, reference),
            new PingPongRatioTarget(LARGE_BYTES, PingPongRatioTarget.Kind.BANDWIDTH_AT_LEAST, bandwidthAtLeast, reference));
    }

    /** @return how the ucx reports run OpenMPJ, and over which UCX transports. */
    private static String ucxSetting(final BenchDevice device, final Implementation openmpj, final BenchmarkCommands commands)
    {
        return "Every implementation runs over UCX with UCX_TLS=" + device.ucxTransports() + ". " + openmpj.label() + " is two processes"
            + " with " + commands.job().placement() + ", sending from and receiving into Java arrays.";
    }
}
