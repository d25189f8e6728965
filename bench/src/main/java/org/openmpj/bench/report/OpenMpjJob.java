package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the reports start an OpenMPJ benchmark job: the one place that knows the launcher. Thread jobs run under
 * {@code bin/mpjrun}; jobs of rank processes (tcp, shm) under {@link #PROCESS_LAUNCHER} while the ranks fit the report's CPUs,
 * which binds each rank to a CPU of its own, and under {@code bin/mpjrun} beyond them (see {@link #launcherOf}). Every job is
 * confined to the report's CPUs with {@code taskset}.
 *
 * @param home       the OpenMPJ checkout: {@code bin/mpjrun} and the jars.
 * @param javaHome   the JDK the rank processes run on.
 * @param jvmOptions extra options of the rank processes' JVMs (from {@code OPENMPJ_JVM_OPTS}); thread jobs get them
 *                   from the environment instead, through {@code bin/mpjrun}.
 * @param device     the device.
 * @param eagerLimitBytes the device's eager limit, set for every job; negative to leave each job its device's default.
 * @param cpus       the CPUs, in {@code taskset -c} syntax.
 */
public record OpenMpjJob(Path home, Path javaHome, List<String> jvmOptions, BenchDevice device, long eagerLimitBytes, String cpus)
{
    /**
     * Starts the rank processes of the tcp and shm devices while they fit the CPUs: MPICH's Hydra, as the kept tcp reports
     * were run, so that both devices start alike and each rank is bound to a CPU of its own.
     */
    static final Launcher PROCESS_LAUNCHER = Launcher.HYDRA;

    /** Generous: the longest default run of one implementation takes a few minutes. */
    static final int TIMEOUT_SECONDS = 900;

    /**
     * The JIT hints {@code bin/mpjrun} gives its JVM, for rank JVMs it does not start: inlining {@code Recv} lets
     * the JIT drop the {@code Status} a blocking receive returns.
     */
    private static final List<String> JIT_HINTS = List.of("-XX:CompileCommand=quiet", "-XX:CompileCommand=inline,mpi.Comm::Recv");

    /** A program that starts the ranks of a job. */
    enum Launcher
    {
        /** OpenMPJ's own {@code bin/mpjrun}. */
        MPJRUN,
        /** MPICH's {@code mpiexec.hydra}, each rank a JVM running {@code org.openmpj.runtime.ProcessRank}. */
        HYDRA
    }

    /** Copies the options. */
    public OpenMpjJob
    {
        jvmOptions = List.copyOf(jvmOptions);
    }

    /**
     * @param run        the report's device, eager limit, CPUs and checkout.
     * @param javaHome   the JDK the rank processes run on.
     * @param jvmOptions extra JVM options (from {@code OPENMPJ_JVM_OPTS}), one string of words; may be empty.
     * @return how the report's OpenMPJ jobs start.
     */
    public static OpenMpjJob of(final DeviceRun run, final Path javaHome, final String jvmOptions)
    {
        return new OpenMpjJob(run.home(), javaHome, jvmOptions.isBlank() ? List.of() : Arrays.asList(jvmOptions.trim().split("\\s+")),
            run.device(), run.eagerLimitGiven() ? run.eagerLimitBytes() : -1, run.cpus());
    }

    /** @return the environment every benchmark program runs with, on top of the runner's: the JDK and the JVM options. */
    public Map<String, String> environment()
    {
        final Map<String, String> environment = new HashMap<>(Map.of(
            "JAVA_HOME", javaHome.toString(),
            "OPENMPJ_JVM_OPTS", String.join(" ", jvmOptions)));
        if (device.ucxTransports() != null)
        {
            environment.put("UCX_TLS", device.ucxTransports());
            // UCX's handlers of error signals would take those the JVM needs; OpenMPJ empties it itself, JUCX does not.
            environment.put("UCX_ERROR_SIGNALS", "");
        }
        return environment;
    }

    /**
     * @param ranks   the job size.
     * @param program the benchmark's main class, in the bench jar.
     * @param args    the benchmark's arguments.
     * @return the command line.
     */
    public List<String> command(final int ranks, final Class<?> program, final List<String> args)
    {
        final Launcher launcher = launcherOf(ranks);
        final List<String> command = new ArrayList<>(List.of("taskset", "-c", cpus));
        final List<String> eagerLimit = eagerLimitBytes < 0 ? List.of() : List.of("-D" + device.eagerLimitProperty() + "=" + eagerLimitBytes);
        if (launcher == Launcher.MPJRUN)
        {
            command.addAll(List.of(
                home.resolve("bin/mpjrun").toString(),
                "-np", Integer.toString(ranks),
                "-dev", device.deviceName(),
                "-timeout", Integer.toString(TIMEOUT_SECONDS)));
            command.addAll(eagerLimit);
            command.addAll(List.of("-cp", jar("bench")));
        }
        else
        {
            command.addAll(List.of("env", "MPIEXEC_TIMEOUT=" + TIMEOUT_SECONDS, "mpiexec.hydra", "-n", Integer.toString(ranks)));
            command.addAll(hydraBinding(ranks));
            command.add(javaHome.resolve("bin/java").toString());
            command.addAll(JIT_HINTS);
            command.addAll(jvmOptions);
            command.addAll(List.of(
                // The rank reads its PMI socket, and the shm device maps its segment, through the foreign-function API.
                "--enable-native-access=ALL-UNNAMED",
                "-Dopenmpj.device=" + device.deviceName()));
            command.addAll(eagerLimit);
            command.addAll(List.of(
                "-cp", String.join(":", jar("core"), jar("ucx"), jar("mpi"), jar("bench")),
                "org.openmpj.runtime.ProcessRank"));
        }
        command.add(program.getName());
        command.addAll(args);
        return command;
    }

    /** @return how the ranks are placed, in words, for the report. */
    public String placement()
    {
        if (!device.startsRankProcesses() || PROCESS_LAUNCHER == Launcher.MPJRUN)
        {
            return "`bin/mpjrun -dev " + device.deviceName() + "` under `taskset -c " + cpus + "`";
        }
        return "`mpiexec.hydra` under `taskset -c " + cpus + "`, each rank a JVM process bound to a CPU of its own (`-bind-to user:`),"
            + " while the ranks fit the CPUs; beyond them `bin/mpjrun -dev " + device.deviceName() + "`, whose ranks share one"
            + " session as Open MPI's do under `mpirun` (Hydra gives each rank a session, and so a scheduling group, of its own)";
    }

    /**
     * Hydra while the ranks fit the CPUs, {@code bin/mpjrun} beyond. Hydra starts each rank in a session of its own, and a
     * kernel that groups sessions for scheduling ({@code kernel.sched_autogroup_enabled=1}, processes outside any cpu
     * cgroup) then shares a core between groups, not ranks: a rank that yields while it waits hands the core to no other
     * rank of the job. Open MPI's {@code mpirun} starts its ranks in its own session, and so does {@code bin/mpjrun}.
     * Measured here (8 shm ranks on 2 cores, 128 KiB Bcast): 90-110 µs a call under Hydra, 57-60 under Hydra with the
     * autogroups off, 44-66 under {@code bin/mpjrun}.
     */
    private Launcher launcherOf(final int ranks)
    {
        return device.startsRankProcesses() && ranks <= CpuList.cpus(cpus).length ? PROCESS_LAUNCHER : Launcher.MPJRUN;
    }

    /** @return Hydra's binding: a CPU per rank (in the order given); Hydra starts only jobs that fit the CPUs. */
    private List<String> hydraBinding(final int ranks)
    {
        final int[] list = CpuList.cpus(cpus);
        return List.of("-bind-to", "user:" + String.join(",", Arrays.stream(list).limit(ranks).mapToObj(Integer::toString).toList()));
    }

    private String jar(final String module)
    {
        return moduleJar(home, module).toString();
    }

    /** @return a module's jar as the build leaves it in the checkout, e.g. {@code HOME/core/target/openmpj-core.jar}. */
    public static Path moduleJar(final Path home, final String module)
    {
        return home.resolve(module + "/target/openmpj-" + module + ".jar");
    }
}
