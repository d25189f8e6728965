package org.openmpj.matching;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/** Finds a {@link NetworkProvider} by name, saying which exist or why the one asked for cannot run. */
public final class Networks
{
    private Networks()
    {
    }

    /**
     * @param name     the network asked for.
     * @param property the setting that named it, for the message.
     * @return the provider.
     * @throws OpenMpjException naming the value and the choices when none has the name, or the cause when it cannot run.
     */
    public static NetworkProvider find(final String name, final String property)
    {
        final List<String> names = new ArrayList<>();
        for (final NetworkProvider provider : ServiceLoader.load(NetworkProvider.class, Networks.class.getClassLoader()))
        {
            if (provider.name().equals(name.trim()))
            {
                final String cause = provider.unavailabilityCause();
                if (cause != null)
                {
                    throw new OpenMpjException(ErrorClass.ERR_OTHER, property + "=" + name + " cannot be used here: " + cause);
                }
                return provider;
            }
            names.add(provider.name());
        }
        throw new OpenMpjException(ErrorClass.ERR_OTHER, property + "=" + name + " names no network; expected one of " + names);
    }
}
