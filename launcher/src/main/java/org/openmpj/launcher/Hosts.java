package org.openmpj.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The hosts a multi-host job runs on, from {@code -hosts a,b:2} or a host file, and the placement of ranks on them.
 * A host file has one host a line, {@code name [slots=N]}; {@code #} starts a comment. A host without a slot count
 * has one slot.
 *
 * <p>Thread-safety: immutable.
 */
final class Hosts
{
    private final List<Host> hosts;
    private final String source;

    /**
     * One host and how many ranks it takes before it is oversubscribed.
     *
     * @param name  the name or address the remote shell reaches it by.
     * @param slots the number of ranks it takes, at least 1.
     */
    record Host(String name, int slots)
    {
    }

    private Hosts(final List<Host> hosts, final String source)
    {
        if (hosts.isEmpty())
        {
            throw new IllegalArgumentException(source + " names no host");
        }
        this.hosts = List.copyOf(hosts);
        this.source = source;
    }

    /**
     * @param list {@code host[:slots],host[:slots],…}, as given to {@code -hosts}.
     * @throws IllegalArgumentException naming the entry that is not a host or has a bad slot count.
     */
    static Hosts parseList(final String list)
    {
        final List<Host> hosts = new ArrayList<>();
        for (final String entry : list.split(",", -1))
        {
            final String trimmed = entry.strip();
            final int colon = trimmed.lastIndexOf(':');
            // An IPv6 address has colons of its own; only a final ":digits" after a name counts as slots.
            if (colon > 0 && trimmed.indexOf(':') == colon)
            {
                hosts.add(host(trimmed.substring(0, colon), slots(trimmed.substring(colon + 1), "-hosts entry '" + trimmed + "'")));
            }
            else
            {
                hosts.add(host(trimmed, 1));
            }
        }
        return new Hosts(hosts, "-hosts " + list);
    }

    /**
     * @param file a host file: lines {@code host [slots=N]}, {@code #} comments.
     * @throws IllegalArgumentException naming the file, and the line when one is malformed.
     */
    static Hosts readFile(final Path file)
    {
        final List<String> lines;
        try
        {
            lines = Files.readAllLines(file);
        }
        catch (final java.nio.file.NoSuchFileException ex)
        {
            throw new IllegalArgumentException("host file '" + file + "' does not exist", ex);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read host file '" + file + "': " + ex, ex);
        }
        return parseFile(lines, "host file '" + file + "'");
    }

    /** @return the hosts of host-file {@code lines}; {@code source} names the file in messages. */
    static Hosts parseFile(final List<String> lines, final String source)
    {
        final List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++)
        {
            String line = lines.get(i);
            final int hash = line.indexOf('#');
            if (hash >= 0)
            {
                line = line.substring(0, hash);
            }
            final String[] words = line.strip().split("\\s+");
            if (words[0].isEmpty())
            {
                continue;
            }
            final String where = source + " line " + (i + 1);
            int slots = 1;
            for (int w = 1; w < words.length; w++)
            {
                if (words[w].startsWith("slots="))
                {
                    slots = slots(words[w].substring("slots=".length()), where);
                }
                else
                {
                    throw new IllegalArgumentException(where + ": '" + words[w] + "' is not slots=N (lines are 'host [slots=N]')");
                }
            }
            hosts.add(host(words[0], slots));
        }
        return new Hosts(hosts, source);
    }

    /** @return the hosts, in order. */
    List<Host> hosts()
    {
        return hosts;
    }

    /** @return the number of ranks the hosts take without oversubscribing. */
    int slots()
    {
        int slots = 0;
        for (final Host host : hosts)
        {
            slots += host.slots();
        }
        return slots;
    }

    /**
     * Places ranks on the hosts round-robin by slots: each host in turn takes as many consecutive ranks as it has
     * slots, and when every slot is taken the next round starts again at the first host.
     *
     * @param processes      the number of ranks.
     * @param oversubscribe  whether more ranks than slots may be placed.
     * @return the host of each rank.
     * @throws IllegalArgumentException naming the counts when {@code processes} exceeds the slots and oversubscribing is off.
     */
    String[] place(final int processes, final boolean oversubscribe)
    {
        if (processes > slots() && !oversubscribe)
        {
            throw new IllegalArgumentException("-np " + processes + " is more than the " + slots() + " slot(s) of " + source
                + "; give more slots (host:N in -hosts, slots=N in a host file) or add -oversubscribe");
        }
        final String[] placed = new String[processes];
        int rank = 0;
        while (rank < processes)
        {
            for (int h = 0; h < hosts.size() && rank < processes; h++)
            {
                final Host host = hosts.get(h);
                for (int slot = 0; slot < host.slots() && rank < processes; slot++)
                {
                    placed[rank++] = host.name();
                }
            }
        }
        return placed;
    }

    @Override
    public String toString()
    {
        return source;
    }

    private static Host host(final String name, final int slots)
    {
        // The name goes to the remote shell as one word; anything else would be a mistake or an attempt at one.
        if (name.isEmpty() || !name.matches("[A-Za-z0-9._:%\\[\\]-]+") || name.startsWith("-"))
        {
            throw new IllegalArgumentException("'" + name + "' is not a host name or address");
        }
        return new Host(name, slots);
    }

    private static int slots(final String text, final String where)
    {
        try
        {
            final int slots = Integer.parseInt(text);
            if (slots > 0)
            {
                return slots;
            }
        }
        catch (final NumberFormatException ex)
        {
            // reported below, with the value
        }
        throw new IllegalArgumentException(where + ": slots must be a whole number of at least 1, got '" + text + "'");
    }
}
