package org.openmpj.junit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;

/**
 * A rank JVM's watch on its test's deadline: a daemon thread that, if the test still runs then, writes the stacks of the
 * JVM's threads into the rank's report, so that the test JVM can tell where each rank hung before the launcher stops it.
 * The JVM's own threads (reference handler, signal dispatcher and the like) are left out: only the threads of the main
 * thread's group and its subgroups, where the test and the device run.
 *
 * <p>Thread-safety: started and stopped by the rank's main thread; runs in its own.
 */
final class StackWatch implements Runnable
{
    private final Path reports;
    private final int rank;
    private final long deadlineMillis;
    private final ThreadGroup watched;
    private final Thread thread;
    private volatile boolean stopped;

    private StackWatch(final Path reports, final int rank, final long deadlineMillis)
    {
        this.reports = reports;
        this.rank = rank;
        this.deadlineMillis = deadlineMillis;
        this.watched = Thread.currentThread().getThreadGroup();
        this.thread = new Thread(this, "openmpj-junit-stack-watch");
        // Daemon: the watch must never keep a rank JVM alive whose test is over.
        thread.setDaemon(true);
    }

    /**
     * Starts the watch; call it from the rank's main thread.
     *
     * @param reports        the report directory.
     * @param rank           the rank of this JVM.
     * @param deadlineMillis when the test's time is up, in milliseconds since the epoch (the test JVM's clock is this host's).
     */
    static StackWatch start(final Path reports, final int rank, final long deadlineMillis)
    {
        final StackWatch watch = new StackWatch(reports, rank, deadlineMillis);
        watch.thread.start();
        return watch;
    }

    /** Ends the watch: the test is over, before the deadline or not. */
    void stop()
    {
        stopped = true;
        thread.interrupt();
    }

    @Override
    public void run()
    {
        long leftMillis = deadlineMillis - System.currentTimeMillis();
        while (leftMillis > 0)
        {
            try
            {
                Thread.sleep(leftMillis);
            }
            catch (final InterruptedException ex)
            {
                return;
            }
            leftMillis = deadlineMillis - System.currentTimeMillis();
        }
        if (stopped)
        {
            return;
        }
        try
        {
            RankReports.writeStacks(reports, rank, stacks());
        }
        catch (final IOException ex)
        {
            // Stopped while writing, the test is over and the stacks are not wanted; else the test JVM will miss them.
            if (!stopped)
            {
                System.err.println("openmpj-junit: rank " + rank + " could not write its threads' stacks into " + reports + ": " + ex);
            }
        }
    }

    /** @return every watched thread's name, state and stack but this one's, in the order they were made. */
    private String stacks()
    {
        final StringBuilder stacks = new StringBuilder();
        final long pid = ProcessHandle.current().pid();
        Thread.getAllStackTraces().entrySet().stream()
            .filter(entry -> entry.getKey() != Thread.currentThread() && isWatched(entry.getKey().getThreadGroup()))
            .sorted(Comparator.comparingLong(entry -> entry.getKey().threadId()))
            .forEach(entry -> append(stacks, pid, entry));
        return stacks.toString();
    }

    private void append(final StringBuilder stacks, final long pid, final Map.Entry<Thread, StackTraceElement[]> entry)
    {
        final Thread watchedThread = entry.getKey();
        stacks.append("rank ").append(rank).append(" (JVM ").append(pid).append("), thread \"").append(watchedThread.getName())
            .append("\" (").append(watchedThread.getState()).append("):\n");
        for (final StackTraceElement frame : entry.getValue())
        {
            stacks.append("\tat ").append(frame).append('\n');
        }
    }

    private boolean isWatched(final ThreadGroup group)
    {
        for (ThreadGroup each = group; each != null; each = each.getParent())
        {
            if (each == watched)
            {
                return true;
            }
        }
        return false;
    }
}
