package org.openmpj.matching;

import org.openmpj.Primitive;
import org.openmpj.concurrent.Pool;

/**
 * The frames a connection could not pass on yet, in the order they were written, with a pool of spent frames so that
 * a backlog allocates nothing in steady state.
 *
 * <p>Thread-safety: none; the connection's writer uses it under its lock.
 */
public final class FrameBacklog
{
    /** The most spent frames kept: as many as a backlog of small frames holds while a peer is slow to read. */
    private static final int SPENT_FRAMES_KEPT = 4096;

    private OutFrame head;
    private OutFrame tail;
    private final Pool<OutFrame> spent = new Pool<>(SPENT_FRAMES_KEPT, OutFrame::new);

    /** @return a frame with these fields and nothing passed on yet, from the pool when it has one; not queued. */
    public OutFrame obtain(
        final byte type, final int flags, final int context, final int source, final int tag, final long byteCount,
        final long id, final long aux, final Object payload, final Primitive payloadKind, final int payloadOffset,
        final long payloadBytes, final SendRequest done)
    {
        final OutFrame frame = spent.take();
        frame.type = type;
        frame.flags = flags;
        frame.context = context;
        frame.source = source;
        frame.tag = tag;
        frame.byteCount = byteCount;
        frame.id = id;
        frame.aux = aux;
        frame.payload = payload;
        frame.payloadKind = payloadKind;
        frame.payloadOffset = payloadOffset;
        frame.payloadBytes = payloadBytes;
        frame.staged = 0;
        frame.done = done;
        return frame;
    }

    /** Queues {@code frame} after every frame queued before it. */
    public void append(final OutFrame frame)
    {
        if (tail == null)
        {
            head = frame;
        }
        else
        {
            tail.next = frame;
        }
        tail = frame;
    }

    /** @return the oldest queued frame, taken off the queue; null when none is queued. */
    public OutFrame poll()
    {
        final OutFrame next = head;
        if (next != null)
        {
            head = next.next;
            if (head == null)
            {
                tail = null;
            }
            next.next = null;
        }
        return next;
    }

    /** Returns a frame that was passed on whole to the pool. */
    public void recycle(final OutFrame frame)
    {
        frame.clear();
        spent.give(frame);
    }
}
