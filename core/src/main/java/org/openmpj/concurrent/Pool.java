package org.openmpj.concurrent;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Spent objects kept for reuse, so that a hot path allocates nothing in steady state: {@link #take} hands back the one
 * given last, or a new one; {@link #give} keeps one until the pool holds {@code limit}, and leaves the rest to the
 * collector. Its room grows as objects come back, so a pool that is never full costs little.
 *
 * <p>Thread-safety: none; its owner guards it (a lock, or the one thread that uses it).
 *
 * @param <T> the objects kept; the owner clears one before it gives it back.
 */
public final class Pool<T>
{
    private static final int FIRST_ROOM = 16;

    private final Supplier<T> factory;
    private final int limit;
    private Object[] spare;
    private int count;

    /**
     * @param limit   the most objects kept.
     * @param factory makes an object when none is kept.
     */
    public Pool(final int limit, final Supplier<T> factory)
    {
        if (limit < 1)
        {
            throw new IllegalArgumentException("a pool keeps at least one object, not " + limit);
        }
        this.factory = factory;
        this.limit = limit;
        this.spare = new Object[Math.min(limit, FIRST_ROOM)];
    }

    /** @return the object given back last, or a new one when none is kept. */
    public T take()
    {
        if (count == 0)
        {
            return factory.get();
        }
        @SuppressWarnings("unchecked")
        final T item = (T)spare[--count];
        spare[count] = null;
        return item;
    }

    /** Keeps {@code item} for a later {@link #take}, unless the pool already holds its limit. */
    public void give(final T item)
    {
        if (count == spare.length)
        {
            if (count == limit)
            {
                return;
            }
            spare = Arrays.copyOf(spare, (int)Math.min(limit, 2L * count));
        }
        spare[count++] = item;
    }

    /** @return the objects kept now. */
    public int kept()
    {
        return count;
    }
}
