package org.openmpj.launcher;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.LaunchEnvironment;

/**
 * The command lines that start ranks: the {@code java} command of one rank, the remote shell command that runs it on
 * another host, and the {@code srun} command that runs every rank inside a Slurm allocation.
 *
 * <p>A remote rank's command is one line for a POSIX shell, as {@code ssh} hands it to the remote login shell, with
 * every word quoted. It runs the rank under a small shell wrapper that first reads the rank's secret {@code PMI_ID}
 * from standard input (so that the secret never appears in a command line other users can list) and then watches
 * standard input: when it ends, because the launcher closed it or the connection to the launcher broke, the wrapper
 * ends the rank (TERM, then KILL after 2 s), so that no rank outlives its launcher.
 *
 * <p>Thread-safety: stateless.
 */
final class RankCommands
{
    /**
     * The wrapper of a command that must not outlive the launcher, one line so that any login shell passes it on: it runs
     * the command (its words) with an empty standard input and watches its own, which the launcher holds open; when that
     * ends, because the launcher closed it, died, or the connection to it broke, the watcher ends the command (TERM, then
     * KILL after 2 s). The watcher's output goes nowhere, so that it never holds the command's output open. Local
     * commands ({@code srun}, whose ranks Slurm ends with it) run under it as they are.
     */
    static final String LOCAL_WRAPPER = "exec 3<&0; \"$@\" </dev/null 3<&- & job=$!; (while read -r _ <&3; do :; done; kill -TERM $job;"
        + " sleep 2; kill -KILL $job) >/dev/null 2>&1 & watch=$!; exec 3<&-; wait $job; status=$?; kill $watch 2>/dev/null;"
        + " exit $status";

    /**
     * The remote wrapper: {@code $1} is the directory to start in, the rest the command, which it runs under
     * {@link #LOCAL_WRAPPER} once it has read the rank's secret from standard input.
     */
    static final String REMOTE_WRAPPER = "cd \"$1\" 2>/dev/null; shift; IFS= read -r " + LaunchEnvironment.PMI_ID_ENV_NAME + " || exit 125;"
        + " export " + LaunchEnvironment.PMI_ID_ENV_NAME + "; " + LOCAL_WRAPPER;

    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private RankCommands()
    {
    }

    /** @return the {@code java} command of every rank: options, class path, properties, the rank class, the program. */
    static List<String> java(final JobSpec spec, final ProcessLaunch launch)
    {
        final List<String> command = new ArrayList<>();
        command.add(launch.java().toString());
        command.addAll(launch.jvmOptions());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        final List<String> classpath = new ArrayList<>();
        for (final List<Path> paths : List.of(launch.coreClasspath(), spec.apiClasspath(), spec.classpath()))
        {
            for (final Path path : paths)
            {
                // Ranks may start elsewhere (another host, another directory): give them absolute paths.
                classpath.add(launch.workDirectory().resolve(path).normalize().toString());
            }
        }
        command.add(String.join(File.pathSeparator, classpath));
        for (final String property : launch.properties())
        {
            command.add("-D" + property);
        }
        command.add(launch.rankMain());
        command.add(spec.mainClass());
        command.addAll(spec.args());
        return command;
    }

    /**
     * @return the variables a rank started by the launcher gets: where the key-value service is and who the rank is.
     *         {@code PMI_ID}, the rank's secret, is among them; remote ranks read it from standard input instead.
     */
    static Map<String, String> environment(final String device, final String pmiPort, final String pmiId, final int rank, final int size)
    {
        final Map<String, String> env = new LinkedHashMap<>();
        env.put(LaunchEnvironment.DEVICE_ENV_NAME, device);
        env.put(LaunchEnvironment.PMI_PORT_ENV_NAME, pmiPort);
        env.put(LaunchEnvironment.PMI_ID_ENV_NAME, pmiId);
        env.put(LaunchEnvironment.PMI_RANK_ENV_NAME, Integer.toString(rank));
        env.put(LaunchEnvironment.PMI_SIZE_ENV_NAME, Integer.toString(size));
        return env;
    }

    /**
     * @param rankEnvironment the rank's variables ({@link #environment}); all but the secret go on the command line.
     * @return the local command that starts {@code java} on {@code host} through the launcher's remote shell; write
     *         {@link #remoteInput} to its standard input and keep it open while the rank runs.
     */
    static List<String> remote(final ProcessLaunch launch, final String host, final Map<String, String> rankEnvironment,
        final List<String> java)
    {
        final List<String> line = new ArrayList<>(List.of("sh", "-c", REMOTE_WRAPPER, "openmpj-rank", launch.workDirectory().toString(), "env"));
        for (final Map.Entry<String, String> variable : rankEnvironment.entrySet())
        {
            if (!variable.getKey().equals(LaunchEnvironment.PMI_ID_ENV_NAME))
            {
                line.add(variable.getKey() + "=" + variable.getValue());
            }
        }
        final String tcpInterface = launch.environment().get(LaunchEnvironment.TCP_INTERFACE_ENV_NAME);
        if (tcpInterface != null)
        {
            line.add(LaunchEnvironment.TCP_INTERFACE_ENV_NAME + "=" + tcpInterface);
        }
        line.addAll(java);
        final List<String> command = new ArrayList<>();
        boolean placed = false;
        for (final String word : launch.rsh())
        {
            placed |= word.contains("{host}");
            command.add(word.replace("{host}", host));
        }
        if (!placed)
        {
            command.add(host);
        }
        command.add(shellLine(line));
        return command;
    }

    /** @return what a remote rank's standard input starts with: its secret {@code PMI_ID}, one line. */
    static String remoteInput(final Map<String, String> rankEnvironment)
    {
        return rankEnvironment.get(LaunchEnvironment.PMI_ID_ENV_NAME) + "\n";
    }

    /** @return the {@code srun} command that starts every rank inside a Slurm allocation, which gives them PMI. */
    static List<String> srun(final JobSpec spec, final ProcessLaunch launch)
    {
        final List<String> command = new ArrayList<>(List.of("srun", "--mpi=pmi2", "--kill-on-bad-exit=1"));
        if (launch.prefixOutput())
        {
            command.add("--label");
        }
        command.add("-n");
        command.add(Integer.toString(spec.processes()));
        command.addAll(java(spec, launch));
        return command;
    }

    /** @return {@code command} under {@link #LOCAL_WRAPPER}: write nothing to its standard input and keep it open. */
    static List<String> endedWithLauncher(final List<String> command)
    {
        final List<String> wrapped = new ArrayList<>(List.of("sh", "-c", LOCAL_WRAPPER, "openmpj-launched"));
        wrapped.addAll(command);
        return wrapped;
    }

    /** @return {@code words} as one POSIX shell command line that gives them back unchanged. */
    static String shellLine(final List<String> words)
    {
        final StringBuilder line = new StringBuilder();
        for (final String word : words)
        {
            if (!line.isEmpty())
            {
                line.append(' ');
            }
            line.append(quote(word));
        }
        return line.toString();
    }

    /** @return {@code word} quoted for a POSIX shell: as it is when it has nothing the shell would act on, else in single quotes. */
    static String quote(final String word)
    {
        if (PLAIN_WORD.matcher(word).matches())
        {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
