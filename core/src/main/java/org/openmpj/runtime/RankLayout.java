package org.openmpj.runtime;

import java.util.Arrays;

/**
 * Where a job's ranks run: which process and which host holds each world rank. A device reaches ranks of its own process
 * by reference, ranks of its host through shared memory and the others over the network, so it asks this.
 *
 * <p>Thread-safety: immutable.
 */
public final class RankLayout
{
    /** Process index of each world rank. */
    private final int[] processOf;
    /** Host index of each world rank. */
    private final int[] hostOf;

    private RankLayout(final int[] processOf, final int[] hostOf)
    {
        this.processOf = processOf;
        this.hostOf = hostOf;
    }

    /**
     * @param processOf the process index of each world rank.
     * @param hostOf    the host index of each world rank; ranks of one process must share a host.
     * @return the layout.
     * @throws IllegalArgumentException when the arrays differ in length or a process spans hosts.
     */
    public static RankLayout of(final int[] processOf, final int[] hostOf)
    {
        if (processOf.length != hostOf.length)
        {
            throw new IllegalArgumentException("a process and a host for each of " + processOf.length + " ranks, got " + hostOf.length + " hosts");
        }
        for (int rank = 0; rank < processOf.length; rank++)
        {
            for (int other = 0; other < rank; other++)
            {
                if (processOf[other] == processOf[rank] && hostOf[other] != hostOf[rank])
                {
                    throw new IllegalArgumentException("ranks " + other + " and " + rank + " share process " + processOf[rank]
                        + " but not a host");
                }
            }
        }
        return new RankLayout(processOf.clone(), hostOf.clone());
    }

    /**
     * @return {@code size} ranks in consecutive blocks: {@code ranksPerProcess} to a process, {@code processesPerHost}
     *         processes to a host (the last block of each may be smaller).
     */
    public static RankLayout blocks(final int size, final int ranksPerProcess, final int processesPerHost)
    {
        if (size < 1 || ranksPerProcess < 1 || processesPerHost < 1)
        {
            throw new IllegalArgumentException("blocks need size, ranks per process and processes per host of at least 1, got "
                + size + ", " + ranksPerProcess + ", " + processesPerHost);
        }
        final int[] processOf = new int[size];
        final int[] hostOf = new int[size];
        for (int rank = 0; rank < size; rank++)
        {
            processOf[rank] = rank / ranksPerProcess;
            hostOf[rank] = processOf[rank] / processesPerHost;
        }
        return new RankLayout(processOf, hostOf);
    }

    /** @return the number of ranks. */
    public int size()
    {
        return processOf.length;
    }

    /** @return the world ranks in {@code rank}'s process, {@code rank} included, in rank order. */
    public int[] processRanks(final int rank)
    {
        return sharing(processOf, rank);
    }

    /** @return the world ranks on {@code rank}'s host, {@code rank} included, in rank order. */
    public int[] hostRanks(final int rank)
    {
        return sharing(hostOf, rank);
    }

    private static int[] sharing(final int[] groupOf, final int rank)
    {
        return java.util.stream.IntStream.range(0, groupOf.length).filter(other -> groupOf[other] == groupOf[rank]).toArray();
    }

    @Override
    public String toString()
    {
        return "processes " + Arrays.toString(processOf) + ", hosts " + Arrays.toString(hostOf);
    }
}
