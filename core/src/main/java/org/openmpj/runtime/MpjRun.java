package org.openmpj.runtime;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.openmpj.OpenMpjException;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;

/**
 * The {@code mpjrun} launcher: parses the command line, runs the job, reports the first failure and exits
 * with the job's exit code (0 for a clean job).
 */
public final class MpjRun
{
    /** System property through which {@code bin/mpjrun} names the API jar(s) loaded into every rank. */
    public static final String API_CLASSPATH_PROP_NAME = "openmpj.api.classpath";

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
          -cp, -classpath CP  where the program's classes are, separated by ':'; default $CLASSPATH or '.'.
          -timeout SECONDS    fail the job if it has not finished after this many seconds; default none.
          -Dname=value        set a tunable (see --help-config), e.g. -Dopenmpj.idle=backoff.
          --help-config       list every tunable with its default.
          -h, --help          show this help.

        Environment:
          JAVA_HOME           a JDK 25 or newer to run with.
          OPENMPJ_JVM_OPTS    options for the JVM, e.g. -Xmx8g.

        Exit status: 0 when every rank finished cleanly; the MPI.Abort error code, or 1, when a rank
        failed or aborted; 124 on timeout; 2 for a bad command line.
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
        final Options options;
        try
        {
            options = Options.parse(argv);
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
        for (final String[] property : options.properties)
        {
            System.setProperty(property[0], property[1]);
        }
        final JobSpec spec = new JobSpec(options.processes, options.device, apiClasspath(), options.classpath,
            options.mainClass, options.programArgs, options.timeout);
        final JobResult result;
        try
        {
            result = launch(spec);
        }
        catch (final OpenMpjException | IllegalArgumentException ex)
        {
            err.println("mpjrun: " + ex.getMessage());
            return USAGE_ERROR;
        }
        if (!result.succeeded())
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

    private static JobResult launch(final JobSpec spec)
    {
        final DeviceProvider provider = Devices.find(spec.device(), MpjRun.class.getClassLoader());
        if (!provider.name().equals("thread"))
        {
            throw new IllegalArgumentException("device " + provider.name() + " cannot be launched by this mpjrun yet");
        }
        return ThreadJob.run(spec);
    }

    private static List<Path> apiClasspath()
    {
        final List<Path> paths = new ArrayList<>();
        final String property = System.getProperty(API_CLASSPATH_PROP_NAME, "");
        for (final String entry : property.split(java.io.File.pathSeparator))
        {
            if (!entry.isBlank())
            {
                paths.add(Path.of(entry));
            }
        }
        return paths;
    }

    private static void printConfig(final PrintStream out)
    {
        out.println("Tunables (set with -Dname=value on the mpjrun command line):");
        for (final ConfigOption option : Settings.allOptions())
        {
            out.printf("  %-34s default %-10s %s%n", option.name(), option.defaultValue(), option.description());
        }
    }

    /** The parsed command line. */
    private static final class Options
    {
        int processes = 1;
        String device = "thread";
        List<Path> classpath = new ArrayList<>();
        Duration timeout;
        String mainClass;
        List<String> programArgs = new ArrayList<>();
        List<String[]> properties = new ArrayList<>();
        boolean help;
        boolean helpConfig;

        static Options parse(final String[] argv)
        {
            final Options options = new Options();
            String classpath = System.getenv().getOrDefault("CLASSPATH", ".");
            int i = 0;
            while (i < argv.length && options.mainClass == null)
            {
                final String arg = argv[i++];
                switch (arg)
                {
                    case "-h", "-help", "--help" -> options.help = true;
                    case "--help-config" -> options.helpConfig = true;
                    case "-np", "-n" -> options.processes = positive(arg, value(argv, i++, arg));
                    case "-dev" -> options.device = value(argv, i++, arg);
                    case "-cp", "-classpath", "--class-path" -> classpath = value(argv, i++, arg);
                    case "-timeout" -> options.timeout = Duration.ofSeconds(positive(arg, value(argv, i++, arg)));
                    default ->
                    {
                        if (arg.startsWith("-D") && arg.length() > 2)
                        {
                            final int equals = arg.indexOf('=');
                            options.properties.add(equals < 0
                                ? new String[] {arg.substring(2), "true"}
                                : new String[] {arg.substring(2, equals), arg.substring(equals + 1)});
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
                if (options.help || options.helpConfig)
                {
                    return options;
                }
            }
            if (options.mainClass == null)
            {
                throw new IllegalArgumentException("no main class given");
            }
            for (; i < argv.length; i++)
            {
                options.programArgs.add(argv[i]);
            }
            for (final String entry : classpath.split(java.io.File.pathSeparator))
            {
                if (!entry.isEmpty())
                {
                    options.classpath.add(Path.of(entry));
                }
            }
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
