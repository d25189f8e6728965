package org.openmpj.launcher;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.openmpj.runtime.LaunchEnvironment;

/** Chooses the address the launcher's key-value service listens on, so that the ranks of a job can reach it. */
final class LauncherAddress
{
    private LauncherAddress()
    {
    }

    /**
     * @param tcpInterface the interface named by {@code -Dopenmpj.tcp.interface} or {@code OPENMPJ_TCP_INTERFACE}, or null.
     * @return the first IPv4 address of {@code tcpInterface}, or without one, this host's first non-loopback IPv4 address.
     * @throws IllegalArgumentException naming the interface and the ones there are, when there is no such address.
     */
    static InetAddress forRemoteRanks(final String tcpInterface)
    {
        try
        {
            if (tcpInterface != null)
            {
                final NetworkInterface named = NetworkInterface.getByName(tcpInterface);
                if (named == null)
                {
                    throw new IllegalArgumentException("network interface '" + tcpInterface + "' (" + LaunchEnvironment.TCP_INTERFACE_PROP_NAME
                        + " or " + LaunchEnvironment.TCP_INTERFACE_ENV_NAME + ") does not exist on this host; it has " + names());
                }
                final InetAddress address = firstIpv4(named, true);
                if (address == null)
                {
                    throw new IllegalArgumentException("network interface '" + tcpInterface + "' has no IPv4 address");
                }
                return address;
            }
            for (final NetworkInterface candidate : Collections.list(NetworkInterface.getNetworkInterfaces()))
            {
                if (candidate.isUp() && !candidate.isLoopback())
                {
                    final InetAddress address = firstIpv4(candidate, false);
                    if (address != null)
                    {
                        return address;
                    }
                }
            }
        }
        catch (final SocketException ex)
        {
            throw new IllegalArgumentException("cannot list this host's network interfaces: " + ex.getMessage(), ex);
        }
        throw new IllegalArgumentException("this host has no non-loopback IPv4 address for the ranks on other hosts to reach the"
            + " launcher at; name an interface with -D" + LaunchEnvironment.TCP_INTERFACE_PROP_NAME + "=NAME");
    }

    private static InetAddress firstIpv4(final NetworkInterface networkInterface, final boolean loopbackToo)
    {
        for (final InetAddress address : Collections.list(networkInterface.getInetAddresses()))
        {
            if (address instanceof Inet4Address && (loopbackToo || !address.isLoopbackAddress()))
            {
                return address;
            }
        }
        return null;
    }

    private static List<String> names() throws SocketException
    {
        final List<String> names = new ArrayList<>();
        for (final NetworkInterface candidate : Collections.list(NetworkInterface.getNetworkInterfaces()))
        {
            names.add(candidate.getName());
        }
        return names;
    }
}
