package org.openmpj.transport.tcp;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/** Chooses the address a rank listens on: a named interface or address, else the first interface that is up and not loopback. */
final class TcpInterfaces
{
    private TcpInterfaces()
    {
    }

    /**
     * @return the address the tcp device of {@code context} binds to: {@link #choose} of its interface setting, else of
     *         {@code $OPENMPJ_TCP_INTERFACE}.
     */
    static InetAddress chosen(final org.openmpj.device.DeviceContext context)
    {
        final String choice = context.property(TcpDeviceProvider.INTERFACE_PROP_NAME, null);
        return choose(choice != null ? choice : System.getenv(TcpDeviceProvider.INTERFACE_ENV_NAME));
    }

    /**
     * @param choice an interface name ({@code eth0}), an IP address, or null/blank for the default.
     * @return the address to bind to.
     * @throws IllegalArgumentException naming the choice when it is no interface or address of this host.
     */
    static InetAddress choose(final String choice)
    {
        try
        {
            if (choice == null || choice.isBlank())
            {
                return firstUpNonLoopback();
            }
            final NetworkInterface named = NetworkInterface.getByName(choice.trim());
            if (named != null)
            {
                return ipv4Of(named, choice);
            }
            final InetAddress address = InetAddress.getByName(choice.trim());
            if (NetworkInterface.getByInetAddress(address) == null)
            {
                throw new IllegalArgumentException(TcpDeviceProvider.INTERFACE_PROP_NAME + "=" + choice
                    + " is an address of no interface of this host; expected one of " + names());
            }
            return address;
        }
        catch (final UnknownHostException ex)
        {
            throw new IllegalArgumentException(TcpDeviceProvider.INTERFACE_PROP_NAME + "=" + choice
                + " is neither an interface nor an address; expected one of " + names(), ex);
        }
        catch (final SocketException ex)
        {
            throw new IllegalStateException("cannot list this host's network interfaces: " + ex.getMessage(), ex);
        }
    }

    private static InetAddress firstUpNonLoopback() throws SocketException
    {
        final List<NetworkInterface> candidates = new ArrayList<>();
        for (final NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces()))
        {
            if (nic.isUp() && !nic.isLoopback() && hasIpv4(nic))
            {
                candidates.add(nic);
            }
        }
        if (candidates.isEmpty())
        {
            return InetAddress.getLoopbackAddress();
        }
        candidates.sort(Comparator.comparing(NetworkInterface::getName));
        return ipv4Of(candidates.get(0), candidates.get(0).getName());
    }

    private static boolean hasIpv4(final NetworkInterface nic)
    {
        for (final InetAddress address : Collections.list(nic.getInetAddresses()))
        {
            if (address instanceof Inet4Address)
            {
                return true;
            }
        }
        return false;
    }

    private static InetAddress ipv4Of(final NetworkInterface nic, final String choice)
    {
        for (final InetAddress address : Collections.list(nic.getInetAddresses()))
        {
            if (address instanceof Inet4Address)
            {
                return address;
            }
        }
        throw new IllegalArgumentException(TcpDeviceProvider.INTERFACE_PROP_NAME + "=" + choice + ": interface " + nic.getName()
            + " has no IPv4 address");
    }

    private static List<String> names()
    {
        final List<String> names = new ArrayList<>();
        try
        {
            for (final NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces()))
            {
                names.add(nic.getName());
            }
        }
        catch (final SocketException ex)
        {
            // The list only helps the message.
        }
        Collections.sort(names);
        return names;
    }
}
