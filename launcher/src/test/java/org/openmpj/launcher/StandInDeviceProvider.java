package org.openmpj.launcher;

import java.util.List;

import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;

/**
 * A device whose ranks are processes, known only to the launcher's tests: {@code mpjrun -dev launcher-standin} takes
 * the process launcher's path, and the ranks are {@link StandInRank}s that speak PMI themselves. It opens no device.
 */
public final class StandInDeviceProvider implements DeviceProvider
{
    /** The device's name. */
    public static final String NAME = "launcher-standin";

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public List<String> aliases()
    {
        return List.of();
    }

    @Override
    public boolean isAvailable()
    {
        return true;
    }

    @Override
    public String unavailabilityCause()
    {
        return null;
    }

    @Override
    public DeviceCapabilities capabilities()
    {
        return DeviceCapabilities.processes(false);
    }

    @Override
    public List<ConfigOption> configOptions()
    {
        return List.of();
    }

    @Override
    public Device open(final DeviceContext context)
    {
        throw new UnsupportedOperationException("the launcher tests' stand-in device carries no messages");
    }
}
