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
    private final java.util.Map<String, String> properties;

    /** Runs jobs on the ucx device over UCX's {@code transports}, e.g. {@code sm,self} or {@code tcp,self}. */
    UcxJobRunner(final String transports)
    {
        this(transports, java.util.Map.of());
    }

    /** Runs jobs on the ucx device over UCX's {@code transports}, with these system properties set for each job. */
    UcxJobRunner(final String transports, final java.util.Map<String, String> properties)
    {
        this.threads = new ThreadJobRunner("ucx");
        this.transports = transports;
        this.hybrid = false;
        this.properties = java.util.Map.copyOf(properties);
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
        this.properties = java.util.Map.of(HybridDeviceProvider.NETWORK_PROP_NAME, "ucx");
    }

    @Override
    public JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final java.util.Map<String, String> all = new java.util.HashMap<>(properties);
        all.put(UcxDeviceProvider.TLS_PROP_NAME, transports);
        return new org.openmpj.testing.PropertiesJobRunner(threads, all).run(processes, program, timeout, args);
    }

    @Override
    public String device()
    {
        return (hybrid ? "hybrid over ucx (" : "ucx (") + transports + (properties.isEmpty() || hybrid ? "" : ", " + properties) + ")";
    }
}
