package org.openmpj.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.LaunchEnvironment;
import org.openmpj.runtime.RankBlocks;

/**
 * Runs a job inside a Slurm allocation: {@code srun --mpi=pmi2} starts the ranks and gives them PMI, so there is no
 * key-value service of ours. The launcher forwards srun's output and ends with its exit code; {@code
 * --kill-on-bad-exit} makes Slurm end the other ranks when one fails.
 *
 * <p>Thread-safety: one job, run by one thread.
 */
final class SrunJob
{
    private static final long OUTPUT_DRAIN_MS = 2000;

    private SrunJob()
    {
    }

    /** Runs {@code spec} through {@code srun}; see {@link ProcessJob#run}. */
    static JobResult run(final JobSpec spec, final ProcessLaunch launch, final PrintStream out, final PrintStream err)
    {
        // Wrapped, so that srun and with it the ranks end when the launcher dies (SIGKILL, the OOM killer): srun would run on.
        final ProcessBuilder builder = new ProcessBuilder(RankCommands.endedWithLauncher(RankCommands.srun(spec, launch)));
        final Map<String, String> environment = builder.environment();
        environment.clear();
        environment.putAll(launch.environment());
        environment.keySet().removeIf(name -> name.startsWith(LaunchEnvironment.PMI_ENV_NAME_PREFIX));
        // Ranks on other nodes cannot watch this launcher's process id; one inherited from an outer job would mislead them.
        environment.remove(LaunchEnvironment.LAUNCHER_PID_ENV_NAME);
        environment.put(LaunchEnvironment.DEVICE_ENV_NAME, spec.device());
        try (JobProcesses processes = new JobProcesses(ProcessJob.KILL_AFTER_MS))
        {
            final LaunchedProcess srun;
            try
            {
                if (!onPath("srun", environment.getOrDefault("PATH", "")))
                {
                    throw new IOException("srun: not found on PATH");
                }
                srun = processes.start(-1, new RankBlocks(1, 1), null, builder, "");
            }
            catch (final IOException ex)
            {
                throw new OpenMpjException(ErrorClass.ERR_OTHER, "inside the Slurm allocation SLURM_JOB_ID="
                    + launch.environment().get("SLURM_JOB_ID") + " mpjrun starts ranks with srun, which could not be run: " + ex.getMessage());
            }
            final Thread stdout = OutputPump.start(srun.process().getInputStream(), out, "", "srun-stdout");
            final Thread stderr = OutputPump.start(srun.process().getErrorStream(), err, "", "srun-stderr");
            final JobResult result = await(spec, srun, processes);
            join(stdout, stderr);
            return result;
        }
    }

    /** @return whether {@code command} is an executable file in a directory of {@code path}. */
    private static boolean onPath(final String command, final String path)
    {
        for (final String directory : path.split(java.io.File.pathSeparator))
        {
            if (!directory.isEmpty() && java.nio.file.Files.isExecutable(java.nio.file.Path.of(directory, command)))
            {
                return true;
            }
        }
        return false;
    }

    private static JobResult await(final JobSpec spec, final LaunchedProcess srun, final JobProcesses processes)
    {
        try
        {
            if (!srun.process().waitFor(spec.timeout() == null ? Long.MAX_VALUE : spec.timeout().toMillis(), TimeUnit.MILLISECONDS))
            {
                processes.stopAll();
                return new JobResult(ProcessJob.TIMEOUT_EXIT_CODE, new JobState.Failure(-1, "the job did not finish within its timeout of "
                    + spec.timeout().toSeconds() + " s; srun and its ranks were stopped", null, ProcessJob.TIMEOUT_EXIT_CODE));
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            processes.stopAll();
            return new JobResult(1, new JobState.Failure(-1, "the launcher was interrupted", ex, 1));
        }
        final int exitCode = srun.process().exitValue();
        if (exitCode == 0)
        {
            return new JobResult(0, null);
        }
        return new JobResult(exitCode, new JobState.Failure(-1, "srun ended with exit code " + exitCode
            + ": a rank failed or was killed (srun's and the ranks' messages are above)", null, exitCode));
    }

    private static void join(final Thread... pumps)
    {
        try
        {
            for (final Thread pump : pumps)
            {
                pump.join(OUTPUT_DRAIN_MS);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
