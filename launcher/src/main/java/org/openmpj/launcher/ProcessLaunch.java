package org.openmpj.launcher;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.openmpj.device.ConfigOption;
import org.openmpj.device.DeviceSettings;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.LaunchEnvironment;
import org.openmpj.runtime.ProcessRank;
import org.openmpj.runtime.RankBlocks;
import org.openmpj.runtime.Settings;

/**
 * How the launcher starts a job whose ranks are JVMs of their own: which {@code java}, with which options and
 * properties, where the OpenMPJ classes are, and, for a multi-host job, the hosts and the remote shell.
 *
 * @param java            the {@code java} executable every rank runs (the same path on every host).
 * @param coreClasspath   where the rank runtime's classes are (the core jar, and the jars of devices outside it); never the
 *                        launcher's own.
 * @param jvmOptions      options for every rank JVM, before the class path.
 * @param properties      {@code name=value} system properties for every rank, from {@code -D} on the command line.
 * @param rankMain        the class each rank JVM starts, which runs the program's main class.
 * @param rsh             the remote shell command (host inserted at {@code {host}} or appended), for {@code hosts}.
 * @param hosts           the hosts of a multi-host job, or null for a job on this host.
 * @param oversubscribe   whether more ranks than the hosts' slots may be placed.
 * @param prefixOutput    whether each line a rank prints is prefixed with {@code [rank] }.
 * @param tcpInterface    the network interface whose address remote ranks reach the launcher at, or null for the first
 *                        non-loopback IPv4 address.
 * @param environment     the launcher's environment: what local ranks inherit and what tells of a Slurm allocation.
 * @param workDirectory   the directory ranks start in (remote ones when it exists there).
 */
record ProcessLaunch(
    Path java, List<Path> coreClasspath, List<String> jvmOptions, List<String> properties, String rankMain,
    List<String> rsh, Hosts hosts, boolean oversubscribe, boolean prefixOutput, String tcpInterface,
    Map<String, String> environment, Path workDirectory)
{
    /** The class a rank JVM starts; it sets up the rank and runs the program's main class. */
    static final String RANK_MAIN = ProcessRank.class.getName();
    /** Property naming the class rank JVMs start instead of {@link #RANK_MAIN}; the launcher's tests use stand-ins. */
    static final String RANK_MAIN_PROP_NAME = "openmpj.launcher.rankMain";
    /** Property naming the remote shell command that starts ranks on other hosts. */
    static final String RSH_PROP_NAME = "openmpj.launcher.rsh";
    /**
     * Default remote shell: ssh that fails instead of asking for a password, and gives up on a host that answers nothing
     * for 3 probes 3 s apart, so that a launcher whose ranks are all on a host that fell silent still ends the job.
     */
    static final String RSH_DEFAULT = "ssh -o BatchMode=yes -o ServerAliveInterval=3 -o ServerAliveCountMax=3";
    /** Property through which {@code bin/mpjrun} names the {@code java} to run ranks with. */
    static final String JAVA_PROP_NAME = "openmpj.launcher.java";
    /** Property through which {@code bin/mpjrun} names the rank runtime's jars, the ranks' class path before the program's. */
    static final String CORE_CLASSPATH_PROP_NAME = "openmpj.launcher.coreClasspath";
    /** Property through which {@code bin/mpjrun} gives JVM options of its own for every rank (JIT hints). */
    static final String JVM_OPTIONS_PROP_NAME = "openmpj.launcher.jvmOptions";

    ProcessLaunch
    {
        coreClasspath = List.copyOf(coreClasspath);
        jvmOptions = List.copyOf(jvmOptions);
        properties = List.copyOf(properties);
        rsh = List.copyOf(rsh);
        environment = Map.copyOf(environment);
    }

    /** The variable whose presence tells of a Slurm allocation. */
    static final String SLURM_JOB_ENV_NAME = "SLURM_JOB_ID";

    /** @return how many ranks each rank process holds as threads: {@link LaunchEnvironment#THREADS_PROP_NAME} among the properties, else 1. */
    int ranksPerProcess()
    {
        final String threads = property(LaunchEnvironment.THREADS_PROP_NAME);
        return threads == null ? 1 : Integer.parseInt(threads);
    }

    /** @return how the ranks fall to {@code processes} rank processes: {@link LaunchEnvironment#RANKS_PROP_NAME} among the properties. */
    RankBlocks rankBlocks(final int processes)
    {
        final String ranks = property(LaunchEnvironment.RANKS_PROP_NAME);
        return RankBlocks.of(processes, ranksPerProcess(), ranks == null ? null : Integer.valueOf(ranks));
    }

    /**
     * @return how long a rank's host may answer nothing before the job fails: {@link DeviceSettings#LIVENESS_TIMEOUT_PROP_NAME}
     *         among the properties, else its default; 0 when silence is never taken for death.
     * @throws IllegalArgumentException naming the value when it is not a whole number of milliseconds.
     */
    long livenessTimeoutMs()
    {
        final String text = property(DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME);
        try
        {
            return text == null ? DeviceSettings.LIVENESS_TIMEOUT_DEFAULT
                : DeviceSettings.wholeNumber(DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME, text);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("-D" + DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME + "=" + text
                + " is not a whole number of milliseconds; expected one >= 0 (0 turns the check off)", ex);
        }
    }

    /**
     * @return whether the job goes on when a rank is lost: {@link Settings#SURVIVE_RANK_LOSS_PROP_NAME} among the properties.
     * @throws IllegalArgumentException naming the value when it is neither true nor false.
     */
    boolean survivesRankLoss()
    {
        final String text = property(Settings.SURVIVE_RANK_LOSS_PROP_NAME);
        return text != null && DeviceSettings.flag("-D" + Settings.SURVIVE_RANK_LOSS_PROP_NAME, text);
    }

    /** @return the value of {@code -Dname=value} among the properties, or null. */
    private String property(final String name)
    {
        final String prefix = name + "=";
        for (final String property : properties)
        {
            if (property.startsWith(prefix))
            {
                return property.substring(prefix.length());
            }
        }
        return null;
    }

    /**
     * Gathers the settings from the command line, this JVM's system properties (set by {@code bin/mpjrun}) and the
     * environment.
     *
     * @param cliProperties  the {@code -Dname=value} options of the command line, which win over system properties.
     * @param cliJvmOptions  the words of {@code -jvmargs}.
     * @param hosts          the hosts of {@code -hosts} or {@code -hostfile}, or null.
     * @param oversubscribe  whether {@code -oversubscribe} was given.
     * @param prefixOutput   whether {@code -prefix} was given.
     * @param environment    the launcher's environment.
     */
    static ProcessLaunch of(final Map<String, String> cliProperties, final List<String> cliJvmOptions, final Hosts hosts,
        final boolean oversubscribe, final boolean prefixOutput, final Map<String, String> environment)
    {
        final Path java = Path.of(setting(cliProperties, JAVA_PROP_NAME, Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        final List<String> jvmOptions = new ArrayList<>(words(setting(cliProperties, JVM_OPTIONS_PROP_NAME, "")));
        jvmOptions.addAll(words(environment.getOrDefault(LaunchEnvironment.JVM_OPTIONS_ENV_NAME, "")));
        jvmOptions.addAll(cliJvmOptions);
        final List<String> properties = new ArrayList<>();
        for (final Map.Entry<String, String> property : cliProperties.entrySet())
        {
            properties.add(property.getKey() + "=" + property.getValue());
        }
        String tcpInterface = setting(cliProperties, LaunchEnvironment.TCP_INTERFACE_PROP_NAME,
            environment.get(LaunchEnvironment.TCP_INTERFACE_ENV_NAME));
        if (tcpInterface != null && tcpInterface.isBlank())
        {
            tcpInterface = null;
        }
        final String coreClasspath = setting(cliProperties, CORE_CLASSPATH_PROP_NAME, null);
        return new ProcessLaunch(java, JobSpec.paths(coreClasspath != null ? coreClasspath : rankRuntimeLocation()), jvmOptions, properties,
            setting(cliProperties, RANK_MAIN_PROP_NAME, RANK_MAIN), words(setting(cliProperties, RSH_PROP_NAME, RSH_DEFAULT)), hosts,
            oversubscribe, prefixOutput, tcpInterface, environment, Path.of("").toAbsolutePath());
    }

    /** @return whether the job runs inside a Slurm allocation and should be started by {@code srun}. */
    boolean insideSlurm()
    {
        return hosts == null && environment.containsKey(SLURM_JOB_ENV_NAME);
    }

    /** @return the words of {@code text}, split at white space. */
    static List<String> words(final String text)
    {
        final String stripped = text.strip();
        return stripped.isEmpty() ? List.of() : List.of(stripped.split("\\s+"));
    }

    private static String setting(final Map<String, String> cliProperties, final String name, final String defaultValue)
    {
        final String value = cliProperties.get(name);
        return value != null ? value : System.getProperty(name, defaultValue);
    }

    /** @return the launcher's own tunables, which {@code --help-config} lists after the ranks'. */
    static List<ConfigOption> configOptions()
    {
        return List.of(new ConfigOption(RSH_PROP_NAME, RSH_DEFAULT,
            "how mpjrun starts ranks on other hosts: CMD HOST 'command'; {host} in CMD places the host elsewhere"));
    }

    /**
     * @return where the class rank JVMs start was loaded from: the core jar, or the build's class directory. The launcher's
     *         own classes are elsewhere, so that ranks never load them.
     */
    private static String rankRuntimeLocation()
    {
        final CodeSource source = ProcessRank.class.getProtectionDomain().getCodeSource();
        try
        {
            if (source != null && source.getLocation() != null)
            {
                return Path.of(source.getLocation().toURI()).toString();
            }
        }
        catch (final URISyntaxException | IllegalArgumentException ex)
        {
            // not a file location: reported below
        }
        throw new IllegalArgumentException("cannot tell where the OpenMPJ rank runtime's classes are; set -D" + CORE_CLASSPATH_PROP_NAME);
    }
}
