package org.openmpj.engine;

import org.openmpj.device.ReceiveRequest;

/**
 * A request that is complete from the start: operations with {@code PROC_NULL} (source {@code PROC_NULL},
 * tag {@code ANY_TAG}, no data, as MPI specifies) and buffered sends, which complete once copied.
 * Immutable and shared.
 */
public final class CompletedRequest extends ReceiveRequest
{
    /** The outcome of any operation with {@code PROC_NULL}. */
    public static final CompletedRequest PROC_NULL = new CompletedRequest(Communicator.PROC_NULL, Communicator.ANY_TAG);

    /** The outcome of a buffered send once its data is copied. */
    public static final CompletedRequest BUFFERED = new CompletedRequest(Communicator.ANY_SOURCE, Communicator.ANY_TAG);

    private CompletedRequest(final int source, final int tag)
    {
        setOutcome(source, tag, 0);
        complete();
    }

    @Override
    public byte[] payload()
    {
        return null;
    }
}
