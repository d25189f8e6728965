package org.openmpj.matching;

import org.openmpj.Primitive;

/**
 * A frame waiting for its connection to take it, a socket or a ring: its header fields and a reference to its payload.
 * Pooled per connection, and used by the connection's writer only, under its lock.
 */
public final class OutFrame
{
    public byte type;
    public int flags;
    public int context;
    public int source;
    public int tag;
    public long byteCount;
    public long id;
    public long aux;
    public Object payload;
    public Primitive payloadKind;
    public int payloadOffset;
    public long payloadBytes;
    /** Bytes of the frame passed on so far, as the connection counts them (the payload's, or the whole frame's). */
    public long staged;
    public SendRequest done;
    public OutFrame next;

    /** Drops the references to the payload and the send, so that a pooled frame holds nothing alive. */
    public void clear()
    {
        payload = null;
        done = null;
        next = null;
    }
}
