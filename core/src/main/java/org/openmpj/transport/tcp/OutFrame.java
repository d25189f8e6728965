package org.openmpj.transport.tcp;

import org.openmpj.device.Primitive;
import org.openmpj.matching.SendRequest;

/** A frame waiting for the socket to take it: its header fields and a reference to its payload. Pooled per connection. */
final class OutFrame
{
    byte type;
    int flags;
    int context;
    int source;
    int tag;
    long byteCount;
    long id;
    long aux;
    Object payload;
    Primitive payloadKind;
    int payloadOffset;
    long payloadBytes;
    /** Payload bytes copied to the staging buffer so far. */
    long staged;
    SendRequest done;
    OutFrame next;

    void clear()
    {
        payload = null;
        done = null;
        next = null;
    }
}
