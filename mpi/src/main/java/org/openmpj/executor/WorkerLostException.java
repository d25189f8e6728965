package org.openmpj.executor;

import java.io.Serial;

/**
 * A task that was in flight on a worker, or waiting for one, when the pool could no longer reach its workers: a rank
 * died or the job failed. The message names the failure the job reported. In a job that survives lost ranks, a task that
 * was on a worker the job lost fails so alone ({@link LostWorkerTasks#FAIL}).
 */
public final class WorkerLostException extends RuntimeException
{
    @Serial
    private static final long serialVersionUID = 1L;
    /** The rank of the worker the task was on, or -1 when it was not yet on any. */
    private final int rank;

    WorkerLostException(final int rank, final long taskNumber, final Throwable cause)
    {
        this(rank, (rank < 0 ? "task " + taskNumber + " was waiting for a worker" : "task " + taskNumber + " was on rank " + rank)
            + " when the pool failed: " + cause.getMessage(), cause);
    }

    private WorkerLostException(final int rank, final String message, final Throwable cause)
    {
        super(message, cause);
        this.rank = rank;
    }

    /** @return the failure of task {@code taskNumber}, which was on worker {@code rank} when the job lost that rank. */
    static WorkerLostException onLostWorker(final int rank, final long taskNumber)
    {
        return new WorkerLostException(rank, "task " + taskNumber + " was on rank " + rank + ", which the job lost (its process died"
            + " or exited); the pool goes on with the workers left", null);
    }

    /** @return the rank of the worker the task was on, in the pool's communicator, or -1 when it was not yet on any. */
    public int rank()
    {
        return rank;
    }
}
