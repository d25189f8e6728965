package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
    private final PingPongReport report;
    private final OpenMpjJob job;
    private final String java;

    /** @param report the report: its device, CPUs, benchmark options, JDK and JVM options. */
    public BenchmarkCommands(final PingPongReport report)
    {
        this.report = report;
        this.job = report.job();
        this.java = job.javaHome().resolve("bin/java").toString();
    }

    /** @return the Java floor of the thread device: a plain JVM with two spinning threads. */
    public List<String> floor()
    {
        return javaFloor(List.of("taskset", "-c", report.run().cpus()), ThreadFloor.class, List.of());
    }

    /**
     * @return the Java floor of the tcp device: two plain JVMs over a loopback socket, the leader pinned to the
     *         first CPU and the echoing process it starts to the second.
     */
    public List<String> socketFloor()
    {
        final int[] cpus = report.run().cpuList();
        return javaFloor(List.of("taskset", "-c", Integer.toString(cpus[0])), SocketFloor.class,
            List.of("--peer-cpu", Integer.toString(cpus[1])));
    }

    /**
     * @return the floor of the ucx device: two plain JVMs ping-ponging through UCX's Java binding, the leader pinned to the
     *         first CPU and the echoing process it starts to the second.
     */
    public List<String> jucxFloor()
    {
        final int[] cpus = report.run().cpuList();
        final List<String> command = new ArrayList<>(List.of("taskset", "-c", Integer.toString(cpus[0]), java));
        command.addAll(job.jvmOptions());
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp",
            OpenMpjJob.moduleJar(report.run().home(), "bench") + ":" + report.run().home().resolve("bench/target/lib/jucx.jar"),
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
        final int[] cpus = report.run().cpuList();
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
        final List<String> command = new ArrayList<>(List.of(report.run().mpirun(), "--allow-run-as-root", "-np", "2"));
        command.addAll(report.run().device().openMpiTransport());
        command.addAll(List.of("--map-by", "core", "--bind-to", "core", "--report-bindings", report.run().nativeBinary().toString()));
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
        command.addAll(List.of("-cp", OpenMpjJob.moduleJar(report.run().home(), "bench").toString(), program.getName()));
        command.addAll(programOptions);
        command.addAll(Arrays.asList(report.bench().toArgs()));
        return command;
    }
}
