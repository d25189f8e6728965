package org.openmpj.device;

/**
 * The envelope of a message found by a probe: who sent it, with which tag, and how many bytes it holds.
 * Mutable and reused by its owner; not thread-safe.
 */
public final class ProbeResult
{
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
