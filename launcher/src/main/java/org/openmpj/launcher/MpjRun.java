package org.openmpj.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openmpj.OpenMpjException;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.LaunchEnvironment;
import org.openmpj.runtime.RankBlocks;
import org.openmpj.runtime.Settings;
import org.openmpj.runtime.ThreadJob;

/**
 * The {@code mpjrun} launcher: parses the command line, runs the job, reports the first failure and exits
 * with the job's exit code (0 for a clean job).
 */
public final class MpjRun
{
    /** System property through which {@code bin/mpjrun} names the API jar(s) loaded into every rank: the mpiJava 1.2 API's. */
    public static final String API_CLASSPATH_PROP_NAME = "openmpj.api.classpath";
    /** System property through which {@code bin/mpjrun} names the jar of Open MPI's Java API, which {@code -api ompi} loads instead. */
    public static final String OMPI_API_CLASSPATH_PROP_NAME = "openmpj.api.ompi.classpath";

    private static final int USAGE_ERROR = 2;

    private static final String USAGE = """
        Usage: mpjrun [options] MainClass [program arguments...]

        Runs MainClass's main method as an MPI job. Everything after MainClass goes to the program
        unchanged, and MPI.Init(args) returns it unchanged.

        Options:
          -np N               number of ranks (processes) to run; default 1.
          -dev NAME           device carrying the messages; default thread.
                              thread (aliases smdev, multicore): every rank is a thread of one JVM,
                              with its own class loader, so static fields are per rank.
                              shm: every rank is a JVM of its own on this host; messages go through
                              shared memory.
                              tcp (alias niodev): every rank is a JVM of its own, on this host or,
                              with -hosts or -hostfile, on several; messages go over TCP.
                              hybrid (alias hybdev): JVMs of -threads ranks each, on one host or
                              several; each peer is reached the nearest way: same JVM by reference,
                              same host through shared memory, other hosts over TCP.
          -threads T          with -dev hybrid: ranks per JVM (default 1), numbered in blocks of T per
                              JVM; when -np is not a multiple of T, the last JVM holds the rest.
          -cp, -classpath CP  where the program's classes are, separated by ':'; default $CLASSPATH or '.'.
          -api NAME           the Java API of MPI the program is written against, as it was compiled with
                              bin/mpjavac -api NAME: mpijava (the default; mpiJava 1.2, as MPJ Express has it)
                              or ompi (Open MPI's Java bindings, package mpi as Open MPI 5.0 defines it).
          -timeout SECONDS    fail the job if it has not finished after this many seconds; default none.
          -Dname=value        set a tunable (see --help-config), e.g. -Dopenmpj.idle=backoff; with a
                              device whose ranks are processes, every rank gets it as a system property.
          -v, --verbose       the devices say on stderr what they chose for the job, e.g. which way
                              large messages go on shm (sets -Dopenmpj.verbose=true).
          --help-config       list every tunable with its default.
          --clean             remove what jobs killed outright left on this host (shared-memory files
                              whose processes are gone), then exit; every job does this as it starts.
          -h, --help          show this help.

        Options for devices whose ranks are processes (shm, tcp, hybrid; slots count JVMs):
          -jvmargs "OPTS"     options for every rank's JVM, split at spaces, e.g. -jvmargs "-Xmx2g -ea".
          -prefix             start each line a rank prints with its rank, as "[3] " (also --tag-output);
                              with -threads, with the ranks of its JVM, as "[4-7] ".
          -hosts H1,H2,...    run the ranks on these hosts; "host:N" gives a host N slots (default 1).
          -hostfile FILE      the same from a file: one "host [slots=N]" a line, '#' starts a comment.
          -oversubscribe      allow more ranks than slots; without it, -np more than the slots is an error.

        Ranks are placed round-robin by slots: each host in turn takes as many consecutive ranks as it
        has slots, starting again at the first host when there are more ranks than slots. They are
        started with "ssh -o BatchMode=yes -o ServerAliveInterval=3 -o ServerAliveCountMax=3 HOST COMMAND"
        (COMMAND is one line for a POSIX shell); set another remote shell with -Dopenmpj.launcher.rsh="CMD",
        where {host} in CMD stands for the host (else it goes after CMD), e.g.
        -Dopenmpj.launcher.rsh="ip netns exec {host} env HOSTNAME={host} sh -c". Every host
        needs the same java, OpenMPJ jars and class path at the same paths (a shared file system). The
        ranks reach the launcher at the first IPv4 address of the interface -Dopenmpj.tcp.interface=NAME
        (or $OPENMPJ_TCP_INTERFACE), else this host's first non-loopback IPv4 address.

        Inside a Slurm allocation (SLURM_JOB_ID set) and without -hosts, the ranks are started with
        "srun --mpi=pmi2 --kill-on-bad-exit=1 -n N" and take their rank from Slurm (-prefix: srun --label).

        When a rank fails (throws out of main, calls MPI.Abort, or exits early) the other ranks are told
        and get a few seconds to end; then every rank still running is stopped (TERM, then KILL after
        2 s). Stopping mpjrun (Ctrl-C, kill) stops every rank too.

        Environment:
          JAVA_HOME           a JDK 25 or newer to run with.
          OPENMPJ_JVM_OPTS    options for the JVM (and every rank's JVM), e.g. -Xmx8g.

        Exit status: 0 when every rank finished cleanly; otherwise the job's first failure decides: the
        MPI.Abort error code, the exit code of a rank that exited with one, or 1 (a rank that threw, or
        ended without MPI.Finalize); 124 on timeout; 2 for a bad command line.
        """;

    private MpjRun()
    {
    }

    /** Entry point of {@code bin/mpjrun}. */
    public static void main(final String[] argv)
    {
        System.exit(run(argv, System.out, System.err));
    }

    /**
     * Runs the launcher without exiting the JVM.
     *
     * @return the exit status.
     */
    public static int run(final String[] argv, final PrintStream out, final PrintStream err)
    {
        return run(argv, out, err, System.getenv());
    }

    /** Runs the launcher with {@code environment} in place of the process's own. */
    static int run(final String[] argv, final PrintStream out, final PrintStream err, final Map<String, String> environment)
    {
        final Options options;
        try
        {
            options = Options.parse(argv, environment);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("mpjrun: " + ex.getMessage());
            err.println("Try 'mpjrun --help'.");
            return USAGE_ERROR;
        }
        if (options.help)
        {
            out.print(USAGE);
            return 0;
        }
        if (options.helpConfig)
        {
            printConfig(out);
            return 0;
        }
        final int removed = removeLeftovers(options.properties);
        if (options.clean)
        {
            out.println("mpjrun: removed " + removed + " thing" + (removed == 1 ? "" : "s") + " left by jobs that were killed");
            return 0;
        }
        final JobSpec spec = new JobSpec(options.processes, options.device, apiClasspath(options.api), options.classpath,
            options.mainClass, options.programArgs, options.timeout);
        final JobResult result;
        try
        {
            result = launch(spec, options, environment, out, err);
        }
        catch (final OpenMpjException | IllegalArgumentException ex)
        {
            err.println("mpjrun: " + ex.getMessage());
            return USAGE_ERROR;
        }
        if (result.succeeded())
        {
            for (final JobState.Failure lost : result.rankFailures())
            {
                err.println("mpjrun: lost " + lost.message() + "; the job went on without it (-D" + Settings.SURVIVE_RANK_LOSS_PROP_NAME
                    + "=true)");
            }
        }
        else
        {
            final JobState.Failure failure = result.failure();
            err.println("mpjrun: job failed: " + failure.message());
            if (failure.cause() != null)
            {
                failure.cause().printStackTrace(err);
            }
        }
        err.flush();
        out.flush();
        return result.exitCode();
    }

    private static JobResult launch(final JobSpec spec, final Options options, final Map<String, String> environment,
        final PrintStream out, final PrintStream err)
    {
        final DeviceProvider provider = Devices.find(spec.device(), MpjRun.class.getClassLoader());
        if (provider.capabilities().inProcess())
        {
            if (options.hosts != null || options.prefix || !options.jvmOptions.isEmpty() || options.threads > 1)
            {
                throw new IllegalArgumentException("-hosts, -hostfile, -prefix, -jvmargs and -threads need a device whose ranks are processes"
                    + " (-dev tcp, shm or hybrid); the thread device runs every rank in this JVM");
            }
            for (final Map.Entry<String, String> property : options.properties.entrySet())
            {
                System.setProperty(property.getKey(), property.getValue());
            }
            return ThreadJob.run(spec);
        }
        if (options.threads > 1 && !provider.capabilities().threadRanks())
        {
            throw new IllegalArgumentException("-threads " + options.threads + " needs a device whose JVMs hold several ranks (-dev hybrid);"
                + " device '" + provider.name() + "' runs one rank per JVM");
        }
        final Map<String, String> properties = new LinkedHashMap<>(options.properties);
        if (options.threads > 1)
        {
            properties.put(LaunchEnvironment.THREADS_PROP_NAME, Integer.toString(options.threads));
            properties.put(LaunchEnvironment.RANKS_PROP_NAME, Integer.toString(spec.processes()));
        }
        final RankBlocks blocks = new RankBlocks(spec.processes(), options.threads);
        final JobSpec processSpec = new JobSpec(blocks.processes(), provider.name(), spec.apiClasspath(), spec.classpath(),
            spec.mainClass(), spec.args(), spec.timeout());
        return ProcessJob.run(processSpec,
            ProcessLaunch.of(properties, options.jvmOptions, options.hosts, options.oversubscribe, options.prefix, environment), out, err);
    }

    /** @return the class path of the API {@code api} names ({@code mpijava} or {@code ompi}), as {@code bin/mpjrun} passed it. */
    private static List<Path> apiClasspath(final String api)
    {
        return JobSpec.paths(System.getProperty("ompi".equals(api) ? OMPI_API_CLASSPATH_PROP_NAME : API_CLASSPATH_PROP_NAME, ""));
    }

    /** @return how many leftovers of killed jobs the devices removed from this host. */
    private static int removeLeftovers(final Map<String, String> properties)
    {
        int removed = 0;
        for (final DeviceProvider provider : Devices.all(MpjRun.class.getClassLoader()))
        {
            removed += provider.removeLeftovers(name -> properties.getOrDefault(name, System.getProperty(name)));
        }
        return removed;
    }

    private static void printConfig(final PrintStream out)
    {
        out.println("Tunables (set with -Dname=value on the mpjrun command line):");
        final List<ConfigOption> options = new ArrayList<>(Settings.allOptions());
        options.addAll(ProcessLaunch.configOptions());
        for (final ConfigOption option : options)
        {
            out.printf("  %-34s default %-10s %s%n", option.name(), option.defaultValue(), option.description());
        }
    }

    /** The parsed command line. */
    private static final class Options
    {
        int processes = 1;
        int threads = 1;
        String device = "thread";
        String api = "mpijava";
        List<Path> classpath = new ArrayList<>();
        Duration timeout;
        String mainClass;
        List<String> programArgs = new ArrayList<>();
        Map<String, String> properties = new LinkedHashMap<>();
        List<String> jvmOptions = new ArrayList<>();
        Hosts hosts;
        boolean oversubscribe;
        boolean prefix;
        boolean help;
        boolean helpConfig;
        boolean clean;

        static Options parse(final String[] argv, final Map<String, String> environment)
        {
            final Options options = new Options();
            String classpath = environment.getOrDefault("CLASSPATH", ".");
            int i = 0;
            while (i < argv.length && options.mainClass == null)
            {
                final String arg = argv[i++];
                switch (arg)
                {
                    case "-h", "-help", "--help" -> options.help = true;
                    case "--help-config" -> options.helpConfig = true;
                    case "--clean" -> options.clean = true;
                    case "-np", "-n" -> options.processes = positive(arg, value(argv, i++, arg));
                    case "-dev" -> options.device = value(argv, i++, arg);
                    case "-api" -> options.api = api(value(argv, i++, arg));
                    case "-threads" -> options.threads = positive(arg, value(argv, i++, arg));
                    case "-cp", "-classpath", "--class-path" -> classpath = value(argv, i++, arg);
                    case "-timeout" -> options.timeout = Duration.ofSeconds(positive(arg, value(argv, i++, arg)));
                    case "-jvmargs" -> options.jvmOptions.addAll(ProcessLaunch.words(value(argv, i++, arg)));
                    case "-prefix", "--tag-output" -> options.prefix = true;
                    case "-v", "--verbose" -> options.properties.put(DeviceContext.VERBOSE_PROP_NAME, "true");
                    case "-oversubscribe", "--oversubscribe" -> options.oversubscribe = true;
                    case "-hosts", "-host", "--host" -> options.hosts = Hosts.parseList(value(argv, i++, arg));
                    case "-hostfile", "--hostfile", "-machinefile" -> options.hosts = Hosts.readFile(Path.of(value(argv, i++, arg)));
                    default ->
                    {
                        if (arg.startsWith("-D") && arg.length() > 2)
                        {
                            final int equals = arg.indexOf('=');
                            if (equals < 0)
                            {
                                options.properties.put(arg.substring(2), "true");
                            }
                            else
                            {
                                options.properties.put(arg.substring(2, equals), arg.substring(equals + 1));
                            }
                        }
                        else if (arg.startsWith("-"))
                        {
                            throw new IllegalArgumentException("unknown option '" + arg + "'");
                        }
                        else
                        {
                            options.mainClass = arg;
                        }
                    }
                }
                if (options.help || options.helpConfig || options.clean)
                {
                    return options;
                }
            }
            if (options.mainClass == null)
            {
                throw new IllegalArgumentException("no main class given");
            }
            if (options.properties.containsKey(LaunchEnvironment.THREADS_PROP_NAME))
            {
                throw new IllegalArgumentException("give the ranks per JVM with -threads T, not -D" + LaunchEnvironment.THREADS_PROP_NAME);
            }
            if (options.hosts != null && options.threads >= 1 && options.processes >= 1)
            {
                // Says now, before anything starts, when the hosts cannot take the JVMs.
                options.hosts.place(new RankBlocks(options.processes, options.threads).processes(), options.oversubscribe);
            }
            for (; i < argv.length; i++)
            {
                options.programArgs.add(argv[i]);
            }
            options.classpath.addAll(JobSpec.paths(classpath));
            return options;
        }

        private static String value(final String[] argv, final int index, final String option)
        {
            if (index >= argv.length)
            {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return argv[index];
        }

        private static String api(final String name)
        {
            if (!"mpijava".equals(name) && !"ompi".equals(name))
            {
                throw new IllegalArgumentException("unknown API '" + name + "' for -api; expected mpijava (the mpiJava 1.2 API, the default)"
                    + " or ompi (Open MPI's Java API)");
            }
            return name;
        }

        private static int positive(final String option, final String text)
        {
            try
            {
                final int value = Integer.parseInt(text);
                if (value > 0)
                {
                    return value;
                }
            }
            catch (final NumberFormatException ignored)
            {
                // reported below, with the value
            }
            throw new IllegalArgumentException(option + " needs a whole number of at least 1, got '" + text + "'");
        }
    }
}
