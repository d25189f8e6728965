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
    /** Payload bytes passed on so far: copied to the staging buffer, or sent straight from the payload array. */
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
