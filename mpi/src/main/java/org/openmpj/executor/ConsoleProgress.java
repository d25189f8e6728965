package org.openmpj.executor;

import org.openmpj.runtime.Settings;

/**
 * The progress lines a pool's root prints on its standard error every {@value Settings#POOL_PROGRESS_PROP_NAME} seconds
 * while tasks come back, and a last one when a pool that printed ends: a short pool prints nothing.
 */
final class ConsoleProgress implements ProgressListener
{
    private final int rank;
    private boolean printed;

    ConsoleProgress(final int rank)
    {
        this.rank = rank;
    }

    /** @return the seconds between lines, as {@value Settings#POOL_PROGRESS_PROP_NAME} says; 0 for none. */
    static long intervalSeconds()
    {
        final String text = System.getProperty(Settings.POOL_PROGRESS_PROP_NAME, Long.toString(Settings.POOL_PROGRESS_DEFAULT_S));
        try
        {
            final long seconds = Long.parseLong(text.trim());
            if (seconds >= 0 && seconds <= 86_400)
            {
                return seconds;
            }
        }
        catch (final NumberFormatException ex)
        {
            // Said below, with the value.
        }
        throw new IllegalArgumentException(Settings.POOL_PROGRESS_PROP_NAME + "=" + text
            + " is not a number of seconds; expected a whole number from 0 (no lines) to 86400");
    }

    @Override
    public void onProgress(final PoolProgress progress)
    {
        final boolean ended = progress.done() == progress.submitted();
        if (ended && !printed)
        {
            return;
        }
        printed = true;
        System.err.println("openmpj: task pool of rank " + rank + ": " + progress);
    }
}
