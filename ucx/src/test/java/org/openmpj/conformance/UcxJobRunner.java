package org.openmpj.conformance;

import java.time.Duration;

import org.openmpj.runtime.JobResult;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;
import org.openmpj.ucx.UcxDeviceProvider;

/**
 * Runs jobs on the ucx device with every rank a thread of this JVM, each with its own UCX worker, restricted to the UCX
 * transports given (as {@code UCX_TLS} takes them), so that one JVM tests UCX's shared memory and its TCP alike.
 */
final class UcxJobRunner implements JobRunner
{
    private final JobRunner threads = new ThreadJobRunner("ucx");
    private final String transports;

    /** @param transports UCX's transports, e.g. {@code sm,self} or {@code tcp,self}. */
    UcxJobRunner(final String transports)
    {
        this.transports = transports;
    }

    @Override
    public JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final String before = System.getProperty(UcxDeviceProvider.TLS_PROP_NAME);
        System.setProperty(UcxDeviceProvider.TLS_PROP_NAME, transports);
        try
        {
            return threads.run(processes, program, timeout, args);
        }
        finally
        {
            if (before == null)
            {
                System.clearProperty(UcxDeviceProvider.TLS_PROP_NAME);
            }
            else
            {
                System.setProperty(UcxDeviceProvider.TLS_PROP_NAME, before);
            }
        }
    }

    @Override
    public String device()
    {
        return "ucx (" + transports + ")";
    }
}
