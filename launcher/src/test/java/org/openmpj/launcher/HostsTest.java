package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host lists and host files, and the placement of ranks on their slots. */
class HostsTest
{
    @Test
    void aHostFileHasHostsWithSlotsCommentsAndBlankLines(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("hosts");
        Files.writeString(file, "# the cluster\nnode1 slots=4\n\n   node2   # one slot\nnode3\tslots=2\n10.0.0.7 slots=1\n");
        assertEquals(List.of(new Hosts.Host("node1", 4), new Hosts.Host("node2", 1), new Hosts.Host("node3", 2), new Hosts.Host("10.0.0.7", 1)),
            Hosts.readFile(file).hosts());
        assertEquals(8, Hosts.readFile(file).slots());
    }

    @Test
    void aHostListTakesSlotsAfterAColon()
    {
        assertEquals(List.of(new Hosts.Host("a", 1), new Hosts.Host("b", 3), new Hosts.Host("fe80::1", 1)),
            Hosts.parseList("a, b:3,fe80::1").hosts());
    }

    @Test
    void badHostInputIsNamed(@TempDir final Path dir)
    {
        assertMessage("host file '" + dir.resolve("missing") + "' does not exist", () -> Hosts.readFile(dir.resolve("missing")));
        assertMessage("hosts line 2: slots must be a whole number of at least 1, got '0'", () -> Hosts.parseFile(List.of("a", "b slots=0"), "hosts"));
        assertMessage("hosts line 1: 'cpus=2' is not slots=N", () -> Hosts.parseFile(List.of("a cpus=2"), "hosts"));
        assertMessage("hosts names no host", () -> Hosts.parseFile(List.of("# nothing", ""), "hosts"));
        assertMessage("-hosts entry 'b:x': slots must be a whole number", () -> Hosts.parseList("a,b:x"));
        assertMessage("'' is not a host name or address", () -> Hosts.parseList("a,,b"));
        assertMessage("'-oProxyCommand=x' is not a host name or address", () -> Hosts.parseList("-oProxyCommand=x"));
        assertMessage("'a;reboot' is not a host name or address", () -> Hosts.parseFile(List.of("a;reboot"), "hosts"));
    }

    @Test
    void ranksGoRoundRobinBySlots()
    {
        final Hosts hosts = Hosts.parseList("a:2,b,c:3");
        assertArrayEquals(new String[] {"a", "a", "b", "c"}, hosts.place(4, false));
        assertArrayEquals(new String[] {"a", "a", "b", "c", "c", "c"}, hosts.place(6, false));
        assertArrayEquals(new String[] {"a", "a", "b", "c", "c", "c", "a", "a", "b"}, hosts.place(9, true));
        assertArrayEquals(new String[] {"a", "b", "a"}, Hosts.parseList("a,b").place(3, true));
    }

    @Test
    void moreRanksThanSlotsNeedOversubscribing()
    {
        assertMessage("-np 7 is more than the 6 slot(s) of -hosts a:2,b,c:3; give more slots (host:N in -hosts, slots=N in a host file)"
            + " or add -oversubscribe", () -> Hosts.parseList("a:2,b,c:3").place(7, false));
    }

    private static void assertMessage(final String expected, final org.junit.jupiter.api.function.Executable call)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, call);
        assertTrue(ex.getMessage().contains(expected), () -> "'" + ex.getMessage() + "' should contain '" + expected + "'");
    }
}
