package org.openmpj.executor;

import java.util.concurrent.Callable;

/**
 * A task the root accepted: its number, the task, the future its submitter holds, and the worker it is on.
 *
 * @param <T> the result's type.
 */
final class Submitted<T>
{
    final long number;
    final Callable<T> task;
    final PoolFuture<T> future;
    /** The worker's rank while the task is in flight; written and read under the dispatcher's lock. */
    int rank = -1;
    /** Which of the root's assignment messages the task went in; written and read under the dispatcher's lock. */
    long message;

    Submitted(final long number, final Callable<T> task, final Dispatcher dispatcher)
    {
        this.number = number;
        this.task = task;
        this.future = new PoolFuture<>(dispatcher);
    }

    /** Runs the task in the calling thread, for a caller that takes back the tasks a pool never ran. */
    void runHere()
    {
        try
        {
            task.call();
        }
        catch (final Exception ex)
        {
            throw new java.util.concurrent.CompletionException(ex);
        }
    }

    @SuppressWarnings("unchecked")
    void succeed(final Object value)
    {
        future.complete((T)value);
    }

    void fail(final Throwable failure)
    {
        future.completeExceptionally(failure);
    }
}
