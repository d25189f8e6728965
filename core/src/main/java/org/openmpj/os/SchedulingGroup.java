package org.openmpj.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether the kernel schedules this process in a group of its own. With {@code kernel.sched_autogroup_enabled=1}, every
 * session of processes outside a cpu cgroup is a scheduling group, and a core is shared between groups before it is
 * shared between their threads. A process that a launcher started in a session of its own (Hydra does, for every rank)
 * then cannot hand its core to another rank by yielding: the yield picks among its own group's threads only, and the
 * core stays with the group until its time slice ends.
 */
public final class SchedulingGroup
{
    private static final Path AUTOGROUP_SWITCH = Path.of("/proc/sys/kernel/sched_autogroup_enabled");
    private static final Path SELF_STAT = Path.of("/proc/self/stat");
    private static final Path SELF_CGROUP = Path.of("/proc/self/cgroup");
    /** After the command name in {@code /proc/self/stat}: state, parent, process group, session. */
    private static final int SESSION_FIELD = 3;

    private SchedulingGroup()
    {
    }

    /** @return whether this process is alone in its scheduling group as the kernel's files say; false where they cannot be read. */
    public static boolean alone()
    {
        try
        {
            return isAlone(Files.readString(AUTOGROUP_SWITCH), Files.readString(SELF_STAT), Files.readAllLines(SELF_CGROUP),
                ProcessHandle.current().pid());
        }
        catch (final IOException | RuntimeException ex)
        {
            return false;
        }
    }

    /**
     * @param autogroupSwitch the contents of {@code /proc/sys/kernel/sched_autogroup_enabled}.
     * @param stat            the contents of {@code /proc/self/stat}.
     * @param cgroups         the lines of {@code /proc/self/cgroup}.
     * @param pid             this process's id.
     * @return whether the kernel groups sessions, this process leads a session of its own, and no cpu cgroup holds it.
     */
    static boolean isAlone(final String autogroupSwitch, final String stat, final List<String> cgroups, final long pid)
    {
        if (!"1".equals(autogroupSwitch.trim()))
        {
            return false;
        }
        // The command name may hold spaces and parentheses; the fields after it start past the last ')'.
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 1).trim().split("\\s+");
        if (fields.length <= SESSION_FIELD || Long.parseLong(fields[SESSION_FIELD]) != pid)
        {
            return false;
        }
        return cgroups.stream().allMatch(SchedulingGroup::outsideCpuCgroup);
    }

    /** @return whether a line of {@code /proc/self/cgroup} puts the process outside any cpu cgroup, or says nothing of cpu. */
    private static boolean outsideCpuCgroup(final String line)
    {
        final String[] parts = line.split(":", 3);
        if (parts.length < 3)
        {
            return true;
        }
        final boolean unified = parts[0].equals("0") && parts[1].isEmpty();
        final boolean cpu = List.of(parts[1].split(",")).contains("cpu");
        return !(unified || cpu) || parts[2].equals("/");
    }
}
