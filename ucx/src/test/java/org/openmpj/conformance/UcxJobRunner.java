package org.openmpj.conformance;

import java.time.Duration;

import org.openmpj.runtime.JobResult;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;
import org.openmpj.transport.hybrid.HybridDeviceProvider;
import org.openmpj.ucx.UcxDeviceProvider;

/**
 * Runs jobs with every rank a thread of this JVM, each with its own UCX worker, restricted to the UCX transports given (as
 * {@code UCX_TLS} takes them), so that one JVM tests UCX's shared memory and its TCP alike: on the ucx device, or on the
 * hybrid device with UCX as its network between the hosts the ranks are told they are on.
 */
final class UcxJobRunner implements JobRunner
{
    private final JobRunner threads;
    private final String transports;
    private final boolean hybrid;

    /** Runs jobs on the ucx device over UCX's {@code transports}, e.g. {@code sm,self} or {@code tcp,self}. */
    UcxJobRunner(final String transports)
    {
        this.threads = new ThreadJobRunner("ucx");
        this.transports = transports;
        this.hybrid = false;
    }

    /**
     * Runs jobs on the hybrid device, told that the ranks run {@code ranksPerProcess} to a process and {@code processesPerHost}
     * processes to a host, with UCX over {@code transports} between hosts.
     */
    UcxJobRunner(final String transports, final int ranksPerProcess, final int processesPerHost)
    {
        this.threads = new ThreadJobRunner("hybrid", ranksPerProcess, processesPerHost);
        this.transports = transports;
        this.hybrid = true;
    }

    @Override
    public JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final String tlsBefore = System.setProperty(UcxDeviceProvider.TLS_PROP_NAME, transports);
        final String networkBefore = hybrid ? System.setProperty(HybridDeviceProvider.NETWORK_PROP_NAME, "ucx") : null;
        try
        {
            return threads.run(processes, program, timeout, args);
        }
        finally
        {
            restore(UcxDeviceProvider.TLS_PROP_NAME, tlsBefore);
            if (hybrid)
            {
                restore(HybridDeviceProvider.NETWORK_PROP_NAME, networkBefore);
            }
        }
    }

    private static void restore(final String name, final String value)
    {
        if (value == null)
        {
            System.clearProperty(name);
        }
        else
        {
            System.setProperty(name, value);
        }
    }

    @Override
    public String device()
    {
        return (hybrid ? "hybrid over ucx (" : "ucx (") + transports + ")";
    }
}
