package org.openmpj.ucx;

import org.openmpj.Primitive;
import org.openmpj.matching.SendRequest;

/**
 * A rendezvous payload larger than one piece, leaving in pieces: each is copied into a free slot and handed to UCX while
 * the one before moves. Pooled by the transport.
 */
final class ChunkedSend
{
    UcxPeer peer;
    long recvId;
    Object payload;
    Primitive kind;
    int elementOffset;
    long totalBytes;
    /** Bytes handed to UCX so far. */
    long nextByte;
    /** Pieces UCX has not finished with. */
    int outstanding;
    /** Whether its pieces move by UCX's rendezvous (slot-sized) rather than by its eager copies. */
    boolean rendezvous;
    SendRequest done;
    /** Whether it waits in the transport's list for a free slot. */
    boolean waiting;
    ChunkedSend next;

    void clear()
    {
        peer = null;
        payload = null;
        done = null;
        next = null;
        waiting = false;
    }
}
