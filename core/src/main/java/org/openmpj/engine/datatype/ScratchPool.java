package org.openmpj.engine.datatype;

import org.openmpj.Primitive;

/**
 * Scratch arrays for packing messages of non-contiguous datatypes, kept for reuse so that a steady stream of
 * such messages allocates none once warm. Each element kind has a few slots; an acquired array is at least as
 * long as asked (lengths are rounded up to a power of two so that one array serves messages of similar sizes)
 * and is handed back with {@link #release} once no operation uses it. Arrays larger than a limit are not kept,
 * to bound the memory a pool holds on to.
 *
 * <p>Thread-safety: safe for concurrent use. The engine is loaded once per JVM, so {@link #SHARED} serves every
 * rank of its JVM: thread ranks share it, and it keeps twice the slots one rank needed when each had its own.
 */
public final class ScratchPool
{
    /** The pool of the ranks of this JVM. */
    public static final ScratchPool SHARED = new ScratchPool(16, 16 << 20);

    private static final int SMALLEST = 64;
    private static final int LARGEST_POWER_OF_TWO = 1 << 30;

    private final Object[][] free = new Object[Primitive.values().length][];
    private final long largestKeptBytes;

    /**
     * @param slots            how many free arrays of each kind are kept.
     * @param largestKeptBytes arrays larger than this are dropped on release rather than kept.
     */
    ScratchPool(final int slots, final long largestKeptBytes)
    {
        for (int i = 0; i < free.length; i++)
        {
            free[i] = new Object[slots];
        }
        this.largestKeptBytes = largestKeptBytes;
    }

    /** @return an array of {@code kind} with at least {@code length} elements, its contents undefined. */
    public Object acquire(final Primitive kind, final int length)
    {
        final Object[] slots = free[kind.ordinal()];
        synchronized (slots)
        {
            int best = -1;
            for (int i = 0; i < slots.length; i++)
            {
                if (slots[i] != null && kind.length(slots[i]) >= length && (best < 0 || kind.length(slots[i]) < kind.length(slots[best])))
                {
                    best = i;
                }
            }
            if (best >= 0)
            {
                final Object array = slots[best];
                slots[best] = null;
                return array;
            }
        }
        return kind.newArray(capacityFor(length));
    }

    /** Hands back an array {@link #acquire} returned; the caller must not use it afterwards. */
    public void release(final Primitive kind, final Object array)
    {
        final int length = kind.length(array);
        if ((long)length * kind.sizeBytes() > largestKeptBytes)
        {
            return;
        }
        final Object[] slots = free[kind.ordinal()];
        synchronized (slots)
        {
            int smallest = -1;
            for (int i = 0; i < slots.length; i++)
            {
                if (slots[i] == null)
                {
                    slots[i] = array;
                    return;
                }
                if (smallest < 0 || kind.length(slots[i]) < kind.length(slots[smallest]))
                {
                    smallest = i;
                }
            }
            if (kind.length(slots[smallest]) < length)
            {
                slots[smallest] = array;
            }
        }
    }

    private static int capacityFor(final int length)
    {
        if (length <= SMALLEST)
        {
            return SMALLEST;
        }
        return length > LARGEST_POWER_OF_TWO ? length : Integer.highestOneBit(length - 1) << 1;
    }
}
