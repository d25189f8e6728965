package org.openmpj.executor;

/**
 * What a pool does with the tasks a worker held when the job lost that worker's rank, in a job that survives lost ranks
 * ({@code -Dopenmpj.job.surviveRankLoss=true}). In any other job a lost rank ends the job, and the pool with it.
 */
public enum LostWorkerTasks
{
    /** Each fails with a {@link WorkerLostException} naming the worker; the pool goes on with the workers left. */
    FAIL,
    /**
     * Each goes to another worker, as if submitted again. A task may then run twice, once partly on the lost worker: choose
     * this for tasks whose effects may be repeated, such as those that only compute their result.
     */
    RESUBMIT
}
