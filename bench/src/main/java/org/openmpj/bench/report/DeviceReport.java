package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.Map;

/**
 * A report of OpenMPJ against native MPI on one device ({@link DeviceRun}): its OpenMPJ jobs start as one {@link OpenMpjJob}
 * says, its programs run with the environment those jobs want, and it states the device, its eager limit and the batches.
 *
 * @param <J> what the report knows each run as.
 */
abstract class DeviceReport<J> extends AbstractReport<J>
{
    private final DeviceRun run;
    private final OpenMpjJob job;
    private final RunInfo.Setting setting;

    /**
     * @param run         the device, CPUs, rounds and where things are.
     * @param javaHome    the JDK the Java programs run on.
     * @param jvmOptions  extra JVM options (from {@code OPENMPJ_JVM_OPTS}), one string of words; may be empty.
     * @param batchMillis the length each timed batch is calibrated to.
     * @param repetitions the timed batches per size in each round.
     */
    DeviceReport(final DeviceRun run, final Path javaHome, final String jvmOptions, final int batchMillis, final int repetitions)
    {
        super(run.home(), run.results(), run.rounds());
        this.run = run;
        this.job = OpenMpjJob.of(run, javaHome, jvmOptions);
        this.setting = new RunInfo.Setting(run.device().deviceName(), run.eagerLimitBytes(), batchMillis, repetitions);
    }

    /** @return the device, CPUs, rounds and where things are. */
    public final DeviceRun run()
    {
        return run;
    }

    /** @return how the report's OpenMPJ jobs start, on which JDK and with which JVM options. */
    public final OpenMpjJob job()
    {
        return job;
    }

    @Override
    public final Map<String, String> environment()
    {
        return job.environment();
    }

    @Override
    public final RunInfo.Setting setting()
    {
        return setting;
    }
}
