package org.openmpj.device;

/**
 * The envelope of a message found by a probe: who sent it, with which tag, how many bytes it holds, and its
 * first {@link #HEAD_BYTES} bytes (so that a layer above can read a header of its own without receiving).
 * Mutable and reused by its owner; not thread-safe.
 */
public final class ProbeResult
{
    /** How many leading bytes of the message a probe copies. */
    public static final int HEAD_BYTES = 8;

    private final byte[] head = new byte[HEAD_BYTES];
    private int headLength;
    private int source;
    private int tag;
    private long byteCount;

    /** Fills in the envelope of a found message. */
    public void set(final int source, final int tag, final long byteCount)
    {
        this.source = source;
        this.tag = tag;
        this.byteCount = byteCount;
    }

    /** @return the array holding the first {@link #headLength()} bytes of the message; devices fill it. */
    public byte[] head()
    {
        return head;
    }

    /** @return how many bytes of {@link #head()} hold the message's first bytes: its size, at most {@link #HEAD_BYTES}. */
    public int headLength()
    {
        return headLength;
    }

    /** Records that the first {@code length} bytes of the message are in {@link #head()}. */
    public void setHeadLength(final int length)
    {
        this.headLength = length;
    }

    /** @return the envelope source (communicator rank of the sender). */
    public int source()
    {
        return source;
    }

    /** @return the tag. */
    public int tag()
    {
        return tag;
    }

    /** @return the message size in bytes. */
    public long byteCount()
    {
        return byteCount;
    }
}
