package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet4Address;
import java.net.InetAddress;

import org.junit.jupiter.api.Test;

/** The address the key-value service of a multi-host job listens on. */
class LauncherAddressTest
{
    @Test
    void aNamedInterfaceGivesItsIpv4Address()
    {
        assertEquals("127.0.0.1", LauncherAddress.forRemoteRanks("lo").getHostAddress());
    }

    @Test
    void anUnknownInterfaceIsNamedWithTheOnesThereAre()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> LauncherAddress.forRemoteRanks("no-such-if0"));
        assertTrue(ex.getMessage().contains("network interface 'no-such-if0' (openmpj.tcp.interface or OPENMPJ_TCP_INTERFACE) does not exist"
            + " on this host; it has ["), ex.getMessage());
        assertTrue(ex.getMessage().contains("lo"), ex.getMessage());
    }

    @Test
    void withoutANameItIsTheFirstNonLoopbackIpv4Address()
    {
        final InetAddress address = LauncherAddress.forRemoteRanks(null);
        assertTrue(address instanceof Inet4Address, address.toString());
        assertFalse(address.isLoopbackAddress(), address.toString());
    }
}
