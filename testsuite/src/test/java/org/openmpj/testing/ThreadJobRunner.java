package org.openmpj.testing;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.RankLayout;
import org.openmpj.runtime.ThreadJob;

/**
 * Runs programs in this JVM, each rank a thread loading the API and the program through its own loader, on the
 * thread device or on any other device named (e.g. {@code tcp}, whose ranks then talk over sockets), optionally told
 * that they are spread over processes and hosts, as a hybrid job is.
 */
public final class ThreadJobRunner implements JobRunner
{
    private final String device;
    private final int ranksPerProcess;
    private final int processesPerHost;

    /** Runs jobs on the thread device. */
    public ThreadJobRunner()
    {
        this("thread");
    }

    /** Runs jobs on {@code device}, with every rank a thread of this JVM. */
    public ThreadJobRunner(final String device)
    {
        this(device, 0, 0);
    }

    /**
     * Runs jobs on {@code device}, with every rank a thread of this JVM but told that the ranks are spread in blocks:
     * {@code ranksPerProcess} to a process, {@code processesPerHost} processes to a host.
     */
    public ThreadJobRunner(final String device, final int ranksPerProcess, final int processesPerHost)
    {
        this.device = device;
        this.ranksPerProcess = ranksPerProcess;
        this.processesPerHost = processesPerHost;
    }

    @Override
    public JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final JobSpec spec = new JobSpec(processes, device, List.of(locationOf(mpi.MPI.class)),
            List.of(locationOf(program)), program.getName(), List.of(args), timeout);
        return ThreadJob.run(spec, ranksPerProcess == 0 ? null : RankLayout.blocks(processes, ranksPerProcess, processesPerHost));
    }

    @Override
    public String device()
    {
        return device;
    }

    /** @return the classpath entry (directory or jar) {@code type} was loaded from. */
    public static Path locationOf(final Class<?> type)
    {
        try
        {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException("cannot locate the classes of " + type, ex);
        }
    }
}
