package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.openmpj.bench.ObjectPingPong;
import org.openmpj.bench.PingPong;
import org.openmpj.bench.JucxFloor;
import org.openmpj.bench.SocketFloor;
import org.openmpj.bench.ThreadFloor;
import org.openmpj.bench.UcxPerftestFloor;

/**
 * The command lines of the ping-pong benchmarks. The Java floors are pinned to the chosen cores with
 * {@code taskset}; OpenMPJ's jobs start as {@link OpenMpjJob} says; Open MPI and MPICH bind each of their two
 * processes to a core of its own.
 */
public final class BenchmarkCommands
{
    private final DeviceRun options;
    private final PingPongReport report;
    private final OpenMpjJob job;
    private final String java;

    /**
     * @param report     the report: its device, CPUs and benchmark options.
     * @param javaHome   the JDK to run the Java benchmarks with.
     * @param jvmOptions extra JVM options (from {@code OPENMPJ_JVM_OPTS}), one string of words; may be empty.
     */
    public BenchmarkCommands(final PingPongReport report, final Path javaHome, final String jvmOptions)
    {
        this.options = report.run();
        this.report = report;
        this.job = OpenMpjJob.of(options, javaHome, jvmOptions);
        this.java = javaHome.resolve("bin/java").toString();
    }

    /** @return the environment every benchmark runs with, on top of this process's (with UCX's transports on the ucx device). */
    public Map<String, String> environment()
    {
        return job.environment();
    }

    /** @return the Java floor of the thread device: a plain JVM with two spinning threads. */
    public List<String> floor()
    {
        return javaFloor(List.of("taskset", "-c", options.cpus()), ThreadFloor.class, List.of());
    }

    /**
     * @return the Java floor of the tcp device: two plain JVMs over a loopback socket, the leader pinned to the
     *         first CPU and the echoing process it starts to the second.
     */
    public List<String> socketFloor()
    {
        final int[] cpus = options.cpuList();
        return javaFloor(List.of("taskset", "-c", Integer.toString(cpus[0])), SocketFloor.class,
            List.of("--peer-cpu", Integer.toString(cpus[1])));
    }

    /**
     * @return the floor of the ucx device: two plain JVMs ping-ponging through UCX's Java binding, the leader pinned to the
     *         first CPU and the echoing process it starts to the second.
     */
    public List<String> jucxFloor()
    {
        final int[] cpus = options.cpuList();
        final List<String> command = new ArrayList<>(List.of("taskset", "-c", Integer.toString(cpus[0]), java));
        command.addAll(job.jvmOptions());
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp",
            options.home().resolve("bench/target/openmpj-bench.jar") + ":" + options.home().resolve("bench/target/lib/jucx.jar"),
            JucxFloor.class.getName(), "--peer-cpu", Integer.toString(cpus[1])));
        command.addAll(Arrays.asList(report.bench().toArgs()));
        return command;
    }

    /**
     * @return UCX's own C ping-pong ({@code ucx_perftest}) driven from a JVM pinned to the first CPU, its server pinned to
     *         the second and its client to the first.
     */
    public List<String> ucxPerftestFloor()
    {
        final int[] cpus = options.cpuList();
        return javaFloor(List.of("taskset", "-c", Integer.toString(cpus[0])), UcxPerftestFloor.class,
            List.of("--peer-cpu", Integer.toString(cpus[1])));
    }

    /** @return OpenMPJ on the report's device: two ranks ping-ponging {@code byte[]} messages. */
    public List<String> openmpj()
    {
        return job().command(2, PingPong.class, List.of(report.bench().toArgs()));
    }

    /** @return OpenMPJ on the report's device with every message a serialized object ({@code MPI.OBJECT}). */
    public List<String> openmpjObjects()
    {
        return job().command(2, ObjectPingPong.class, List.of(report.bench().toArgs()));
    }

    /** @return how OpenMPJ's jobs start. */
    public OpenMpjJob job()
    {
        return job;
    }

    /** @return the native program under Open MPI's {@code mpirun}, one process per core, over the device's comparable transport. */
    public List<String> openmpi()
    {
        final List<String> command = new ArrayList<>(List.of(options.mpirun(), "--allow-run-as-root", "-np", "2"));
        command.addAll(options.device().openMpiTransport());
        command.addAll(List.of("--map-by", "core", "--bind-to", "core", "--report-bindings", options.nativeBinary().toString()));
        command.addAll(Arrays.asList(report.bench().toArgs()));
        return command;
    }

    /** @return the native program built with MPICH under its {@code mpiexec.hydra}, one process per core, over its default transport. */
    public List<String> mpich()
    {
        final List<String> command = new ArrayList<>(List.of(
            "env", "MPIEXEC_TIMEOUT=" + OpenMpjJob.TIMEOUT_SECONDS, "mpiexec.hydra", "-n", "2", "-bind-to", "core",
            report.mpichBinary().toString()));
        command.addAll(Arrays.asList(report.bench().toArgs()));
        return command;
    }

    private List<String> javaFloor(final List<String> pinning, final Class<?> program, final List<String> programOptions)
    {
        final List<String> command = new ArrayList<>(pinning);
        command.add(java);
        command.addAll(job.jvmOptions());
        command.addAll(List.of("-cp", options.home().resolve("bench/target/openmpj-bench.jar").toString(), program.getName()));
        command.addAll(programOptions);
        command.addAll(Arrays.asList(report.bench().toArgs()));
        return command;
    }
}
