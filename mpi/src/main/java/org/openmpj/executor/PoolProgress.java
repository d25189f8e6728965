package org.openmpj.executor;

import java.util.Arrays;
import java.util.Locale;

/**
 * How far a pool has come: tasks submitted, done (returned or thrown) and failed, the rate since the pool opened, and the
 * tasks each worker has done.
 *
 * @param submitted tasks submitted so far.
 * @param done tasks that have come back, failed ones included.
 * @param failed tasks that threw, or were lost with their worker.
 * @param tasksPerSecond tasks done per second since the pool opened.
 * @param donePerRank tasks each rank of the pool's communicator has done (the root's entry counts only at one rank).
 */
public record PoolProgress(long submitted, long done, long failed, double tasksPerSecond, long[] donePerRank)
{
    /** Copies {@code donePerRank}, so that the record holds its own. */
    public PoolProgress
    {
        donePerRank = donePerRank.clone();
    }

    @Override
    public long[] donePerRank()
    {
        return donePerRank.clone();
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof PoolProgress that && submitted == that.submitted && done == that.done && failed == that.failed
            && Double.compare(tasksPerSecond, that.tasksPerSecond) == 0 && Arrays.equals(donePerRank, that.donePerRank);
    }

    @Override
    public int hashCode()
    {
        return 31 * Long.hashCode(done) + Arrays.hashCode(donePerRank);
    }

    /** @return one line for a console: done of submitted, the rate, failures, and the tasks per worker. */
    @Override
    public String toString()
    {
        final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%,d of %,d tasks done, %,.0f tasks/s", done,
            submitted, tasksPerSecond));
        if (failed > 0)
        {
            line.append(String.format(Locale.ROOT, ", %,d failed", failed));
        }
        line.append("; per rank:");
        for (final long count : donePerRank)
        {
            line.append(' ').append(count);
        }
        return line.toString();
    }
}
