package org.openmpj.testing;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.openmpj.runtime.JobResult;

/**
 * Runs jobs through another runner with some system properties set for the job's length, as {@code mpjrun -D} sets them
 * for thread ranks, e.g. a device's tunable; the properties had before are put back afterwards.
 */
public final class PropertiesJobRunner implements JobRunner
{
    private final JobRunner runner;
    private final Map<String, String> properties;

    /** Runs jobs through {@code runner} with {@code properties} set. */
    public PropertiesJobRunner(final JobRunner runner, final Map<String, String> properties)
    {
        this.runner = runner;
        this.properties = Map.copyOf(properties);
    }

    @Override
    public JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final Map<String, String> before = new HashMap<>();
        properties.forEach((name, value) -> before.put(name, System.setProperty(name, value)));
        try
        {
            return runner.run(processes, program, timeout, args);
        }
        finally
        {
            before.forEach(PropertiesJobRunner::restore);
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
        return runner.device() + " " + properties;
    }
}
