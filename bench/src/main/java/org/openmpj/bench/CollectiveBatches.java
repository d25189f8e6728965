package org.openmpj.bench;

/**
 * Runs batches of one collective on every rank of a job. Every rank calls {@link #timeBatch} with the same
 * arguments in the same order, and every rank gets the same answer back, so the schedule built on it makes
 * the same decisions on every rank without a leader telling the others what comes next.
 */
public interface CollectiveBatches
{
    /** @return the ranks taking part. */
    int ranks();

    /**
     * Starts all ranks together after a barrier, runs {@code iterations} back-to-back calls of the operation
     * with {@code bytes} per rank (ignored for Barrier), and agrees on the time.
     *
     * @return the nanoseconds the slowest rank spent in the calls: the maximum over the ranks, the same on every rank.
     */
    long timeBatch(CollectiveOperation operation, int bytes, int iterations);

    /** @return the largest of every rank's {@code nanos}, the same on every rank. */
    long slowest(long nanos);
}
