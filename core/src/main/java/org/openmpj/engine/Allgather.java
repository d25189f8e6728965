package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * Allgather with a block per rank: Bruck's algorithm for small totals ({@code ceil(log2 n)} steps, each doubling the
 * blocks a rank holds, in a scratch array), a ring for large ones ({@code n - 1} steps, each passing one block on,
 * straight between the receive buffers); among more ranks than cores of one host, blocks from 8 KiB go to every rank
 * at once ({@link AllToAll#startsAllAtOnce}, {@link Communicator#ranksShareCoresAlike}). Every rank knows every
 * block's size, so all choose alike.
 */
final class Allgather
{
    private Allgather()
    {
    }

    /**
     * Every rank contributes {@code sendCount} elements; rank i's land in every rank's receive buffer at
     * {@code recvOffset + recvDispls[i]}, {@code recvCounts[i]} elements; {@code c} is on its collective context.
     */
    static void allgatherv(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind,
        final Scratch scratch)
    {
        final int n = c.size();
        long total = 0;
        long largest = 0;
        for (int i = 0; i < n; i++)
        {
            total += recvCounts[i];
            largest = Math.max(largest, recvCounts[i]);
        }
        final BoardCollectives board = c.board();
        // Every rank must choose alike here, as a ring and the exchange at once do not mix.
        if (board != null && BoardCollectives.carriesBlocks(Math.max(largest, sendCount) * kind.sizeBytes()))
        {
            board.allgatherv(c, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind);
        }
        else if (AllToAll.startsAllAtOnce(c, c.ranksShareCoresAlike(), largest * kind.sizeBytes()))
        {
            allAtOnce(s, c, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind);
        }
        else if (n > 2 && total * kind.sizeBytes() <= CollectiveThresholds.ALLGATHER_BRUCK_MAX_BYTES)
        {
            bruck(s, c, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind, (int)total, scratch);
        }
        else
        {
            ring(s, c, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind);
        }
    }

    /** Sends this rank's block to every rank and receives each rank's, all at once ({@link AllToAll#allAtOnce}). */
    static void allAtOnce(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int n = c.size();
        final int[] sendCounts = new int[n];
        java.util.Arrays.fill(sendCounts, sendCount);
        // Every block leaves from the same place: a displacement of 0 for each rank.
        AllToAll.allAtOnce(s, c, sendBuf, sendOffset, sendCounts, new int[n], recvBuf, recvOffset, recvCounts, recvDispls, kind,
            Transfers.TAG_ALLGATHER);
    }

    /** In step k, rank r passes the block of rank {@code r - k} to its right neighbour and takes that of {@code r - k - 1}. */
    static void ring(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int n = c.size();
        final int r = c.rank();
        final int right = (r + 1) % n;
        final int left = (r - 1 + n) % n;
        for (int step = 0; step < n - 1; step++)
        {
            final int outgoing = (r - step + n) % n;
            final int incoming = (r - step - 1 + n) % n;
            // This rank's own block leaves from the send buffer: a neighbour then reads lines no core has just written.
            final Object from = step == 0 ? sendBuf : recvBuf;
            final int fromOffset = step == 0 ? sendOffset : recvOffset + recvDispls[outgoing];
            s.exchange(c, from, kind, fromOffset, step == 0 ? sendCount : recvCounts[outgoing], right,
                recvBuf, recvOffset + recvDispls[incoming], recvCounts[incoming], left, Transfers.TAG_ALLGATHER);
        }
        s.copy(kind, sendBuf, sendOffset, recvBuf, recvOffset + recvDispls[r], sendCount);
    }

    /**
     * Rank r keeps the blocks of ranks r, r + 1, r + 2, … one after another in a scratch array. In the step of distance
     * d (1, 2, 4, …) it sends its first {@code min(d, n - d)} blocks to rank {@code r - d} and appends as many from rank
     * {@code r + d}; at the end it moves each block to its place in the receive buffer.
     */
    static void bruck(
        final Steps s, final Communicator c, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind,
        final int total, final Scratch scratch)
    {
        final int n = c.size();
        final int r = c.rank();
        final Object held = scratch.first(kind, total);
        s.copy(kind, sendBuf, sendOffset, held, 0, sendCount);
        int heldLength = sendCount;
        for (int distance = 1; distance < n; distance <<= 1)
        {
            final int blocks = Math.min(distance, n - distance);
            final int source = (r + distance) % n;
            s.exchange(c, held, kind, 0, elements(recvCounts, r, blocks, n), (r - distance + n) % n,
                held, heldLength, elements(recvCounts, source, blocks, n), source, Transfers.TAG_ALLGATHER);
            heldLength += elements(recvCounts, source, blocks, n);
        }
        int at = 0;
        for (int i = 0; i < n; i++)
        {
            final int owner = (r + i) % n;
            s.copy(kind, held, at, recvBuf, recvOffset + recvDispls[owner], recvCounts[owner]);
            at += recvCounts[owner];
        }
    }

    /** @return the elements of the {@code blocks} blocks of ranks {@code first}, {@code first + 1}, … (wrapping around). */
    private static int elements(final int[] counts, final int first, final int blocks, final int n)
    {
        int sum = 0;
        for (int i = 0; i < blocks; i++)
        {
            sum += counts[(first + i) % n];
        }
        return sum;
    }
}
