package org.openmpj.objects;

import java.util.Arrays;

/**
 * The handles a writer gave the objects of one message, by identity. A message's first few objects are kept in a short
 * list searched one by one, so that a message of a handful of objects takes no identity hash: computing the first one of
 * an object stores it in the object's header, an atomic update, and most messages are new objects. The others go in open
 * addressing over an array sized to a power of two, with the slots in use remembered so that {@link #clear()} costs what
 * the message used, not what the largest message left behind. Not thread-safe: one per writer.
 */
final class IdentityHandles
{
    /** How many objects a message keeps in the list searched one by one. */
    private static final int LISTED = 8;
    private static final int FIRST_CAPACITY = 64;
    /** Tables larger than this, left by a message of very many objects, are let go rather than kept for the next. */
    private static final int LARGEST_KEPT_CAPACITY = 1 << 16;

    private Object[] keys = new Object[FIRST_CAPACITY];
    private int[] values = new int[FIRST_CAPACITY];
    private int[] used = new int[FIRST_CAPACITY / 2];
    private int size;
    private final Object[] listed = new Object[LISTED];
    private final int[] listedHandles = new int[LISTED];
    private int listedCount;

    /** @return the handle of {@code object}, or -1 after giving it {@code handle} when it had none. */
    int putIfAbsent(final Object object, final int handle)
    {
        for (int i = 0; i < listedCount; i++)
        {
            if (listed[i] == object)
            {
                return listedHandles[i];
            }
        }
        if (listedCount < LISTED)
        {
            listed[listedCount] = object;
            listedHandles[listedCount++] = handle;
            return -1;
        }
        return putInTable(object, handle);
    }

    private int putInTable(final Object object, final int handle)
    {
        final int mask = keys.length - 1;
        int slot = mix(System.identityHashCode(object)) & mask;
        for (Object key = keys[slot]; key != null; key = keys[slot])
        {
            if (key == object)
            {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        if ((size + 1) * 2 > keys.length)
        {
            grow();
            slot = mix(System.identityHashCode(object)) & (keys.length - 1);
            while (keys[slot] != null)
            {
                slot = (slot + 1) & (keys.length - 1);
            }
        }
        keys[slot] = object;
        values[slot] = handle;
        used[size++] = slot;
        return -1;
    }

    /** Forgets every object, so that none stays reachable from here after its message. */
    void clear()
    {
        Arrays.fill(listed, 0, listedCount, null);
        listedCount = 0;
        if (keys.length > LARGEST_KEPT_CAPACITY)
        {
            keys = new Object[FIRST_CAPACITY];
            values = new int[FIRST_CAPACITY];
            used = new int[FIRST_CAPACITY / 2];
        }
        else if (size > keys.length / 4 && keys.length > FIRST_CAPACITY)
        {
            Arrays.fill(keys, null);
        }
        else
        {
            for (int i = 0; i < size; i++)
            {
                keys[used[i]] = null;
            }
        }
        size = 0;
    }

    private void grow()
    {
        final Object[] oldKeys = keys;
        final int[] oldValues = values;
        final int capacity = oldKeys.length * 2;
        keys = new Object[capacity];
        values = new int[capacity];
        used = new int[capacity / 2];
        final int mask = capacity - 1;
        int count = 0;
        for (int i = 0; i < oldKeys.length; i++)
        {
            final Object key = oldKeys[i];
            if (key != null)
            {
                int slot = mix(System.identityHashCode(key)) & mask;
                while (keys[slot] != null)
                {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = key;
                values[slot] = oldValues[i];
                used[count++] = slot;
            }
        }
    }

    /** Spreads identity hashes, whose low bits alone cluster, over the table. */
    private static int mix(final int hash)
    {
        final int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
