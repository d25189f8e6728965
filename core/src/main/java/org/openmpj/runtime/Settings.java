package org.openmpj.runtime;

import java.util.ArrayList;
import java.util.List;

import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;
import org.openmpj.engine.CollectiveThresholds;

/** The runtime's own tunables, read from system properties, and the listing of every tunable for {@code --help-config}. */
public final class Settings
{
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

    /**
     * @return the idle strategy for a rank that is a process of its own, one of {@code ranksOnThisHost} on its host:
     *         it may spin while the host's ranks fit the host's cores, even when the launcher bound it to a single
     *         core; otherwise it backs off.
     */
    public static IdleStrategy processIdleStrategy(final int ranksOnThisHost)
    {
        final int spinningThreads = ranksOnThisHost <= hostCores() ? 1 : Integer.MAX_VALUE;
        return IdleStrategies.choose(
            System.getProperty(IDLE_PROP_NAME, IDLE_DEFAULT), spinningThreads, Runtime.getRuntime().availableProcessors());
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

    /** @return every tunable: the runtime's, the collectives' and each device's. */
    public static List<ConfigOption> allOptions()
    {
        final List<ConfigOption> options = new ArrayList<>();
        options.add(new ConfigOption(IDLE_PROP_NAME, IDLE_DEFAULT,
            "how waiting threads idle: spin, backoff (spin, yield, then park), or auto (spin while ranks <= cores)"));
        options.add(new ConfigOption(ProcessLaunch.RSH_PROP_NAME, ProcessLaunch.RSH_DEFAULT,
            "how mpjrun starts ranks on other hosts: CMD HOST 'command'; {host} in CMD places the host elsewhere"));
        options.addAll(CollectiveThresholds.configOptions());
        for (final DeviceProvider provider : Devices.all(Settings.class.getClassLoader()))
        {
            options.addAll(provider.configOptions());
        }
        return options;
    }
}
