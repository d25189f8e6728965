package org.openmpj.testing;

import java.time.Duration;

import org.openmpj.runtime.JobResult;

/**
 * Runs jobs of ranks that are threads of this JVM with a system property set for the job's length, as
 * {@code -Dname=value} on {@code mpjrun}'s command line sets it for a job of JVMs. The property is the JVM's, so jobs of
 * one runner must not overlap jobs of another that reads it.
 */
public final class PropertyJobRunner implements JobRunner
{
    private final JobRunner runner;
    private final String name;
    private final String value;

    public PropertyJobRunner(final JobRunner runner, final String name, final String value)
    {
        this.runner = runner;
        this.name = name;
        this.value = value;
    }

    @Override
    public synchronized JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final String before = System.getProperty(name);
        System.setProperty(name, value);
        try
        {
            return runner.run(processes, program, timeout, args);
        }
        finally
        {
            if (before == null)
            {
                System.clearProperty(name);
            }
            else
            {
                System.setProperty(name, before);
            }
        }
    }

    @Override
    public String device()
    {
        return runner.device() + " with " + name + "=" + value;
    }
}
