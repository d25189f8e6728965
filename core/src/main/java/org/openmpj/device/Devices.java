package org.openmpj.device;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/** Finds device providers by name or alias through {@link ServiceLoader}. */
public final class Devices
{
    private Devices()
    {
    }

    /** @return every provider visible to {@code loader}. */
    public static List<DeviceProvider> all(final ClassLoader loader)
    {
        final List<DeviceProvider> providers = new ArrayList<>();
        ServiceLoader.load(DeviceProvider.class, loader).forEach(providers::add);
        return providers;
    }

    /**
     * @return the device whose ranks are threads of this JVM, for a program started with plain {@code java}.
     * @throws OpenMpjException when no such device is on the class path.
     */
    public static DeviceProvider inProcess(final ClassLoader loader)
    {
        for (final DeviceProvider provider : all(loader))
        {
            if (provider.capabilities().inProcess() && provider.isAvailable())
            {
                return provider;
            }
        }
        throw new OpenMpjException(ErrorClass.ERR_OTHER, "no device runs ranks as threads of this JVM; is openmpj-core on the class path?");
    }

    /**
     * @return the available provider called {@code name} or one of its aliases.
     * @throws OpenMpjException naming the device and the known ones when there is no such device, or saying why
     *                          it cannot run here.
     */
    public static DeviceProvider find(final String name, final ClassLoader loader)
    {
        final List<String> known = new ArrayList<>();
        for (final DeviceProvider provider : all(loader))
        {
            known.add(provider.name());
            if (provider.name().equals(name) || provider.aliases().contains(name))
            {
                if (!provider.isAvailable())
                {
                    throw new OpenMpjException(ErrorClass.ERR_OTHER,
                        "device " + provider.name() + " cannot run here: " + provider.unavailabilityCause());
                }
                return provider;
            }
        }
        throw new OpenMpjException(ErrorClass.ERR_ARG, "unknown device '" + name + "'; known devices: " + known);
    }
}
