package org.openmpj.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openmpj.runtime.RankBlocks;

/**
 * One process the launcher started — a rank's JVM, the remote shell that runs a rank on another host, or {@code
 * srun} — and how to end it with everything it started: TERM to the process and its descendants, then KILL to
 * those still alive after a grace. Descendants are noted before the first signal, since once their parent is gone
 * they no longer count as its descendants.
 *
 * <p>Thread-safety: safe for concurrent use; the launcher's shutdown hook may stop processes while the launcher waits.
 */
final class LaunchedProcess
{
    private final int rank;
    /** How the job's ranks fall to its processes, to name this one's. */
    private final RankBlocks blocks;
    private final String host;
    private final Process process;
    private final List<ProcessHandle> tree = new ArrayList<>();
    private boolean stoppedByLauncher;

    private LaunchedProcess(final int rank, final RankBlocks blocks, final String host, final Process process)
    {
        this.rank = rank;
        this.blocks = blocks;
        this.host = host;
        this.process = process;
    }

    /**
     * Starts {@code builder}'s command; when {@code input} is not null it is written to the process's standard input,
     * which then stays open until {@link #terminate()}; otherwise standard input is empty.
     *
     * @param rank            the rank it runs (its index among the job's processes), or -1 for a process that runs them all.
     * @param blocks          how the job's ranks fall to its processes.
     * @param host            the host the rank runs on, or null for this one.
     */
    static LaunchedProcess start(final int rank, final RankBlocks blocks, final String host, final ProcessBuilder builder, final String input)
        throws IOException
    {
        if (input == null)
        {
            builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        }
        final Process process = builder.start();
        if (input != null)
        {
            try
            {
                final OutputStream stdin = process.getOutputStream();
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            }
            catch (final IOException ex)
            {
                // The remote shell ended at once; its exit code tells why.
            }
        }
        return new LaunchedProcess(rank, blocks, host, process);
    }

    /** @return the rank it runs, or -1. */
    int rank()
    {
        return rank;
    }

    /** @return the underlying process, for its output streams and its end. */
    Process process()
    {
        return process;
    }

    /** @return {@code rank R}, or {@code JVM P (ranks F to L)} for a process of several ranks, and {@code (on host H)}. */
    String describe()
    {
        return blocks.describe(rank) + (host == null ? "" : " (on host " + host + ")");
    }

    /** @return whether the launcher stopped it before it ended by itself. */
    synchronized boolean stoppedByLauncher()
    {
        return stoppedByLauncher;
    }

    /** Sends TERM to the process and to every process it started, and closes its standard input. */
    synchronized void terminate()
    {
        if (process.isAlive())
        {
            stoppedByLauncher = true;
        }
        process.descendants().forEach(tree::add);
        try
        {
            process.getOutputStream().close();
        }
        catch (final IOException ex)
        {
            // Closing is how a remote rank learns to end; if the pipe is broken, it has learnt already.
        }
        process.destroy();
        tree.forEach(ProcessHandle::destroy);
    }

    /** Sends KILL to the process and to every process noted when it was terminated, or started since. */
    synchronized void kill()
    {
        process.descendants().forEach(tree::add);
        process.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
    }

    /** @return whether the process or any process it started is still running. */
    synchronized boolean anyAlive()
    {
        if (process.isAlive())
        {
            return true;
        }
        for (final ProcessHandle handle : tree)
        {
            if (handle.isAlive())
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Ends every process of {@code processes}: TERM at once, KILL to whatever is alive after {@code killAfterMs}, then
     * waits up to a second for them to be gone.
     */
    static void stopAll(final List<LaunchedProcess> processes, final long killAfterMs)
    {
        for (final LaunchedProcess process : processes)
        {
            process.terminate();
        }
        awaitGone(processes, killAfterMs);
        for (final LaunchedProcess process : processes)
        {
            if (process.anyAlive())
            {
                process.kill();
            }
        }
        awaitGone(processes, 1000);
    }

    private static void awaitGone(final List<LaunchedProcess> processes, final long limitMs)
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMs);
        final List<ProcessHandle> handles = new ArrayList<>();
        for (final LaunchedProcess process : processes)
        {
            handles.add(process.process.toHandle());
            synchronized (process)
            {
                handles.addAll(process.tree);
            }
        }
        for (final ProcessHandle handle : handles)
        {
            final long leftNs = deadline - System.nanoTime();
            if (leftNs <= 0)
            {
                return;
            }
            try
            {
                handle.onExit().get(leftNs, TimeUnit.NANOSECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return;
            }
            catch (final java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException ex)
            {
                return;
            }
        }
    }
}
