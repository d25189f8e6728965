package org.openmpj.executor;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** The first of several futures to succeed, for {@code invokeAny}: it fails, with the last failure, only when all fail. */
final class FirstSuccess
{
    private FirstSuccess()
    {
    }

    static <T> CompletableFuture<T> of(final List<Future<T>> futures)
    {
        final CompletableFuture<T> first = new CompletableFuture<>();
        final AtomicInteger failed = new AtomicInteger();
        for (final Future<T> future : futures)
        {
            ((CompletableFuture<T>)future).whenComplete((value, thrown) ->
            {
                if (thrown == null)
                {
                    first.complete(value);
                }
                else if (failed.incrementAndGet() == futures.size())
                {
                    first.completeExceptionally(thrown);
                }
            });
        }
        return first;
    }
}
