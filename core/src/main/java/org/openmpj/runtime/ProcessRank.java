package org.openmpj.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

import org.openmpj.device.Device;

/**
 * The main class of a rank process that {@code mpjrun} starts: runs the program's {@code main} and turns the ways
 * a rank can fail (an exception out of {@code main}, returning without {@code MPI.Finalize}) into the process's
 * exit status and a report on standard error, so that the launcher and, through the ending process, every other
 * rank learn of it.
 */
public final class ProcessRank
{
    /** How long a failing rank waits, after printing its cause, before it asks the launcher to end the job. */
    private static final long OUTPUT_GRACE_MS = 300;

    private ProcessRank()
    {
    }

    /**
     * Entry point: {@code ProcessRank MainClass [program arguments...]}.
     *
     * @param argv the program's main class, then its arguments.
     */
    public static void main(final String[] argv)
    {
        if (argv.length == 0)
        {
            System.err.println("ProcessRank: no main class given; usage: ProcessRank MainClass [arguments...]");
            System.exit(2);
        }
        final String mainClass = argv[0];
        final String[] args = Arrays.copyOfRange(argv, 1, argv.length);
        final int threads;
        try
        {
            threads = Settings.threadsPerProcess();
        }
        catch (final IllegalArgumentException ex)
        {
            end(2, "cannot start: " + ex.getMessage(), null);
            return;
        }
        if (threads > 1)
        {
            try
            {
                HostedRanks.run(mainClass, args);
            }
            catch (final RuntimeException ex)
            {
                end(1, "cannot start its " + threads + " ranks: " + ex.getMessage(), ex);
            }
            return;
        }
        final Method main;
        try
        {
            main = ThreadJob.findMain(mainClass, ClassLoader.getSystemClassLoader());
        }
        catch (final ReflectiveOperationException | LinkageError ex)
        {
            end(1, "cannot start " + mainClass + ": " + ex.getMessage(), null);
            return;
        }
        try
        {
            main.invoke(null, (Object)args);
        }
        catch (final InvocationTargetException ex)
        {
            end(1, "failed: " + ex.getCause(), ex.getCause());
            return;
        }
        catch (final ReflectiveOperationException ex)
        {
            end(1, "cannot run " + mainClass + ".main: " + ex.getMessage(), ex);
            return;
        }
        final RankContext rank = RankRegistry.processRank();
        if (rank != null && rank.isInitialized() && !rank.isFinalized())
        {
            end(1, "returned from main after MPI.Init without calling MPI.Finalize", null);
        }
    }

    private static void pause(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private static void end(final int exitCode, final String what, final Throwable cause)
    {
        final RankContext rank = RankRegistry.processRank();
        final String who = rank != null ? "rank " + rank.rank() : "a rank";
        fail(exitCode, who + " " + what, cause, rank != null ? rank.manager() : null);
    }

    /** Tells the peers of every rank of this process, through its device, why the process is about to end. */
    private static void announce(final String report)
    {
        for (final RankContext rank : RankRegistry.processRanks())
        {
            final Device device = rank.device();
            if (device != null && rank.isInitialized() && !rank.isFinalized())
            {
                try
                {
                    device.announceFailure(report);
                }
                catch (final RuntimeException ex)
                {
                    // The peers still learn of the end itself.
                }
            }
        }
    }

    /**
     * Ends this process because it fails the job: prints {@code report} (and the stack of {@code cause}), tells the process
     * manager, if any, and halts with {@code exitCode}.
     */
    static void fail(final int exitCode, final String report, final Throwable cause, final ProcessManager manager)
    {
        if (cause != null)
        {
            cause.printStackTrace();
        }
        System.err.println("openmpj: " + report);
        System.err.flush();
        if (manager != null)
        {
            // An abort makes the launcher end the job at once; Hydra then drops what it has not yet read of the
            // rank's output, which would lose the cause just printed. Its proxy reads the pipes continually, so a
            // moment's head start is enough.
            pause(OUTPUT_GRACE_MS);
            manager.abort(exitCode, report);
        }
        // After the abort, so that the launcher hears of this failure before the peers' own, which it provokes.
        announce(report);
        System.out.flush();
        // halt, not exit: the program's own threads or shutdown hooks must not keep a failed rank alive.
        Runtime.getRuntime().halt(exitCode);
    }
}
