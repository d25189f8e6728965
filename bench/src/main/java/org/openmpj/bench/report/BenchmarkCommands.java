package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.openmpj.bench.ObjectPingPong;
import org.openmpj.bench.PingPong;
import org.openmpj.bench.ThreadFloor;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/**
 * The command lines of the three benchmarks. The JVMs are pinned to the chosen cores with {@code taskset};
 * Open MPI binds each of its two processes to a core of its own.
 */
public final class BenchmarkCommands
{
    /** Generous: the full default run of one implementation takes well under a minute. */
    private static final int MPJRUN_TIMEOUT_SECONDS = 900;

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
        return Map.of(
            "JAVA_HOME", javaHome.toString(),
            "OPENMPJ_JVM_OPTS", String.join(" ", jvmOptions));
    }

    /** @return the Java floor: a plain JVM with two spinning threads. */
    public List<String> floor()
    {
        final List<String> command = new ArrayList<>(List.of("taskset", "-c", options.cpus(), java));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", benchJar(), ThreadFloor.class.getName()));
        command.addAll(Arrays.asList(options.bench().toArgs()));
        return command;
    }

    /** @return OpenMPJ on the thread device: two ranks as threads of one JVM. */
    public List<String> openmpj()
    {
        return openmpj(PingPong.class);
    }

    /** @return OpenMPJ on the thread device with every message a serialized object ({@code MPI.OBJECT}). */
    public List<String> openmpjObjects()
    {
        return openmpj(ObjectPingPong.class);
    }

    private List<String> openmpj(final Class<?> program)
    {
        final List<String> command = new ArrayList<>(List.of(
            "taskset", "-c", options.cpus(),
            options.home().resolve("bin/mpjrun").toString(),
            "-np", "2",
            "-dev", "thread",
            "-timeout", Integer.toString(MPJRUN_TIMEOUT_SECONDS),
            "-D" + ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME + "=" + options.eagerLimitBytes(),
            "-cp", benchJar(),
            program.getName()));
        command.addAll(Arrays.asList(options.bench().toArgs()));
        return command;
    }

    /** @return the native program under Open MPI's {@code mpirun}, one process per core. */
    public List<String> openmpi()
    {
        final List<String> command = new ArrayList<>(List.of(
            "mpirun", "--allow-run-as-root", "-np", "2", "--map-by", "core", "--bind-to", "core", "--report-bindings",
            options.nativeBinary().toString()));
        command.addAll(Arrays.asList(options.bench().toArgs()));
        return command;
    }

    private String benchJar()
    {
        return options.home().resolve("bench/target/openmpj-bench.jar").toString();
    }
}
