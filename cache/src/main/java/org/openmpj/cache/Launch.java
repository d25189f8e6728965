package org.openmpj.cache;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import mpi.MPI;
import org.openmpj.device.ConfigOption;

/**
 * Runs a program with MPJ-Cache: every rank joins the cache, the server of each node group serves it, and every other
 * rank runs the program's {@code main}.
 *
 * <pre>
 *   mpjrun -np 129 -cp app.jar org.openmpj.cache.Launch --config cache.properties [--group-size K] [--stats] -- MyApp args
 * </pre>
 *
 * The program runs with MPI already initialized (it calls neither {@code MPI.Init} nor {@code MPI.Finalize}), finds
 * its cache with {@link MpjCache#current()}, and talks to the other client ranks over {@link MpjCache#clients()}, not
 * {@code MPI.COMM_WORLD}, which holds the servers too.
 */
public final class Launch
{
    private static final String USAGE = "usage: org.openmpj.cache.Launch [--config FILE] [--group-size K] [--stats] [--help-config] "
        + "-- MainClass [args...]";

    private Launch()
    {
    }

    public static void main(final String[] args) throws Throwable
    {
        Path configFile = null;
        String groupSize = null;
        boolean stats = false;
        int next = 0;
        while (next < args.length && args[next].startsWith("--"))
        {
            final String option = args[next++];
            switch (option)
            {
                case "--" ->
                {
                    run(configOf(configFile, groupSize, stats), Arrays.copyOfRange(args, next, args.length));
                    return;
                }
                case "--config" -> configFile = Path.of(valueOf(option, args, next++));
                case "--group-size" -> groupSize = valueOf(option, args, next++);
                case "--stats" -> stats = true;
                case "--help-config" ->
                {
                    printOptions();
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
            }
        }
        run(configOf(configFile, groupSize, stats), Arrays.copyOfRange(args, next, args.length));
    }

    private static CacheConfig configOf(final Path file, final String groupSize, final boolean stats)
    {
        CacheConfig config = file == null ? CacheConfig.fromSystemProperties() : CacheConfig.load(file);
        if (groupSize != null)
        {
            config = config.with(CacheConfig.GROUP_SIZE_PROP_NAME, groupSize);
            config.groupSize();
        }
        return stats ? config.with(CacheConfig.STATS_PROP_NAME, "true") : config;
    }

    private static void run(final CacheConfig config, final String[] program) throws Throwable
    {
        if (program.length == 0)
        {
            throw new IllegalArgumentException("no program to run: name its main class after the options\n" + USAGE);
        }
        final Method main = findMain(program[0]);
        MPI.Init(program);
        final MpjCache cache = MpjCache.join(MPI.COMM_WORLD, config);
        // Not closed on an exception: closing waits for every client, which may be waiting for this one. The exception
        // leaves at once instead and fails the job, and with it every other rank's next call.
        if (cache.isServer())
        {
            cache.serve();
        }
        else
        {
            invoke(main, Arrays.copyOfRange(program, 1, program.length));
        }
        cache.close();
        MPI.Finalize();
    }

    private static String valueOf(final String option, final String[] args, final int at)
    {
        if (at >= args.length)
        {
            throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
        }
        return args[at];
    }

    private static Method findMain(final String className)
    {
        final ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
            ? Thread.currentThread().getContextClassLoader() : Launch.class.getClassLoader();
        try
        {
            final Method main = Class.forName(className, true, loader).getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers()))
            {
                throw new IllegalArgumentException(className + ".main is not static");
            }
            return main;
        }
        catch (final ClassNotFoundException ex)
        {
            throw new IllegalArgumentException("program class " + className + " is not on the classpath", ex);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalArgumentException(className + " has no public static void main(String[])", ex);
        }
    }

    private static void invoke(final Method main, final String[] args) throws Throwable
    {
        try
        {
            main.invoke(null, (Object) args);
        }
        catch (final InvocationTargetException ex)
        {
            throw ex.getCause();
        }
    }

    /** Prints every setting, once per job (it runs under mpjrun too, where every rank must finalize). */
    private static void printOptions()
    {
        MPI.Init(new String[0]);
        if (MPI.COMM_WORLD.Rank() != 0)
        {
            MPI.Finalize();
            return;
        }
        final List<ConfigOption> options = CacheConfig.options();
        System.out.println("MPJ-Cache settings (a properties file given with --config, or -D system properties):");
        for (final ConfigOption option : options)
        {
            System.out.println(String.format(java.util.Locale.ROOT, "  %-42s %-14s %s", option.name(), option.defaultValue(),
                option.description()));
        }
        MPI.Finalize();
    }
}
