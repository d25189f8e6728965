package org.openmpj.matching;

import java.util.Arrays;

/**
 * Requests waiting for a peer's answer, by id. An id is the slot index in its low 32 bits and the slot's use
 * count in its high bits, so a stale or forged id finds nothing instead of another request.
 *
 * <p>Thread-safety: synchronized; every method is short.
 */
final class PendingTable<T>
{
    private Object[] slots = new Object[16];
    private int[] uses = new int[16];
    private int[] free = new int[16];
    private int freeCount;
    private int used;
    /** Values held, readable without the lock. */
    private volatile int held;

    synchronized long add(final T value)
    {
        final int slot;
        if (freeCount > 0)
        {
            slot = free[--freeCount];
        }
        else
        {
            if (used == slots.length)
            {
                slots = Arrays.copyOf(slots, used * 2);
                uses = Arrays.copyOf(uses, used * 2);
                free = Arrays.copyOf(free, used * 2);
            }
            slot = used++;
        }
        slots[slot] = value;
        held++;
        return ((long)uses[slot] << 32) | slot;
    }

    /** @return whether no value is held; a hint, stale at once, as another thread may add or remove one. */
    boolean isEmpty()
    {
        return held == 0;
    }

    /** @return the value under {@code id}, left in place, or null when there is none. */
    @SuppressWarnings("unchecked")
    synchronized T get(final long id)
    {
        final int slot = (int)id;
        if (slot < 0 || slot >= used || slots[slot] == null || uses[slot] != (int)(id >>> 32))
        {
            return null;
        }
        return (T)slots[slot];
    }

    /** @return the value under {@code id}, removed, or null when there is none. */
    @SuppressWarnings("unchecked")
    synchronized T remove(final long id)
    {
        final int slot = (int)id;
        if (slot < 0 || slot >= used || slots[slot] == null || uses[slot] != (int)(id >>> 32))
        {
            return null;
        }
        final T value = (T)slots[slot];
        slots[slot] = null;
        uses[slot]++;
        free[freeCount++] = slot;
        held--;
        return value;
    }
}
