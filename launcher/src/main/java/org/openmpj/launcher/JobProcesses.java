package org.openmpj.launcher;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.openmpj.runtime.RankBlocks;

/**
 * The processes of one job, and the guarantee that none outlives the launcher: a shutdown hook stops them all (TERM,
 * then KILL) when the launcher's JVM ends before the job does — interrupted, or killed with TERM. Once the hook has
 * run, no process is started any more.
 *
 * <p>Thread-safety: safe for concurrent use by the launcher's thread and the shutdown hook.
 */
final class JobProcesses implements AutoCloseable
{
    private final List<LaunchedProcess> processes = new ArrayList<>();
    private final long killAfterMs;
    private final Thread hook;
    private boolean stopping;

    /** @param killAfterMs how long processes get between TERM and KILL. */
    JobProcesses(final long killAfterMs)
    {
        this.killAfterMs = killAfterMs;
        this.hook = new Thread(this::stopAll, "mpjrun-stop-ranks");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Starts a process of the job (see {@link LaunchedProcess#start}) unless the job is being stopped.
     *
     * @throws IOException when it cannot be started, or the job is stopping.
     */
    LaunchedProcess start(final int rank, final RankBlocks blocks, final String host, final ProcessBuilder builder, final String input)
        throws IOException
    {
        synchronized (this)
        {
            if (stopping)
            {
                throw new IOException("the job is being stopped");
            }
            // Started under the lock, so that a concurrent stop sees every process.
            final LaunchedProcess process = LaunchedProcess.start(rank, blocks, host, builder, input);
            processes.add(process);
            return process;
        }
    }

    /** @return the processes started so far, in order. */
    synchronized List<LaunchedProcess> all()
    {
        return List.copyOf(processes);
    }

    /** Ends every process of the job and what it started: TERM, then KILL after the grace given at construction. */
    void stopAll()
    {
        final List<LaunchedProcess> started;
        synchronized (this)
        {
            stopping = true;
            started = List.copyOf(processes);
        }
        final List<LaunchedProcess> alive = new ArrayList<>();
        for (final LaunchedProcess process : started)
        {
            if (process.anyAlive())
            {
                alive.add(process);
            }
        }
        if (!alive.isEmpty())
        {
            LaunchedProcess.stopAll(alive, killAfterMs);
        }
    }

    /** Stops whatever still runs and removes the shutdown hook. */
    @Override
    public void close()
    {
        stopAll();
        try
        {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        catch (final IllegalStateException ex)
        {
            // The JVM is shutting down: the hook is running or has run.
        }
    }
}
