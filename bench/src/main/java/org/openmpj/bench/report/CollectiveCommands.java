package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.openmpj.bench.Collectives;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/**
 * The command lines of the collectives benchmark at one job size. Both implementations are pinned to the same
 * cores with {@code taskset}. With no more ranks than cores, Open MPI binds each process to a core of its own and
 * its waits spin, as OpenMPJ's do; with more, Open MPI runs with {@code --oversubscribe}, unbound, and
 * {@code mpi_yield_when_idle} so its waits yield the core, as OpenMPJ's idle strategy then backs off by itself.
 */
public final class CollectiveCommands
{
    /** Generous: a default run at one job size takes well under a minute. */
    private static final int TIMEOUT_SECONDS = 900;

    private final CollectiveReportOptions options;
    private final Path javaHome;
    private final List<String> jvmOptions;

    /**
     * @param options    the report's options.
     * @param javaHome   the JDK to run the Java benchmark with.
     * @param jvmOptions extra JVM options (from {@code OPENMPJ_JVM_OPTS}), split into words; may be empty.
     */
    public CollectiveCommands(final CollectiveReportOptions options, final Path javaHome, final String jvmOptions)
    {
        this.options = options;
        this.javaHome = javaHome;
        this.jvmOptions = jvmOptions.isBlank() ? List.of() : Arrays.asList(jvmOptions.trim().split("\\s+"));
    }

    /** @return the environment every benchmark runs with, on top of this process's. */
    public Map<String, String> environment()
    {
        return Map.of(
            "JAVA_HOME", javaHome.toString(),
            "OPENMPJ_JVM_OPTS", String.join(" ", jvmOptions));
    }

    /** @return OpenMPJ on the thread device: {@code ranks} threads of one JVM, with the idle strategy left to choose itself. */
    public List<String> openmpj(final int ranks)
    {
        final List<String> command = new ArrayList<>(List.of(
            "taskset", "-c", options.cpus(),
            options.home().resolve("bin/mpjrun").toString(),
            "-np", Integer.toString(ranks),
            "-dev", "thread",
            "-timeout", Integer.toString(TIMEOUT_SECONDS),
            "-D" + ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME + "=" + options.eagerLimitBytes(),
            "-cp", options.home().resolve("bench/target/openmpj-bench.jar").toString(),
            Collectives.class.getName()));
        command.addAll(Arrays.asList(options.benchFor(ranks).toArgs()));
        return command;
    }

    /** @return the native program under Open MPI's {@code mpirun}. */
    public List<String> openmpi(final int ranks)
    {
        final List<String> command = new ArrayList<>(List.of(
            "taskset", "-c", options.cpus(),
            "mpirun", "--allow-run-as-root", "--timeout", Integer.toString(TIMEOUT_SECONDS), "-np", Integer.toString(ranks)));
        command.addAll(openMpiPlacement(ranks));
        command.add(options.nativeBinary().toString());
        command.addAll(Arrays.asList(options.benchFor(ranks).toArgs()));
        return command;
    }

    /** @return the {@code mpirun} options that place and bind the processes and choose how they wait. */
    public List<String> openMpiPlacement(final int ranks)
    {
        if (ranks <= options.cores())
        {
            return List.of("--map-by", "core", "--bind-to", "core");
        }
        return List.of("--oversubscribe", "--bind-to", "none", "--mca", "mpi_yield_when_idle", "1");
    }
}
