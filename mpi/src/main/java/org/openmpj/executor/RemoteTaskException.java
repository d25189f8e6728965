package org.openmpj.executor;

import java.io.Serial;

/**
 * A task that threw on the worker that ran it. Its cause is what the task threw, with the stack trace it had on the worker;
 * when that could not travel (it was not serializable), the cause is a {@link TaskFailure} with the same class name,
 * message and stack trace.
 */
public final class RemoteTaskException extends RuntimeException
{
    @Serial
    private static final long serialVersionUID = 1L;
    /** The worker's rank in the pool's communicator. */
    private final int rank;

    RemoteTaskException(final int rank, final long taskNumber, final Throwable cause)
    {
        super("task " + taskNumber + " failed on rank " + rank + ": " + cause, cause);
        this.rank = rank;
    }

    /** @return the rank, in the pool's communicator, of the worker on which the task failed. */
    public int rank()
    {
        return rank;
    }
}
