package org.openmpj.matching;

import org.openmpj.Primitive;

/**
 * Where the payload of the frame being read goes, as {@link PeerProtocol#onHeader} decides it: the first
 * {@link #keepBytes} bytes into {@link #array} from element {@link #elementOffset}, the rest of
 * {@link #totalBytes} read and dropped (a truncated message). One per connection, reused for every frame.
 */
public final class Landing
{
    Object array;
    Primitive kind = Primitive.BYTE;
    int elementOffset;
    long keepBytes;
    long totalBytes;

    RecvRequest recv;
    Unexpected entry;
    ContextQueues queues;
    int source;
    int tag;
    /** When the receive being landed cleared its rendezvous to be sent, by {@link System#nanoTime()}; 0 when it is not timed. */
    long clearedNanos;
    /** Whether the payload being landed is pulled rather than streamed; meaningful while {@link #clearedNanos} is set. */
    boolean pulled;

    /** @return the array, or memory segment, the kept bytes go to; null when there is no payload. */
    public Object array()
    {
        return array;
    }

    /** @return the element kind of {@link #array()}. */
    public Primitive kind()
    {
        return kind;
    }

    /** @return the element of {@link #array()} the payload's first byte lands at. */
    public int elementOffset()
    {
        return elementOffset;
    }

    /** @return where in {@link #array()} the payload's first byte lands, in bytes. */
    public long byteOffset()
    {
        return (long)elementOffset * kind.sizeBytes();
    }

    /** @return how many leading payload bytes are kept. */
    public long keepBytes()
    {
        return keepBytes;
    }

    /** @return how many payload bytes follow the header. */
    public long totalBytes()
    {
        return totalBytes;
    }

    void none()
    {
        array = null;
        keepBytes = 0;
        totalBytes = 0;
        recv = null;
        entry = null;
        queues = null;
        clearedNanos = 0;
    }

    void into(final Object target, final Primitive targetKind, final int offset, final long keep, final long total)
    {
        array = target;
        kind = targetKind;
        elementOffset = offset;
        keepBytes = keep;
        totalBytes = total;
        clearedNanos = 0;
    }
}
