package org.openmpj.cache.service;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Progress of a long preload or push on the console: a line every few seconds while it runs, and one when it ends.
 * Thread-safe.
 */
final class Progress
{
    private static final long PRINT_EVERY_NS = TimeUnit.SECONDS.toNanos(2);
    private static final double MIB = 1 << 20;

    private final PrintStream console;
    private final String what;
    private final int totalFiles;
    private final long startNs = System.nanoTime();
    private long lastPrintNs = startNs;
    private int files;
    private long bytes;

    Progress(final PrintStream console, final String what, final int totalFiles)
    {
        this.console = console;
        this.what = what;
        this.totalFiles = totalFiles;
    }

    /** Counts one more file of {@code sizeBytes} done, printing a line when the last one is a few seconds old. */
    synchronized void fileDone(final long sizeBytes)
    {
        files++;
        bytes += sizeBytes;
        final long now = System.nanoTime();
        if (now - lastPrintNs >= PRINT_EVERY_NS && files < totalFiles)
        {
            lastPrintNs = now;
            console.println(line("at"));
        }
    }

    /** Prints the closing line. */
    synchronized void finished(final int failures)
    {
        console.println(line("done,") + (failures == 0 ? "" : ", " + failures + " failed"));
    }

    private String line(final String state)
    {
        final double seconds = (System.nanoTime() - startNs) / 1e9;
        return String.format(Locale.ROOT, "%s %s %d of %d files, %.1f MiB in %.1f s (%.1f MiB/s)", what, state, files, totalFiles,
            bytes / MIB, seconds, seconds > 0 ? bytes / MIB / seconds : 0.0);
    }
}
