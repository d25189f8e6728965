package org.openmpj.runtime;

/**
 * How the ranks of a job of processes that hold several ranks as threads fall to its processes: in consecutive blocks of
 * {@code perProcess}, the last process holding what is left ({@code -np 5 -threads 2}: ranks 0-1, 2-3 and 4).
 *
 * <p>The rank runtime places a process's ranks by it; the launcher names and labels processes by it. Immutable.
 *
 * @param ranks      the job's ranks.
 * @param perProcess the ranks of every process but the last.
 */
public record RankBlocks(int ranks, int perProcess)
{
    /**
     * @throws IllegalArgumentException naming the values when there is not at least 1 rank, and 1 rank per process.
     */
    public RankBlocks
    {
        if (ranks < 1 || perProcess < 1)
        {
            throw new IllegalArgumentException("a job needs at least 1 rank and 1 rank per process, got " + ranks + " and " + perProcess);
        }
    }

    /**
     * The blocks of a job of {@code processes} processes of {@code perProcess} ranks, or of {@code ranks} ranks in all when
     * that is given ({@link LaunchEnvironment#RANKS_PROP_NAME}).
     *
     * @param ranks the job's ranks, or null for {@code processes * perProcess}.
     * @throws IllegalArgumentException naming the values when {@code processes} processes of blocks of {@code perProcess}
     *                                  do not hold exactly {@code ranks} ranks.
     */
    public static RankBlocks of(final int processes, final int perProcess, final Integer ranks)
    {
        if (ranks == null)
        {
            return new RankBlocks(processes * perProcess, perProcess);
        }
        final RankBlocks blocks = new RankBlocks(ranks, perProcess);
        if (blocks.processes() != processes)
        {
            throw new IllegalArgumentException(LaunchEnvironment.RANKS_PROP_NAME + "=" + ranks + " in blocks of " + perProcess + " makes "
                + blocks.processes() + " processes, but the process manager started " + processes);
        }
        return blocks;
    }

    /** @return how many processes hold the ranks. */
    public int processes()
    {
        return (ranks + perProcess - 1) / perProcess;
    }

    /** @return the first rank of process {@code process}. */
    public int first(final int process)
    {
        return process * perProcess;
    }

    /** @return how many ranks process {@code process} holds. */
    public int count(final int process)
    {
        return Math.min(perProcess, ranks - first(process));
    }

    /** @return {@code rank R} for a process of one rank when every process holds one, else {@code JVM P (ranks F to L)}. */
    public String describe(final int process)
    {
        if (perProcess == 1)
        {
            return "rank " + process;
        }
        final int first = first(process);
        final int count = count(process);
        return "JVM " + process + (count == 1 ? " (rank " + first + ")" : " (ranks " + first + " to " + (first + count - 1) + ")");
    }
}
