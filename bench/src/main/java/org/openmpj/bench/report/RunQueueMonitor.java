package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Samples how many tasks are runnable (the fourth field of {@code /proc/loadavg}) while the benchmarks run.
 * A benchmark keeps two threads running and the sampler is a third; more than that means something else
 * wanted the cores and the numbers of that moment are suspect. Sleeps between samples, so it costs nothing
 * measurable.
 */
public final class RunQueueMonitor implements AutoCloseable
{
    /** The two busy-spinning benchmark threads and the sampler itself. */
    private static final int EXPECTED_RUNNING = 3;
    private static final long INTERVAL_MILLIS = 250;
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private final AtomicInteger samples = new AtomicInteger();
    private final AtomicInteger crowded = new AtomicInteger();
    private final AtomicInteger mostRunning = new AtomicInteger();
    private final Thread sampler;

    /** Starts sampling. */
    public RunQueueMonitor()
    {
        sampler = Thread.ofPlatform().daemon().name("run-queue-monitor").start(this::sampleUntilInterrupted);
    }

    /** @return a one-line summary, e.g. {@code more than 3 runnable tasks in 2 of 300 samples (most 7)}. */
    public String summary()
    {
        if (samples.get() == 0)
        {
            return "not sampled (no /proc/loadavg)";
        }
        return String.format(Locale.ROOT, "more than %d runnable tasks in %d of %d samples, every %d ms (most %d)",
            EXPECTED_RUNNING, crowded.get(), samples.get(), INTERVAL_MILLIS, mostRunning.get());
    }

    /** Stops sampling. */
    @Override
    public void close()
    {
        sampler.interrupt();
        try
        {
            sampler.join();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void sampleUntilInterrupted()
    {
        try
        {
            while (!Thread.currentThread().isInterrupted())
            {
                final int running = runningTasks();
                if (running < 0)
                {
                    return;
                }
                samples.incrementAndGet();
                mostRunning.accumulateAndGet(running, Math::max);
                if (running > EXPECTED_RUNNING)
                {
                    crowded.incrementAndGet();
                }
                Thread.sleep(INTERVAL_MILLIS);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** @return the runnable tasks now, or -1 when {@code /proc/loadavg} cannot be read. */
    private static int runningTasks()
    {
        try
        {
            final String[] fields = Files.readString(LOADAVG).trim().split("\\s+");
            return Integer.parseInt(fields[3].substring(0, fields[3].indexOf('/')));
        }
        catch (final IOException | RuntimeException ex)
        {
            return -1;
        }
    }
}
