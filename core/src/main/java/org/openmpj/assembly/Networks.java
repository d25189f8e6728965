package org.openmpj.assembly;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/** Finds a transport that reaches other hosts by name, saying which exist or why the one asked for cannot run. */
public final class Networks
{
    private Networks()
    {
    }

    /**
     * @param name     the network asked for.
     * @param property the setting that named it, for the message.
     * @return the transport, of reach {@link Reach#NETWORK}.
     * @throws OpenMpjException naming the value and the choices when none has the name, or the cause when it cannot run.
     */
    public static TransportKind find(final String name, final String property)
    {
        final List<String> names = new ArrayList<>();
        for (final TransportKind kind : ServiceLoader.load(TransportKind.class, Networks.class.getClassLoader()))
        {
            if (kind.traits().reach() != Reach.NETWORK)
            {
                continue;
            }
            if (kind.traits().name().equals(name.trim()))
            {
                final String cause = kind.unavailabilityCause();
                if (cause != null)
                {
                    throw new OpenMpjException(ErrorClass.ERR_OTHER, property + "=" + name + " cannot be used here: " + cause);
                }
                return kind;
            }
            names.add(kind.traits().name());
        }
        throw new OpenMpjException(ErrorClass.ERR_OTHER, property + "=" + name + " names no network; expected one of " + names);
    }
}
