package org.openmpj.objects;

import java.util.Arrays;

/**
 * The reading end of an ordered stream of object messages from one rank to this one (see {@link SentClasses}): the classes
 * the stream's messages named so far, by their numbers in the stream. Messages must be decoded in the order they were
 * written. A message's namings are taken before its objects are read, so that a message whose objects do not decode here
 * (a class this rank cannot load) still names its classes for the messages after it. A class is looked up by this rank's
 * loader when an object of it first arrives.
 *
 * <p>Thread-safety: none; one thread at a time reads from a stream.
 */
public final class ReceivedClasses
{
    private byte[][] names = new byte[8][];
    private long[] serialVersionUids = new long[8];
    private int[] layoutHashes = new int[8];
    private ClassLayout[] layouts = new ClassLayout[8];
    private int count;

    /** Takes the naming of the stream's next class: its name in {@code bytes[start .. start+length)}, its UID and layout hash. */
    void name(final byte[] bytes, final int start, final int length, final long serialVersionUid, final int layoutHash)
    {
        if (count == names.length)
        {
            names = Arrays.copyOf(names, 2 * count);
            serialVersionUids = Arrays.copyOf(serialVersionUids, 2 * count);
            layoutHashes = Arrays.copyOf(layoutHashes, 2 * count);
            layouts = Arrays.copyOf(layouts, 2 * count);
        }
        names[count] = Arrays.copyOfRange(bytes, start, start + length);
        serialVersionUids[count] = serialVersionUid;
        layoutHashes[count] = layoutHash;
        count++;
    }

    /**
     * @return the layout of the stream's class number {@code index}, found by {@code resolver}.
     * @throws MalformedObjectsException when no message named it, this rank cannot load it, or it differs here.
     */
    ClassLayout layout(final int index, final ClassResolver resolver)
    {
        if (index >= count)
        {
            throw new MalformedObjectsException("class " + index + " of the stream referred to, but only " + count + " were named");
        }
        ClassLayout layout = layouts[index];
        if (layout == null)
        {
            final byte[] name = names[index];
            layout = ObjectReader.sameAsSent(resolver.layoutOf(name, 0, name.length), serialVersionUids[index], layoutHashes[index]);
            layouts[index] = layout;
        }
        return layout;
    }
}
