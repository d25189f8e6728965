package org.openmpj.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.LaunchEnvironment;

/**
 * A job whose ranks are JVMs of their own on this host, started, watched and ended as {@code mpjrun -np N -dev DEVICE}
 * does it, for a program that runs jobs itself (a test extension, say) instead of through {@code bin/mpjrun}. Unlike
 * {@code mpjrun}, it never hands the job to {@code srun} inside a Slurm allocation, and never exits the JVM.
 *
 * <p>Thread-safety: every call runs one job of its own; calls may run concurrently.
 */
public final class LocalJob
{
    /** The exit code of a job that ran past its timeout, in {@link JobResult#exitCode()}: 124, as {@code timeout(1)} has it. */
    public static final int TIMEOUT_EXIT_CODE = ProcessJob.TIMEOUT_EXIT_CODE;

    private LocalJob()
    {
    }

    /**
     * Runs {@code spec} to its end; when it returns, every rank process has ended (those still running at the end of the
     * job were stopped: TERM, then KILL).
     *
     * @param spec         the job. Its device must run its ranks as processes ({@code shm}, {@code tcp}, {@code hybrid}); its API
     *                     class path and class path, in that order, are the ranks' whole class path, which must hold the OpenMPJ
     *                     runtime too; its timeout, if any, ends the job as {@code mpjrun -timeout} does.
     * @param java         the {@code java} executable the ranks run.
     * @param properties   system properties every rank gets, as {@code mpjrun -Dname=value} gives them.
     * @param prefixOutput whether each line a rank prints starts with its rank, as {@code mpjrun -prefix} has it.
     * @param out          where the ranks' standard output goes.
     * @param err          where the ranks' standard error goes.
     * @return how the job ended; its {@link JobResult#rankFailures()} are the ranks that ended by themselves with a failure.
     * @throws IllegalArgumentException naming the device when it runs its ranks as threads of one JVM.
     * @throws org.openmpj.OpenMpjException when the device is unknown or cannot run here, or the ranks' key-value service cannot
     *                                      be started.
     */
    public static JobResult run(final JobSpec spec, final Path java, final Map<String, String> properties, final boolean prefixOutput,
        final PrintStream out, final PrintStream err)
    {
        return run(spec, java, List.of(), properties, prefixOutput, out, err);
    }

    /**
     * Runs {@code spec} as {@link #run(JobSpec, Path, Map, boolean, PrintStream, PrintStream)} does, every rank's JVM also
     * getting {@code jvmOptions} (after those of {@code OPENMPJ_JVM_OPTS}), such as a coverage agent.
     */
    public static JobResult run(final JobSpec spec, final Path java, final List<String> jvmOptions, final Map<String, String> properties,
        final boolean prefixOutput, final PrintStream out, final PrintStream err)
    {
        final DeviceProvider provider = Devices.find(spec.device(), LocalJob.class.getClassLoader());
        if (provider.capabilities().inProcess())
        {
            throw new IllegalArgumentException("device '" + spec.device() + "' runs every rank as a thread of one JVM; a local job of JVMs"
                + " needs one whose ranks are processes (shm, tcp or hybrid)");
        }
        provider.removeLeftovers(name -> properties.getOrDefault(name, System.getProperty(name)));
        final Map<String, String> environment = System.getenv();
        final List<String> rankProperties = new ArrayList<>();
        properties.forEach((name, value) -> rankProperties.add(name + "=" + value));
        // The ranks' class path is the caller's alone: no runtime location of the launcher's own goes before it.
        final List<String> options = new ArrayList<>(ProcessLaunch.words(environment.getOrDefault(LaunchEnvironment.JVM_OPTIONS_ENV_NAME, "")));
        options.addAll(jvmOptions);
        final ProcessLaunch launch = new ProcessLaunch(java, List.of(), options, rankProperties,
            ProcessLaunch.RANK_MAIN, List.of(), null, false, prefixOutput, null, environment, Path.of("").toAbsolutePath());
        final JobSpec onDevice = new JobSpec(spec.processes(), provider.name(), spec.apiClasspath(), spec.classpath(), spec.mainClass(),
            spec.args(), spec.timeout());
        return ProcessJob.runOnThisHost(onDevice, launch, out, err);
    }
}
