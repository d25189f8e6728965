package org.openmpj.objects;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The writing end of an ordered stream of object messages from one rank to one other: a stream whose receiver decodes its
 * messages in the order they were written, with the stream's {@link ReceivedClasses}. A class is named (name,
 * serialVersionUID, field layout) once, in the first message that holds an instance of it; later messages refer to it by
 * its number in the stream, so that a small object costs a few bytes instead of its class's name. Messages written without
 * a stream name their classes in each message, as a receiver may decode them in any order.
 *
 * <p>Thread-safety: none; one thread at a time writes on a stream. A message that does not come out in the compact encoding
 * (one that goes by Java serialization, or fails) names nothing: the classes it named are forgotten again.
 */
public final class SentClasses
{
    /** How many classes are found by a search of the list alone; a stream of more also keeps a map. */
    private static final int LISTED = 8;

    private ClassLayout[] named = new ClassLayout[LISTED];
    /** Classes named by messages written; those from {@code committed} to {@code count} belong to the message being written. */
    private int committed;
    private int count;
    private Map<ClassLayout, Integer> beyondListed;

    /** @return the number {@code layout} has in the stream, or -1 when no message named it. */
    int indexOf(final ClassLayout layout)
    {
        final int listed = Math.min(count, LISTED);
        for (int i = 0; i < listed; i++)
        {
            if (named[i] == layout)
            {
                return i;
            }
        }
        if (beyondListed == null)
        {
            return -1;
        }
        final Integer index = beyondListed.get(layout);
        return index == null ? -1 : index;
    }

    /** Names {@code layout} in the message being written; @return its number in the stream. */
    int name(final ClassLayout layout)
    {
        if (count == named.length)
        {
            named = Arrays.copyOf(named, 2 * named.length);
        }
        if (count >= LISTED)
        {
            if (beyondListed == null)
            {
                beyondListed = new IdentityHashMap<>();
            }
            beyondListed.put(layout, count);
        }
        named[count] = layout;
        return count++;
    }

    /** @return the number of the first class the message being written names. */
    int firstNamedNow()
    {
        return committed;
    }

    /** @return how many classes the stream has named, those of the message being written included. */
    int count()
    {
        return count;
    }

    ClassLayout layout(final int index)
    {
        return named[index];
    }

    /** The message being written is complete: the receiver learns its classes as it decodes it. */
    void commit()
    {
        committed = count;
    }

    /** The message being written will not be sent in the stream's encoding: the classes it named are unnamed again. */
    void forgetUncommitted()
    {
        for (int i = committed; i < count; i++)
        {
            if (beyondListed != null)
            {
                beyondListed.remove(named[i]);
            }
            named[i] = null;
        }
        count = committed;
    }
}
