package org.openmpj.executor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The future of a pool's task. A thread that waits for it with {@link #get()} or {@link #join()} receives the pool's
 * outcomes itself while no other thread does, instead of sleeping until the dispatcher's thread has received its outcome
 * and woken it: a wake-up costs more than the whole round trip of a small task. Waits with a time limit, and the stages a
 * program attaches, wait as for any {@link CompletableFuture}.
 *
 * <p>A thread that receives for the pool completes the futures of other tasks whose outcomes come first, and runs the
 * stages attached to them without {@code Async}. A thread interrupted before it waits does not receive, and {@code get} throws
 * {@code InterruptedException} at once; one interrupted while it receives answers once its own task is done.
 *
 * @param <T> the task's result.
 */
final class PoolFuture<T> extends CompletableFuture<T>
{
    private final Dispatcher dispatcher;

    PoolFuture(final Dispatcher dispatcher)
    {
        this.dispatcher = dispatcher;
    }

    @Override
    public T get() throws InterruptedException, ExecutionException
    {
        dispatcher.receiveUntilDone(this);
        return super.get();
    }

    @Override
    public T join()
    {
        dispatcher.receiveUntilDone(this);
        return super.join();
    }

    /** Stages attached to this future are plain futures: only the task's own future receives for the pool. */
    @Override
    public <U> CompletableFuture<U> newIncompleteFuture()
    {
        return new CompletableFuture<>();
    }
}
