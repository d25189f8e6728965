package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.Primitive;

/**
 * The per-thread scratch of collectives: reuse, nesting, and what happens to arrays after a failure or when huge.
 * Each test runs on a thread of its own, so that it starts with a fresh scratch whatever another test left behind.
 */
@Timeout(30)
class ScratchTest
{
    @Test
    void aThreadGetsTheSameArraysCollectiveAfterCollective() throws InterruptedException
    {
        onFreshThread(() ->
        {
            final Scratch first = Scratch.lease();
            final Object a = first.first(Primitive.DOUBLE, 100);
            final Object b = first.second(Primitive.DOUBLE, 100);
            first.end(true);
            final Scratch again = Scratch.lease();
            assertSame(first, again);
            assertSame(a, again.first(Primitive.DOUBLE, 50));
            assertSame(b, again.second(Primitive.DOUBLE, 100));
            assertNotSame(a, b);
            again.end(true);
        });
    }

    @Test
    void aCompletedNonBlockingCollectiveHandsItsArraysToTheNext()
    {
        // Take whatever spares earlier tests left, so that the next one taken is the one handed back here.
        for (int i = 0; i < 8; i++)
        {
            Scratch.unshared();
        }
        final Scratch completed = Scratch.unshared();
        final Object array = completed.first(Primitive.DOUBLE, 1000);
        completed.recycle();
        final Scratch next = Scratch.unshared();
        assertSame(completed, next);
        assertSame(array, next.first(Primitive.DOUBLE, 1000));
        assertNotSame(next, Scratch.unshared(), "a scratch is handed to one collective at a time");
    }

    @Test
    void aScratchHandedBackTwiceGoesToOneCollectiveOnly()
    {
        for (int i = 0; i < 8; i++)
        {
            Scratch.unshared();
        }
        final Scratch completed = Scratch.unshared();
        // Two threads that both saw the collective complete hand its scratch back.
        completed.recycle();
        completed.recycle();
        assertSame(completed, Scratch.unshared());
        assertNotSame(completed, Scratch.unshared(), "a scratch is handed to one collective at a time");
        completed.recycle();
        assertSame(completed, Scratch.unshared(), "taken again, it may be handed back again");
    }

    @Test
    void aCollectiveInsideAnotherGetsScratchOfItsOwn() throws InterruptedException
    {
        onFreshThread(() ->
        {
            final Scratch outer = Scratch.lease();
            final Object outerArray = outer.first(Primitive.INT, 10);
            final Scratch inner = Scratch.lease();
            assertNotSame(outer, inner);
            assertNotSame(outerArray, inner.first(Primitive.INT, 10));
            inner.end(true);
            assertSame(outerArray, outer.first(Primitive.INT, 10));
            outer.end(true);
        });
    }

    @Test
    void aFailedCollectiveGivesUpItsArraysForPendingSendsMayStillReadThem() throws InterruptedException
    {
        onFreshThread(() ->
        {
            final Scratch scratch = Scratch.lease();
            final Object array = scratch.first(Primitive.LONG, 10);
            scratch.end(false);
            final Scratch next = Scratch.lease();
            assertNotSame(array, next.first(Primitive.LONG, 10));
            next.end(true);
        });
    }

    @Test
    void arraysAboveTheLimitLastOneCollectiveOnly() throws InterruptedException
    {
        onFreshThread(() ->
        {
            final int huge = (int)(Scratch.KEPT_BYTES_MAX / Primitive.BYTE.sizeBytes()) + 1;
            final Scratch scratch = Scratch.lease();
            final Object array = scratch.first(Primitive.BYTE, huge);
            assertSame(array, scratch.first(Primitive.BYTE, huge), "kept for the rest of the collective");
            final Object small = scratch.second(Primitive.BYTE, 10);
            scratch.end(true);
            final Scratch next = Scratch.lease();
            final Object again = next.first(Primitive.BYTE, 10);
            assertNotSame(array, again);
            assertTrue(((byte[])again).length < huge);
            assertSame(small, next.second(Primitive.BYTE, 10));
            next.end(true);
        });
    }

    private static void onFreshThread(final Runnable test) throws InterruptedException
    {
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread thread = new Thread(() ->
        {
            try
            {
                test.run();
            }
            catch (final Throwable ex)
            {
                failure.set(ex);
            }
        });
        thread.start();
        thread.join();
        if (failure.get() instanceof AssertionError assertion)
        {
            throw assertion;
        }
        if (failure.get() != null)
        {
            throw new AssertionError(failure.get());
        }
    }
}
