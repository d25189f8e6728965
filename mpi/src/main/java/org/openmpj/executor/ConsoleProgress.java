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
