package org.openmpj.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;

/**
 * Runs a job whose ranks are threads of this JVM, each with its own class loader. Ends when every rank's
 * {@code main} has returned, or, after the first failure, once the other ranks have unwound (their waits
 * fail at once) or a grace period has passed.
 */
public final class ThreadJob
{
    /** How long ranks get to unwind after a failure before the job is reported without them. */
    private static final long UNWIND_GRACE_NS = 5_000_000_000L;
    private static final long POLL_MS = 20;

    private ThreadJob()
    {
    }

    /** Runs {@code spec} to its end. */
    public static JobResult run(final JobSpec spec)
    {
        return run(spec, null);
    }

    /**
     * Runs {@code spec} to its end, with its ranks told that they are spread over processes and hosts as {@code layout}
     * says (null: all are threads of this JVM), so that a device that picks a transport by where a peer runs can be tried
     * with every transport inside one JVM.
     */
    public static JobResult run(final JobSpec spec, final RankLayout layout)
    {
        final int size = spec.processes();
        final DeviceProvider provider = Devices.find(spec.device(), ThreadJob.class.getClassLoader());
        final JobState job = new JobState();
        final IdleStrategy idle = Settings.threadJobIdleStrategy(size);
        final Map<String, Object> jobShared = new ConcurrentHashMap<>();
        final URL[] urls = toUrls(spec.apiClasspath(), spec.classpath());

        final RankContext[] contexts = new RankContext[size];
        final RankClassLoader[] loaders = new RankClassLoader[size];
        final Thread[] threads = new Thread[size];
        for (int rank = 0; rank < size; rank++)
        {
            loaders[rank] = new RankClassLoader(rank, urls, ThreadJob.class.getClassLoader());
            contexts[rank] = new RankContext(rank, size, provider, job, idle, jobShared, loaders[rank], null);
            if (layout != null)
            {
                contexts[rank].setLayout(layout);
            }
            RankRegistry.register(loaders[rank], contexts[rank]);
            final RankContext context = contexts[rank];
            final RankClassLoader loader = loaders[rank];
            threads[rank] = new Thread(() -> runRank(context, loader, spec.mainClass(), spec.args(), job), "rank-" + rank);
            threads[rank].setContextClassLoader(loader);
            // Daemon: a rank stuck in its own code must not keep the JVM alive after the job is reported.
            threads[rank].setDaemon(true);
        }
        try
        {
            for (final Thread thread : threads)
            {
                thread.start();
            }
            final boolean allEnded = awaitRanks(threads, job, spec.timeout(), UNWIND_GRACE_NS);
            final JobState.Failure failure = job.failure();
            if (allEnded)
            {
                for (final RankClassLoader loader : loaders)
                {
                    closeQuietly(loader);
                }
            }
            return new JobResult(failure == null ? 0 : failure.exitCode(), failure, job.rankFailures());
        }
        finally
        {
            for (int rank = 0; rank < size; rank++)
            {
                RankRegistry.unregister(loaders[rank]);
                contexts[rank].close();
            }
        }
    }

    /**
     * Waits for the ranks' {@code threads} to end. Once {@code job} has failed (or outlived {@code timeout}, null for none, which
     * fails it), the others get {@code unwindGraceNs} to unwind, which they do at their next wait.
     *
     * @return true when every thread ended, false when the grace ran out first or this thread was interrupted.
     */
    static boolean awaitRanks(final Thread[] threads, final JobState job, final Duration timeout, final long unwindGraceNs)
    {
        final long start = System.nanoTime();
        final long timeoutNs = timeout == null ? Long.MAX_VALUE : timeout.toNanos();
        long failedAtNs = 0;
        while (true)
        {
            boolean anyAlive = false;
            for (final Thread thread : threads)
            {
                try
                {
                    thread.join(POLL_MS);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    job.fail(new JobState.Failure(-1, "the launcher was interrupted", ex, 1));
                    return false;
                }
                anyAlive |= thread.isAlive();
            }
            if (!anyAlive)
            {
                return true;
            }
            final long now = System.nanoTime();
            if (now - start > timeoutNs && job.failure() == null)
            {
                if (job.fail(new JobState.Failure(-1, "the job did not finish within its timeout of " + timeout.toSeconds()
                    + " s; ranks still running: " + running(threads) + "\n" + stacks(threads), null, 124)))
                {
                    // Ranks waiting in MPI calls now fail; those asleep or parked in their own code are woken to unwind.
                    for (final Thread thread : threads)
                    {
                        thread.interrupt();
                    }
                }
            }
            if (job.failure() != null)
            {
                if (failedAtNs == 0)
                {
                    failedAtNs = now;
                }
                else if (now - failedAtNs > unwindGraceNs)
                {
                    return false;
                }
            }
        }
    }

    /** @return where each rank thread still running is: its name and stack, for a job that outlived its timeout. */
    static String stacks(final Thread[] threads)
    {
        final StringBuilder stacks = new StringBuilder();
        for (final Thread thread : threads)
        {
            if (thread.isAlive())
            {
                stacks.append(thread.getName()).append(" (").append(thread.getState()).append("):\n");
                for (final StackTraceElement frame : thread.getStackTrace())
                {
                    stacks.append("\tat ").append(frame).append('\n');
                }
            }
        }
        return stacks.toString();
    }

    /**
     * Runs one rank's {@code main} through its own loader; a failure, or returning without {@code MPI.Finalize}, fails
     * {@code job} naming the rank.
     */
    static void runRank(final RankContext context, final ClassLoader loader, final String mainClass, final List<String> args,
        final JobState job)
    {
        final int rank = context.rank();
        try
        {
            final Method main = findMain(mainClass, loader);
            main.invoke(null, (Object)args.toArray(String[]::new));
            if (context.isInitialized() && !context.isFinalized())
            {
                job.rankFailed(new JobState.Failure(rank, "rank " + rank + " returned from main after MPI.Init without calling MPI.Finalize",
                    null, 1));
            }
        }
        catch (final InvocationTargetException ex)
        {
            final Throwable cause = ex.getCause();
            job.rankFailed(new JobState.Failure(rank, "rank " + rank + " failed: " + cause, cause, 1));
        }
        catch (final ReflectiveOperationException | LinkageError ex)
        {
            job.rankFailed(new JobState.Failure(rank, "rank " + rank + " cannot start " + mainClass + ": " + ex.getMessage(), null, 1));
        }
        catch (final RuntimeException ex)
        {
            job.rankFailed(new JobState.Failure(rank, "rank " + rank + " failed: " + ex, ex, 1));
        }
    }

    static Method findMain(final String className, final ClassLoader loader) throws ReflectiveOperationException
    {
        final Class<?> mainClass;
        try
        {
            mainClass = Class.forName(className, true, loader);
        }
        catch (final ClassNotFoundException ex)
        {
            throw new ClassNotFoundException("class " + className + " is not on the classpath", ex);
        }
        final Method main;
        try
        {
            main = mainClass.getMethod("main", String[].class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new NoSuchMethodException("class " + className + " has no public static void main(String[] args)");
        }
        if (!Modifier.isStatic(main.getModifiers()))
        {
            throw new NoSuchMethodException("class " + className + ": main(String[]) is not static");
        }
        // The java launcher runs the main of a class that is not public, as many MPJ programs' classes are; so do we.
        main.setAccessible(true);
        return main;
    }

    private static String running(final Thread[] threads)
    {
        final List<String> names = new ArrayList<>();
        for (final Thread thread : threads)
        {
            if (thread.isAlive())
            {
                names.add(thread.getName());
            }
        }
        return String.join(", ", names);
    }

    static URL[] toUrls(final List<Path> first, final List<Path> second)
    {
        final List<URL> urls = new ArrayList<>();
        for (final List<Path> paths : List.of(first, second))
        {
            for (final Path path : paths)
            {
                try
                {
                    urls.add(path.toAbsolutePath().toUri().toURL());
                }
                catch (final MalformedURLException ex)
                {
                    throw new IllegalArgumentException("classpath entry " + path + " is not a valid location", ex);
                }
            }
        }
        return urls.toArray(URL[]::new);
    }

    private static void closeQuietly(final RankClassLoader loader)
    {
        try
        {
            loader.close();
        }
        catch (final java.io.IOException ignored)
        {
            // Closing only releases jar handles; a failure leaves them to the garbage collector.
        }
    }
}
