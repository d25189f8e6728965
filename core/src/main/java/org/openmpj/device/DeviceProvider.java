package org.openmpj.device;

import java.util.List;

/**
 * A device, found by name through {@link java.util.ServiceLoader}. A provider that cannot run here says
 * why, instead of failing when opened.
 */
public interface DeviceProvider
{
    /** @return the name users give to {@code -dev}, e.g. {@code thread}. */
    String name();

    /** @return other names accepted for this device, such as those of older MPJ libraries. */
    List<String> aliases();

    /** @return whether the device can run on this machine; devices needing nothing beyond the JDK always can. */
    default boolean isAvailable()
    {
        return true;
    }

    /** @return why the device cannot run here, with what to do about it; null when it can. */
    default String unavailabilityCause()
    {
        return null;
    }

    /** @return what the device can do, known before it is opened (a launcher decides by it whether to start processes). */
    DeviceCapabilities capabilities();

    /** @return the configuration properties this device reads. */
    List<ConfigOption> configOptions();

    /**
     * Removes what jobs of this device that ended abruptly (every process killed) left on this host, such as files in
     * shared memory; a launcher calls it before it starts a job and on request.
     *
     * @param properties looks up a configuration property, null when unset.
     * @return the number of things removed.
     */
    default int removeLeftovers(final java.util.function.UnaryOperator<String> properties)
    {
        return 0;
    }

    /** Opens the device for one rank. */
    Device open(DeviceContext context);
}
