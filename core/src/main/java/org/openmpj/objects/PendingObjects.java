package org.openmpj.objects;

import java.util.Arrays;

/**
 * The objects of a graph whose references (fields, or elements of an array) are still to be written or read, a stack
 * that the writer and reader keep instead of recursing on the thread's stack: a chain of a million objects then costs
 * a few arrays, not a {@code StackOverflowError}. Not thread-safe: one per writer or reader.
 */
final class PendingObjects
{
    private Object[] objects = new Object[32];
    private FieldAccess[] accesses = new FieldAccess[32];
    private int[] nextIndex = new int[32];
    private int[] counts = new int[32];
    private int depth;

    /** @return how many objects wait. */
    int depth()
    {
        return depth;
    }

    /** Puts an object with {@code count} references on top; nothing for none. {@code access} is null for an array. */
    void push(final Object pending, final FieldAccess access, final int count)
    {
        if (count == 0)
        {
            return;
        }
        if (depth == objects.length)
        {
            objects = Arrays.copyOf(objects, 2 * depth);
            accesses = Arrays.copyOf(accesses, 2 * depth);
            nextIndex = Arrays.copyOf(nextIndex, 2 * depth);
            counts = Arrays.copyOf(counts, 2 * depth);
        }
        objects[depth] = pending;
        accesses[depth] = access;
        nextIndex[depth] = 0;
        counts[depth] = count;
        depth++;
    }

    /**
     * Takes the next reference index of the top object, dropping objects that have none left.
     *
     * @return the index, or -1 when no object above {@code base} waits any more.
     */
    int nextReference(final int base)
    {
        while (depth > base)
        {
            final int top = depth - 1;
            final int next = nextIndex[top];
            if (next < counts[top])
            {
                nextIndex[top] = next + 1;
                return next;
            }
            objects[top] = null;
            depth = top;
        }
        return -1;
    }

    /** @return the top object. */
    Object top()
    {
        return objects[depth - 1];
    }

    /** @return the top object's field access, null when it is an array. */
    FieldAccess topAccess()
    {
        return accesses[depth - 1];
    }

    /** Forgets every object, so that none stays reachable from here after its message. */
    void clear()
    {
        Arrays.fill(objects, 0, depth, null);
        depth = 0;
    }
}
