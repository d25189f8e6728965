package org.openmpj.executor;

/**
 * Told how far a pool has come, at most once per interval while its tasks come back and once when it ends; called on the
 * pool's dispatching thread, so it must return quickly.
 */
@FunctionalInterface
public interface ProgressListener
{
    /** Called with the pool's progress now. */
    void onProgress(PoolProgress progress);
}
