package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.runtime.JobSpec;

/** The command lines that start ranks, and their quoting, checked against a real POSIX shell. */
@Timeout(60)
class RankCommandsTest
{
    private static final List<String> TRICKY = List.of("plain", "two words", "", "it's", "$HOME", "`id`", "$(id)", "a\"b", "back\\slash",
        "*", "new\nline", "tab\there", "ü", "semi;colon", "a|b", "&", "~", "-n", "!x", "{host}");

    @Test
    void theJavaCommandFollowsTheRankContract()
    {
        final JobSpec spec = new JobSpec(3, "tcp", List.of(Path.of("/opt/mpj/openmpj-mpi.jar")), List.of(Path.of("classes"), Path.of("/lib/x.jar")),
            "app.Main", List.of("in.dat", "two words"), null);
        final ProcessLaunch launch = launch(List.of("-Xmx1g"), List.of("openmpj.idle=backoff", "x=y z"), null);
        assertEquals(List.of("/jdk/bin/java", "-Xmx1g", "--enable-native-access=ALL-UNNAMED", "-cp",
            "/opt/mpj/openmpj-core.jar:/opt/mpj/openmpj-mpi.jar:/work/dir/classes:/lib/x.jar", "-Dopenmpj.idle=backoff", "-Dx=y z",
            "org.openmpj.runtime.ProcessRank", "app.Main", "in.dat", "two words"), RankCommands.java(spec, launch));
        assertEquals(Map.of("OPENMPJ_DEVICE", "tcp", "PMI_PORT", "10.0.0.1:4000", "PMI_ID", "2-secret", "PMI_RANK", "2", "PMI_SIZE", "3"),
            RankCommands.environment("tcp", "10.0.0.1:4000", "2-secret", 2, 3));
    }

    @Test
    void optionsComeFromTheLaunchersPropertiesTheEnvironmentAndTheCommandLine()
    {
        final ProcessLaunch launch = ProcessLaunch.of(Map.of(ProcessLaunch.JVM_OPTIONS_PROP_NAME, "-XX:CompileCommand=quiet",
            ProcessLaunch.JAVA_PROP_NAME, "/jdk/bin/java", ProcessLaunch.CORE_CLASSPATH_PROP_NAME, "/c.jar"), List.of("-ea"), null, false, false,
            Map.of("OPENMPJ_JVM_OPTS", " -Xmx2g  -Xss1m "));
        assertEquals(List.of("-XX:CompileCommand=quiet", "-Xmx2g", "-Xss1m", "-ea"), launch.jvmOptions());
        assertEquals(Path.of("/jdk/bin/java"), launch.java());
        assertEquals(List.of(Path.of("/c.jar")), launch.coreClasspath());
        assertEquals(ProcessLaunch.RANK_MAIN, launch.rankMain());
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-o", "ServerAliveInterval=3", "-o", "ServerAliveCountMax=3"), launch.rsh());
        assertFalse(launch.insideSlurm());
        assertTrue(ProcessLaunch.of(Map.of(), List.of(), null, false, false, Map.of("SLURM_JOB_ID", "12")).insideSlurm());
        assertFalse(ProcessLaunch.of(Map.of(), List.of(), Hosts.parseList("a"), false, false, Map.of("SLURM_JOB_ID", "12")).insideSlurm(),
            "-hosts wins over the allocation");
        assertEquals("eth1", ProcessLaunch.of(Map.of(), List.of(), null, false, false, Map.of("OPENMPJ_TCP_INTERFACE", "eth1")).tcpInterface());
        assertEquals("ib0", ProcessLaunch.of(Map.of("openmpj.tcp.interface", "ib0"), List.of(), null, false, false,
            Map.of("OPENMPJ_TCP_INTERFACE", "eth1")).tcpInterface());
    }

    @Test
    void theLauncherWatchesRanksHostsForTheSilenceLimitTheRanksAreGiven()
    {
        assertEquals(10_000, launch(List.of(), List.of(), null).livenessTimeoutMs());
        assertEquals(2_500, launch(List.of(), List.of("openmpj.liveness.timeoutMs= 2500"), null).livenessTimeoutMs());
        assertEquals(0, launch(List.of(), List.of("openmpj.liveness.timeoutMs=0"), null).livenessTimeoutMs());
        for (final String bad : List.of("-1", "ten", ""))
        {
            final IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> launch(List.of(), List.of("openmpj.liveness.timeoutMs=" + bad), null).livenessTimeoutMs());
            assertEquals("-Dopenmpj.liveness.timeoutMs=" + bad + " is not a whole number of milliseconds; expected one >= 0 (0 turns the"
                + " check off)", thrown.getMessage());
        }
    }

    @Test
    void quotedWordsComeBackUnchangedFromAShell() throws Exception
    {
        assertEquals("plain 'two words' '' 'it'\\''s'", RankCommands.shellLine(TRICKY.subList(0, 4)));
        final StringBuilder expected = new StringBuilder();
        for (final String word : TRICKY)
        {
            expected.append('[').append(word).append("]\n");
        }
        assertEquals(expected.toString(), shell("printf '[%s]\\n' " + RankCommands.shellLine(TRICKY)));
    }

    @Test
    void theRemoteCommandRunsTheRankWithItsVariablesAndItsSecretFromStandardInput() throws Exception
    {
        final ProcessLaunch launch = launch(List.of(), List.of(), List.of("ssh", "-o", "BatchMode=yes"));
        final Map<String, String> env = RankCommands.environment("tcp", "10.0.0.1:4000", "1-secret", 1, 2);
        final List<String> program = new ArrayList<>(List.of("sh", "-c",
            "printf '[%s]\\n' \"$PMI_ID\" \"$PMI_RANK\" \"$OPENMPJ_DEVICE\" \"$@\"", "x"));
        program.addAll(TRICKY);
        final List<String> command = RankCommands.remote(launch, "node7", env, program);
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "node7"), command.subList(0, 4));
        assertEquals(5, command.size(), "the remote command is one word, as ssh passes it to the remote shell");
        assertFalse(command.get(4).contains("1-secret"), "the secret is not on the command line");
        assertTrue(command.get(4).contains(" env OPENMPJ_DEVICE=tcp PMI_PORT=10.0.0.1:4000 PMI_RANK=1 PMI_SIZE=2 sh -c "), command.get(4));

        // What the remote host's shell does with the line: the wrapper reads the secret, then runs the rank. Standard input
        // stays open, as the launcher keeps it: its end would stop the rank.
        final Process remote = new ProcessBuilder("sh", "-c", command.get(4)).start();
        remote.getOutputStream().write(RankCommands.remoteInput(env).getBytes(StandardCharsets.UTF_8));
        remote.getOutputStream().flush();
        assertTrue(remote.waitFor(10, TimeUnit.SECONDS));
        remote.getOutputStream().close();
        final StringBuilder expected = new StringBuilder("[1-secret]\n[1]\n[tcp]\n");
        for (final String word : TRICKY)
        {
            expected.append('[').append(word).append("]\n");
        }
        assertEquals(expected.toString(), new String(remote.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(0, remote.exitValue());
    }

    @Test
    void theRemoteRankEndsWhenItsStandardInputEnds() throws Exception
    {
        final ProcessLaunch launch = launch(List.of(), List.of(), List.of("sh", "-c"));
        final Map<String, String> env = RankCommands.environment("tcp", "h:1", "0-secret", 0, 1);
        final List<String> command = RankCommands.remote(launch, "ignored", env, List.of("sleep", "60"));
        // "sh -c LINE ignored": the shell runs LINE, the host becomes its $0, as a stand-in for a remote shell.
        final Process rsh = new ProcessBuilder(List.of("sh", "-c", command.get(command.size() - 1))).start();
        try
        {
            rsh.getOutputStream().write(RankCommands.remoteInput(env).getBytes(StandardCharsets.UTF_8));
            rsh.getOutputStream().flush();
            Thread.sleep(300);
            assertTrue(rsh.isAlive(), "the rank runs while its standard input is open");
            final List<ProcessHandle> rank = rsh.descendants().toList();
            rsh.getOutputStream().close();
            assertTrue(rsh.waitFor(10, TimeUnit.SECONDS), "the wrapper ends once its input has");
            assertEquals(128 + 15, rsh.exitValue(), "the rank was ended with TERM");
            for (final ProcessHandle handle : rank)
            {
                handle.onExit().get(5, TimeUnit.SECONDS);
            }
        }
        finally
        {
            rsh.descendants().forEach(ProcessHandle::destroyForcibly);
            rsh.destroyForcibly();
        }
    }

    @Test
    void theHostGoesWhereTheRemoteShellSays()
    {
        final Map<String, String> env = RankCommands.environment("tcp", "h:1", "0-s", 0, 1);
        final List<String> netns = RankCommands.remote(launch(List.of(), List.of(), List.of("ip", "netns", "exec", "{host}", "sh", "-c")), "hostA",
            env, List.of("java"));
        assertEquals(List.of("ip", "netns", "exec", "hostA", "sh", "-c"), netns.subList(0, 6));
        assertEquals(7, netns.size());
    }

    @Test
    void insideSlurmSrunStartsEveryRank()
    {
        final JobSpec spec = new JobSpec(4, "tcp", List.of(), List.of(Path.of("/app")), "app.Main", List.of("x"), null);
        final ProcessLaunch plain = launch(List.of(), List.of(), null);
        assertEquals(List.of("srun", "--mpi=pmi2", "--kill-on-bad-exit=1", "-n", "4", "/jdk/bin/java"),
            RankCommands.srun(spec, plain).subList(0, 6));
        final ProcessLaunch prefixed = new ProcessLaunch(plain.java(), plain.coreClasspath(), List.of(), List.of(), ProcessLaunch.RANK_MAIN,
            List.of(), null, false, true, null, Map.of(), plain.workDirectory());
        assertEquals(List.of("srun", "--mpi=pmi2", "--kill-on-bad-exit=1", "--label", "-n", "4"), RankCommands.srun(spec, prefixed).subList(0, 6));
    }

    private static ProcessLaunch launch(final List<String> jvmOptions, final List<String> properties, final List<String> rsh)
    {
        return new ProcessLaunch(Path.of("/jdk/bin/java"), List.of(Path.of("/opt/mpj/openmpj-core.jar")), jvmOptions, properties,
            ProcessLaunch.RANK_MAIN, rsh == null ? List.of() : rsh, null, false, false, null, Map.of(), Path.of("/work/dir"));
    }

    private static String shell(final String line) throws Exception
    {
        final Process sh = new ProcessBuilder("sh", "-c", line).redirectErrorStream(true).start();
        final String output = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(sh.waitFor(10, TimeUnit.SECONDS));
        return output;
    }
}
