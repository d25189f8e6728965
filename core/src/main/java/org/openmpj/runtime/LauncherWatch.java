package org.openmpj.runtime;

import java.util.Map;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.os.ProcessWatch;

/**
 * Ends a rank process once the {@code mpjrun} that started it on this host is gone, whatever its ranks are doing. A
 * launcher that is killed outright (SIGKILL, the OOM killer, a crash of its JVM) cannot stop its ranks, and a rank
 * busy computing, or waiting on peers that wait too, would otherwise run on with no one to report to. Ranks that
 * {@code mpjrun} starts on other hosts have its remote wrapper for this; ranks that Hydra or Slurm start follow their
 * launcher's own rules.
 *
 * <p>The launcher names itself in {@value LaunchEnvironment#LAUNCHER_PID_ENV_NAME}; a {@link ProcessWatch} sees its end at
 * once where the kernel has pidfds, within a fraction of a second elsewhere. The process then halts: its output pipes
 * went with the launcher, and the job cannot finish without it.
 */
final class LauncherWatch
{
    /** The exit status of a rank process that ends because its launcher did. */
    static final int EXIT_CODE = 1;

    private LauncherWatch()
    {
    }

    /**
     * Starts watching the launcher that {@code environment} names, if it names one; a launcher that is gone already ends
     * this process at once.
     *
     * @param environment this process's environment.
     * @param ranks       this process's ranks, as the report names them, e.g. {@code rank 3}.
     * @throws OpenMpjException when the variable holds no process id.
     */
    static void startIfNamed(final Map<String, String> environment, final String ranks)
    {
        final String value = environment.get(LaunchEnvironment.LAUNCHER_PID_ENV_NAME);
        if (value == null)
        {
            return;
        }
        final long pid;
        try
        {
            pid = Long.parseLong(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, LaunchEnvironment.LAUNCHER_PID_ENV_NAME + "=" + value
                + ": expected the process id of the mpjrun that started this process");
        }
        final ProcessWatch watch = new ProcessWatch("openmpj-launcher-watch", (ended, tag) -> launcherGone(ended, ranks));
        watch.watch(pid, 0);
    }

    private static void launcherGone(final long pid, final String ranks)
    {
        ProcessRank.fail(EXIT_CODE, ranks + ": mpjrun (process " + pid + "), which started the job, is gone; the job cannot go on without"
            + " it, so its ranks on this host end", null, null);
    }
}
