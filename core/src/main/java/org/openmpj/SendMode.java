package org.openmpj;

/** The MPI send modes a device distinguishes. Buffered sends are copied above the device and sent as standard. */
public enum SendMode
{
    /** May complete before the receive is matched (eager) or only after (rendezvous), as the device sees fit. */
    STANDARD,
    /** Completes only once a matching receive has started. */
    SYNCHRONOUS,
    /** The receive is known to be posted already; treated as standard. */
    READY
}
