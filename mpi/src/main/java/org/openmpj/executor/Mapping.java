package org.openmpj.executor;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A function applied to a stream of inputs on a pool's workers, with back-pressure: inputs are taken from their stream only
 * as results are taken from the results' stream, so that at most {@code window} tasks are submitted and not yet consumed.
 * Results come in the inputs' order, or as they complete. Closing the results' stream cancels what is still queued.
 *
 * @param <I> the input's type.
 * @param <O> the result's type.
 */
final class Mapping<I, O> implements Iterator<O>
{
    private final MpiExecutor pool;
    private final Iterator<I> inputs;
    private final TaskFunction<I, O> function;
    private final int window;
    private final boolean ordered;
    /** The futures submitted and not yet consumed, in input order. */
    private final ArrayDeque<CompletableFuture<O>> pending = new ArrayDeque<>();
    /** As completed: futures in the order they completed. */
    private final LinkedBlockingQueue<CompletableFuture<O>> completed = new LinkedBlockingQueue<>();

    private Mapping(final MpiExecutor pool, final Stream<I> inputs, final TaskFunction<I, O> function, final int window,
        final boolean ordered)
    {
        this.pool = pool;
        this.inputs = inputs.iterator();
        this.function = function;
        this.window = window;
        this.ordered = ordered;
    }

    static <I, O> Stream<O> stream(final MpiExecutor pool, final Stream<I> inputs, final TaskFunction<I, O> function,
        final int window, final boolean ordered)
    {
        final Mapping<I, O> mapping = new Mapping<>(pool, inputs, function, window, ordered);
        final Spliterator<O> results = Spliterators.spliteratorUnknownSize(mapping, ordered ? Spliterator.ORDERED : 0);
        return StreamSupport.stream(results, false).onClose(mapping::cancelRest).onClose(inputs::close);
    }

    @Override
    public boolean hasNext()
    {
        fill();
        return !pending.isEmpty();
    }

    @Override
    public O next()
    {
        if (!hasNext())
        {
            throw new NoSuchElementException("every input has been mapped");
        }
        final CompletableFuture<O> next = ordered ? pending.poll() : takeCompleted();
        if (!ordered)
        {
            pending.remove(next);
        }
        fill();
        try
        {
            return next.join();
        }
        catch (final CompletionException failed)
        {
            // What the task threw, as the executor's futures give it: a RemoteTaskException or a WorkerLostException.
            throw failed.getCause() instanceof RuntimeException cause ? cause : failed;
        }
    }

    /** Submits inputs until the window is full or the inputs have run out. */
    private void fill()
    {
        while (pending.size() < window && inputs.hasNext())
        {
            final I input = inputs.next();
            final CompletableFuture<O> future = pool.submit(new PoolMessages.Applied<>(function, input));
            pending.add(future);
            if (!ordered)
            {
                future.whenComplete((value, thrown) -> completed.add(future));
            }
        }
    }

    private CompletableFuture<O> takeCompleted()
    {
        try
        {
            return completed.take();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new CompletionException("interrupted while waiting for a result of map", ex);
        }
    }

    private void cancelRest()
    {
        for (final CompletableFuture<O> future : pending)
        {
            future.cancel(false);
        }
        pending.clear();
    }
}
