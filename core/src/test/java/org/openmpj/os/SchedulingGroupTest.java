package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reading whether the kernel schedules a process in a group of its own: from given contents of the kernel's files, and for a
 * JVM started in a session of its own with {@code setsid}, as Hydra starts ranks.
 */
@Timeout(60)
class SchedulingGroupTest
{
    private static final List<String> ROOT_V2 = List.of("0::/");
    private static final String LEADER_STAT = "4242 (java (rank) 1) S 4200 4242 4242 0 -1 4194560 0 0";

    @Test
    void aSessionLeaderOutsideEveryCpuCgroupIsAloneWhenTheKernelGroupsSessions()
    {
        assertTrue(SchedulingGroup.isAlone("1\n", LEADER_STAT, ROOT_V2, 4242));
        assertTrue(SchedulingGroup.isAlone("1", LEADER_STAT, List.of("4:memory:/job", "1:cpu:/", "0::/"), 4242),
            "a memory cgroup does not stop the grouping");
        assertFalse(SchedulingGroup.isAlone("0\n", LEADER_STAT, ROOT_V2, 4242), "autogroups off");
        assertFalse(SchedulingGroup.isAlone("1\n", LEADER_STAT, ROOT_V2, 4243), "not the session's leader");
        assertFalse(SchedulingGroup.isAlone("1\n", LEADER_STAT, List.of("0::/user.slice/job"), 4242), "in a cgroup (v2)");
        assertFalse(SchedulingGroup.isAlone("1\n", LEADER_STAT, List.of("2:cpu,cpuacct:/slurm/job_7", "0::/"), 4242),
            "in a cpu cgroup (v1)");
        assertFalse(SchedulingGroup.isAlone("1\n", "4242 (java) S", ROOT_V2, 4242), "too few fields to say");
    }

    @Test
    void aJvmInASessionOfItsOwnIsAloneExactlyWhenTheKernelGroupsSessionsHere() throws IOException, InterruptedException
    {
        final boolean grouping = "1".equals(Files.readString(Path.of("/proc/sys/kernel/sched_autogroup_enabled")).trim());
        final boolean rootCgroup = Files.readAllLines(Path.of("/proc/self/cgroup")).stream()
            .filter(line -> line.startsWith("0::") || line.matches("\\d+:([^:]*,)?cpu(,[^:]*)?:.*"))
            .allMatch(line -> line.endsWith(":/"));
        final Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        final Process child = new ProcessBuilder("setsid", "--wait", java.toString(), "-cp", System.getProperty("java.class.path"),
            SchedulingGroupProbe.class.getName()).redirectErrorStream(true).start();
        try
        {
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the probe JVM ended");
            final String said = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals(Boolean.toString(grouping && rootCgroup), said);
        }
        finally
        {
            child.destroyForcibly();
        }
    }
}
