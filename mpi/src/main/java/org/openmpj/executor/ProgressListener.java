package org.openmpj.executor;

/**
 * Told how far a pool has come, at most once per interval while its tasks come back and once when it ends. It is called on
 * the pool's own thread, which looks every few milliseconds while tasks are out; a listener with an interval shorter than
 * that is called also by the thread that receives a task's outcome, before that task's future completes. Either way it
 * must return quickly. One call at a time.
 */
@FunctionalInterface
public interface ProgressListener
{
    /** Called with the pool's progress now. */
    void onProgress(PoolProgress progress);
}
