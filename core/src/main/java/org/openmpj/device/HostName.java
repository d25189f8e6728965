package org.openmpj.device;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** This machine's name, as ranks publish it to find the peers that share their host. */
public final class HostName
{
    private static volatile String local;

    private HostName()
    {
    }

    /** @return the host name, from {@code HOSTNAME} or the resolver, else {@code localhost}. */
    public static String local()
    {
        String name = local;
        if (name == null)
        {
            name = System.getenv("HOSTNAME");
            if (name == null || name.isBlank())
            {
                try
                {
                    name = InetAddress.getLocalHost().getHostName();
                }
                catch (final UnknownHostException ex)
                {
                    name = "localhost";
                }
            }
            local = name;
        }
        return name;
    }
}
