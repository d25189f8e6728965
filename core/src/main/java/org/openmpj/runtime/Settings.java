package org.openmpj.runtime;

import java.util.ArrayList;
import java.util.List;

import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.DeviceSettings;
import org.openmpj.device.Devices;
import org.openmpj.engine.CollectiveThresholds;
import org.openmpj.engine.ProgressThread;
import org.openmpj.objects.ObjectCodec;

/** The runtime's own tunables, read from system properties, and the listing of every tunable of the ranks for {@code --help-config}. */
public final class Settings
{
    /**
     * Seconds between the progress lines the root of a task pool ({@code org.openmpj.executor.MpiExecutor}) prints on its
     * standard error while the pool runs, and once when a pool that printed ends; 0 prints none.
     */
    public static final String POOL_PROGRESS_PROP_NAME = "openmpj.pool.progressEveryS";
    /** Default of {@link #POOL_PROGRESS_PROP_NAME}: a pool shorter than this prints nothing. */
    public static final long POOL_PROGRESS_DEFAULT_S = 10;

    /**
     * {@code true}: a rank that dies does not end the job. Operations that involve it fail with {@code MPI.ERR_PROC_FAILED}
     * (under {@code MPI.ERRORS_RETURN}; a fatal handler still ends the job), a receive from any rank that waits unmatched
     * when a rank is lost fails too, and {@code MPI.Finalize} waits for the ranks left only. For jobs of {@code mpjrun} on
     * the shm, tcp and hybrid devices; its value reaches the launcher and the ranks alike as {@code -D} option of mpjrun.
     */
    public static final String SURVIVE_RANK_LOSS_PROP_NAME = "openmpj.job.surviveRankLoss";

    /** How waiting threads idle: {@code spin}, {@code backoff}, or {@code auto} (spin only while ranks fit the cores). */
    public static final String IDLE_PROP_NAME = "openmpj.idle";
    /** Default idle strategy. */
    public static final String IDLE_DEFAULT = "auto";

    private Settings()
    {
    }

    /** @return the idle strategy for {@code ranksOnThisHost} ranks sharing this machine's cores. */
    public static IdleStrategy idleStrategy(final int ranksOnThisHost)
    {
        return IdleStrategies.choose(
            System.getProperty(IDLE_PROP_NAME, IDLE_DEFAULT), ranksOnThisHost, Runtime.getRuntime().availableProcessors());
    }

    /** @return the idle strategy for the {@code ranks} ranks of a job that runs them all as threads of this JVM. */
    public static IdleStrategy threadJobIdleStrategy(final int ranks)
    {
        return IdleStrategies.chooseForThreadRanks(
            System.getProperty(IDLE_PROP_NAME, IDLE_DEFAULT), ranks, Runtime.getRuntime().availableProcessors());
    }

    /**
     * @return the idle strategy for the {@code ranksInProcess} ranks of a process, of {@code ranksOnThisHost} on its host:
     *         they may spin while the host's ranks fit the host's cores, even when the launcher bound the process to as
     *         many cores as it has ranks; otherwise they back off.
     */
    public static IdleStrategy processIdleStrategy(final int ranksOnThisHost, final int ranksInProcess)
    {
        final int spinningThreads = ranksOnThisHost <= hostCores() ? ranksInProcess : Integer.MAX_VALUE;
        return IdleStrategies.choose(
            System.getProperty(IDLE_PROP_NAME, IDLE_DEFAULT), spinningThreads, Runtime.getRuntime().availableProcessors());
    }

    /**
     * @return how many ranks this process holds as threads: {@link LaunchEnvironment#THREADS_PROP_NAME}, else
     *         {@link LaunchEnvironment#THREADS_ENV_NAME}, else 1.
     * @throws IllegalArgumentException naming the value when it is not a whole number of at least 1.
     */
    static int threadsPerProcess()
    {
        return atLeastOne(LaunchEnvironment.THREADS_PROP_NAME, System.getProperty(LaunchEnvironment.THREADS_PROP_NAME,
            System.getenv().getOrDefault(LaunchEnvironment.THREADS_ENV_NAME, "1")), "a number of ranks per process");
    }

    /**
     * @return the job's ranks as {@link LaunchEnvironment#RANKS_PROP_NAME} gives them, or null when it is unset.
     * @throws IllegalArgumentException naming the value when it is not a whole number of at least 1.
     */
    static Integer ranks()
    {
        final String text = System.getProperty(LaunchEnvironment.RANKS_PROP_NAME);
        return text == null ? null : atLeastOne(LaunchEnvironment.RANKS_PROP_NAME, text, "a number of ranks");
    }

    /** @return the seconds between a task pool's progress lines, as {@value #POOL_PROGRESS_PROP_NAME} says; 0 for none. */
    public static long poolProgressSeconds()
    {
        return DeviceSettings.wholeNumber(POOL_PROGRESS_PROP_NAME, System.getProperty(POOL_PROGRESS_PROP_NAME,
            Long.toString(POOL_PROGRESS_DEFAULT_S)), 0, 86_400, "a number of seconds (0 for no lines)");
    }

    /**
     * @return whether this process's job goes on when a rank is lost: {@link #SURVIVE_RANK_LOSS_PROP_NAME}, false by default.
     * @throws IllegalArgumentException naming the value when it is neither true nor false.
     */
    public static boolean survivesRankLoss()
    {
        return DeviceSettings.flag(SURVIVE_RANK_LOSS_PROP_NAME, System.getProperty(SURVIVE_RANK_LOSS_PROP_NAME, "false"));
    }

    /** @return {@code text} as a whole number of at least 1; else an IllegalArgumentException naming {@code name=text}. */
    private static int atLeastOne(final String name, final String text, final String what)
    {
        return (int)DeviceSettings.wholeNumber(name, text, 1, Integer.MAX_VALUE, what);
    }

    /** @return the CPUs online on this host, whatever this process may use; this JVM's count if the kernel does not say. */
    static int hostCores()
    {
        try
        {
            int count = 0;
            for (final String range : java.nio.file.Files.readString(java.nio.file.Path.of("/sys/devices/system/cpu/online")).trim().split(","))
            {
                final int dash = range.indexOf('-');
                count += dash < 0 ? 1 : Integer.parseInt(range.substring(dash + 1)) - Integer.parseInt(range.substring(0, dash)) + 1;
            }
            return count > 0 ? count : Runtime.getRuntime().availableProcessors();
        }
        catch (final java.io.IOException | RuntimeException ex)
        {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** @return every tunable of the ranks: the runtime's, the collectives' and each device's. */
    public static List<ConfigOption> allOptions()
    {
        final List<ConfigOption> options = new ArrayList<>();
        options.add(new ConfigOption(IDLE_PROP_NAME, IDLE_DEFAULT,
            "how waiting threads idle: spin, backoff (yield, then park), or auto (spin while ranks <= cores)"));
        options.add(new ConfigOption(LaunchEnvironment.THREADS_PROP_NAME, "1", "ranks each process holds as threads on the hybrid device (or $"
            + LaunchEnvironment.THREADS_ENV_NAME + "); mpjrun sets it from -threads"));
        options.add(new ConfigOption(LaunchEnvironment.RANKS_PROP_NAME, "",
            "the job's ranks when the last process holds fewer than " + LaunchEnvironment.THREADS_PROP_NAME + "; mpjrun sets it from -np"));
        options.add(new ConfigOption(DeviceContext.VERBOSE_PROP_NAME, "false",
            "true: the devices say on stderr what they chose for the job (which way large messages go); mpjrun sets it from -v"));
        options.addAll(CollectiveThresholds.configOptions());
        options.addAll(ProgressThread.configOptions());
        options.addAll(ObjectCodec.configOptions());
        options.add(new ConfigOption(SURVIVE_RANK_LOSS_PROP_NAME, "false", "true: a rank that dies does not end an mpjrun job on shm, tcp"
            + " or hybrid; what involves it fails with MPI.ERR_PROC_FAILED, and MPI.Finalize waits for the ranks left"));
        options.add(new ConfigOption(POOL_PROGRESS_PROP_NAME, Long.toString(POOL_PROGRESS_DEFAULT_S),
            "seconds between the lines a task pool's root (MpiExecutor) prints on stderr about its progress; 0: none"));
        for (final DeviceProvider provider : Devices.all(Settings.class.getClassLoader()))
        {
            options.addAll(provider.configOptions());
        }
        return options;
    }
}
