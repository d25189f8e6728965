package org.openmpj.bench;

import java.util.ArrayList;
import java.util.List;

/** The message sizes of a ping-pong run: 1 B, then every power of two up to the largest, inclusive. */
public final class MessageSizes
{
    private MessageSizes()
    {
    }

    /**
     * @param maxBytes the largest size, at least 1.
     * @return 1, 2, 4, ... up to {@code maxBytes}; it is the last one only when it is a power of two.
     */
    public static int[] upTo(final int maxBytes)
    {
        if (maxBytes < 1)
        {
            throw new IllegalArgumentException("maxBytes=" + maxBytes + "; expected at least 1");
        }
        final List<Integer> sizes = new ArrayList<>();
        for (long bytes = 1; bytes <= maxBytes; bytes *= 2)
        {
            sizes.add((int)bytes);
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }
}
