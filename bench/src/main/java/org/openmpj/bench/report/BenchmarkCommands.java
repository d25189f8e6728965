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
    private final ReportOptions options;
    private final Path javaHome;
    private final String java;
    private final List<String> jvmOptions;

    /**
     * @param options    the report's options.
     * @param javaHome   the JDK to run the Java benchmarks with.
     * @param jvmOptions extra JVM options (from {@code OPENMPJ_JVM_OPTS}), split into words; may be empty.
     */
    public BenchmarkCommands(final ReportOptions options, final Path javaHome, final String jvmOptions)
    {
        this.options = options;
        this.javaHome = javaHome;
        this.java = javaHome.resolve("bin/java").toString();
        this.jvmOptions = jvmOptions.isBlank() ? List.of() : Arrays.asList(jvmOptions.trim().split("\\s+"));
    }

    /** @return the environment every benchmark runs with, on top of this process's. */
    public Map<String, String> environment()
    {
        final Map<String, String> environment = new java.util.HashMap<>(Map.of(
            "JAVA_HOME", javaHome.toString(),
            "OPENMPJ_JVM_OPTS", String.join(" ", jvmOptions)));
        if (options.device().ucxTransports() != null)
        {
            environment.put("UCX_TLS", options.device().ucxTransports());
            // UCX's handlers of error signals would take those the JVM needs; OpenMPJ empties it itself, JUCX does not.
            environment.put("UCX_ERROR_SIGNALS", "");
        }
        return environment;
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
        command.addAll(jvmOptions);
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp",
            options.home().resolve("bench/target/openmpj-bench.jar") + ":" + options.home().resolve("bench/target/lib/jucx.jar"),
            JucxFloor.class.getName(), "--peer-cpu", Integer.toString(cpus[1])));
        command.addAll(Arrays.asList(options.bench().toArgs()));
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
        return job().command(2, PingPong.class, List.of(options.bench().toArgs()));
    }

    /** @return OpenMPJ on the report's device with every message a serialized object ({@code MPI.OBJECT}). */
    public List<String> openmpjObjects()
    {
        return job().command(2, ObjectPingPong.class, List.of(options.bench().toArgs()));
    }

    /** @return how OpenMPJ's jobs start. */
    public OpenMpjJob job()
    {
        return new OpenMpjJob(options.home(), javaHome, jvmOptions, options.device(), options.eagerLimitBytes(), options.cpus());
    }

    /** @return the native program under Open MPI's {@code mpirun}, one process per core, over the device's comparable transport. */
    public List<String> openmpi()
    {
        final List<String> command = new ArrayList<>(List.of(options.mpirun(), "--allow-run-as-root", "-np", "2"));
        command.addAll(options.device().openMpiTransport());
        command.addAll(List.of("--map-by", "core", "--bind-to", "core", "--report-bindings", options.nativeBinary().toString()));
        command.addAll(Arrays.asList(options.bench().toArgs()));
        return command;
    }

    /** @return the native program built with MPICH under its {@code mpiexec.hydra}, one process per core, over its default transport. */
    public List<String> mpich()
    {
        final List<String> command = new ArrayList<>(List.of(
            "env", "MPIEXEC_TIMEOUT=" + OpenMpjJob.TIMEOUT_SECONDS, "mpiexec.hydra", "-n", "2", "-bind-to", "core",
            options.mpichBinary().toString()));
        command.addAll(Arrays.asList(options.bench().toArgs()));
        return command;
    }

    private List<String> javaFloor(final List<String> pinning, final Class<?> program, final List<String> programOptions)
    {
        final List<String> command = new ArrayList<>(pinning);
        command.add(java);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", options.home().resolve("bench/target/openmpj-bench.jar").toString(), program.getName()));
        command.addAll(programOptions);
        command.addAll(Arrays.asList(options.bench().toArgs()));
        return command;
    }
}
