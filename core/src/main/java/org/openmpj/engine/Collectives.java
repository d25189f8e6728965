package org.openmpj.engine;

import org.openmpj.OpenMpjException;
import org.openmpj.device.ArrayCopy;
import org.openmpj.device.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.device.SendMode;

/**
 * The collective operations of an intracommunicator, built on its point-to-point operations in the
 * communicator's collective context, so every transport gets them. Buffers are slices of primitive arrays:
 * offsets and counts are in elements; a reduction combines items of {@code itemElements} elements each.
 *
 * <p>Algorithms: dissemination barrier; binomial broadcast; binomial reduce that combines in rank order, so
 * non-commutative operations give MPI's result; recursive doubling allreduce when the size is a power of two,
 * else reduce then broadcast; ring allgather; pairwise all-to-all; linear gather and scatter; chained scan.
 * Every rank must call the same collectives in the same order, as MPI requires. Arguments are trusted: the
 * API façade checks them.
 */
public final class Collectives
{
    private static final int TAG_BARRIER = 1;
    private static final int TAG_BCAST = 2;
    private static final int TAG_REDUCE = 3;
    private static final int TAG_ALLREDUCE = 4;
    private static final int TAG_GATHER = 5;
    private static final int TAG_SCATTER = 6;
    private static final int TAG_ALLGATHER = 7;
    private static final int TAG_ALLTOALL = 8;
    private static final int TAG_SCAN = 9;
    private static final byte[] NOTHING = new byte[0];
    /** Per-thread scratch arrays, one per element kind, grown to the largest count asked for. */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private Collectives()
    {
    }

    /** Returns once every rank of {@code comm} has entered. */
    public static void barrier(final Communicator comm)
    {
        final Communicator c = comm.collectives();
        final int n = c.size();
        final int r = c.rank();
        for (int distance = 1; distance < n; distance <<= 1)
        {
            exchange(c, NOTHING, Primitive.BYTE, 0, 0, (r + distance) % n,
                NOTHING, 0, 0, (r - distance + n) % n, TAG_BARRIER);
        }
    }

    /** Copies {@code count} elements of {@code root}'s buffer into every rank's. */
    public static void bcast(
        final Communicator comm, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        final Communicator c = comm.collectives();
        final int n = c.size();
        final int relative = (c.rank() - root + n) % n;
        int mask = 1;
        while (mask < n)
        {
            if ((relative & mask) != 0)
            {
                receive(c, buf, kind, offset, count, (relative - mask + root) % n, TAG_BCAST);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1)
        {
            if (relative + mask < n)
            {
                c.send(buf, kind, offset, count, (relative + mask + root) % n, TAG_BCAST, SendMode.STANDARD);
            }
        }
    }

    /**
     * Combines every rank's {@code count} elements with {@code op}, in rank order, into {@code root}'s receive buffer.
     * The receive buffer is used at the root only.
     */
    public static void reduce(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        final Communicator c = comm.collectives();
        final Object result = reduceToZero(c, sendBuf, sendOffset, kind, count, itemElements, op);
        if (root == 0)
        {
            if (c.rank() == 0)
            {
                ArrayCopy.copyElements(kind, result, 0, recvBuf, recvOffset, count);
            }
        }
        else if (c.rank() == 0)
        {
            c.send(result, kind, 0, count, root, TAG_REDUCE, SendMode.STANDARD);
        }
        else if (c.rank() == root)
        {
            receive(c, recvBuf, kind, recvOffset, count, 0, TAG_REDUCE);
        }
    }

    /** Combines every rank's {@code count} elements with {@code op}, in rank order, into every rank's receive buffer. */
    public static void allreduce(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        final Communicator c = comm.collectives();
        final int n = c.size();
        if (Integer.bitCount(n) != 1)
        {
            final Object result = reduceToZero(c, sendBuf, sendOffset, kind, count, itemElements, op);
            if (c.rank() == 0)
            {
                ArrayCopy.copyElements(kind, result, 0, recvBuf, recvOffset, count);
            }
            bcast(comm, recvBuf, kind, recvOffset, count, 0);
            return;
        }
        final int r = c.rank();
        final int items = count / itemElements;
        if (op.isCommutative())
        {
            // The result builds up in the receive buffer itself: theirs op mine is mine op theirs, so no copy back.
            ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset, count);
            final Object theirs = SCRATCH.get().array(kind, count);
            for (int mask = 1; mask < n; mask <<= 1)
            {
                final int partner = r ^ mask;
                exchange(c, recvBuf, kind, recvOffset, count, partner, theirs, 0, count, partner, TAG_ALLREDUCE);
                op.reduce(theirs, 0, recvBuf, recvOffset, items);
            }
            return;
        }
        Object mine = copyOf(kind, sendBuf, sendOffset, count);
        Object theirs = kind.newArray(count);
        for (int mask = 1; mask < n; mask <<= 1)
        {
            final int partner = r ^ mask;
            exchange(c, mine, kind, 0, count, partner, theirs, 0, count, partner, TAG_ALLREDUCE);
            if (partner < r)
            {
                op.reduce(theirs, 0, mine, 0, items);
            }
            else
            {
                op.reduce(mine, 0, theirs, 0, items);
                final Object swap = mine;
                mine = theirs;
                theirs = swap;
            }
        }
        ArrayCopy.copyElements(kind, mine, 0, recvBuf, recvOffset, count);
    }

    /**
     * Rank i receives the combination, in rank order, of the contributions of ranks 0 to i (an inclusive prefix).
     */
    public static void scan(
        final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        final Communicator c = comm.collectives();
        final int r = c.rank();
        final Object mine = copyOf(kind, sendBuf, sendOffset, count);
        if (r > 0)
        {
            final Object below = kind.newArray(count);
            receive(c, below, kind, 0, count, r - 1, TAG_SCAN);
            op.reduce(below, 0, mine, 0, count / itemElements);
        }
        ArrayCopy.copyElements(kind, mine, 0, recvBuf, recvOffset, count);
        if (r + 1 < c.size())
        {
            c.send(mine, kind, 0, count, r + 1, TAG_SCAN, SendMode.STANDARD);
        }
    }

    /**
     * Each rank sends its {@code sendCount} elements; the root places rank i's at {@code recvOffset + recvDispls[i]},
     * {@code recvCounts[i]} elements.
     */
    public static void gatherv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls,
        final Primitive kind, final int root)
    {
        final Communicator c = comm.collectives();
        if (c.rank() != root)
        {
            c.send(sendBuf, kind, sendOffset, sendCount, root, TAG_GATHER, SendMode.STANDARD);
            return;
        }
        for (int source = 0; source < c.size(); source++)
        {
            if (source == root)
            {
                ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset + recvDispls[source], sendCount);
            }
            else
            {
                receive(c, recvBuf, kind, recvOffset + recvDispls[source], recvCounts[source], source, TAG_GATHER);
            }
        }
    }

    /** The root sends {@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]} to rank i. */
    public static void scatterv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        final Communicator c = comm.collectives();
        if (c.rank() != root)
        {
            receive(c, recvBuf, kind, recvOffset, recvCount, root, TAG_SCATTER);
            return;
        }
        final Request[] sends = new Request[c.size()];
        for (int dest = 0; dest < c.size(); dest++)
        {
            if (dest == root)
            {
                ArrayCopy.copyElements(kind, sendBuf, sendOffset + sendDispls[dest], recvBuf, recvOffset, sendCounts[dest]);
            }
            else
            {
                sends[dest] = c.isend(sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest, TAG_SCATTER,
                    SendMode.STANDARD);
            }
        }
        awaitAll(c, sends);
    }

    /**
     * Every rank contributes {@code sendCount} elements; rank i's land in every rank's receive buffer at
     * {@code recvOffset + recvDispls[i]}. A ring: n - 1 steps, each passing one block on to the right.
     */
    public static void allgatherv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final Communicator c = comm.collectives();
        final int n = c.size();
        final int r = c.rank();
        ArrayCopy.copyElements(kind, sendBuf, sendOffset, recvBuf, recvOffset + recvDispls[r], sendCount);
        final int right = (r + 1) % n;
        final int left = (r - 1 + n) % n;
        for (int step = 0; step < n - 1; step++)
        {
            final int outgoing = (r - step + n) % n;
            final int incoming = (r - step - 1 + n) % n;
            exchange(c, recvBuf, kind, recvOffset + recvDispls[outgoing], recvCounts[outgoing], right,
                recvBuf, recvOffset + recvDispls[incoming], recvCounts[incoming], left, TAG_ALLGATHER);
        }
    }

    /**
     * Rank r sends {@code sendCounts[i]} elements from {@code sendOffset + sendDispls[i]} to rank i and receives
     * {@code recvCounts[i]} from rank i at {@code recvOffset + recvDispls[i]}; in step k it exchanges with r + k and r - k.
     */
    public static void alltoallv(
        final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final Communicator c = comm.collectives();
        final int n = c.size();
        final int r = c.rank();
        ArrayCopy.copyElements(kind, sendBuf, sendOffset + sendDispls[r], recvBuf, recvOffset + recvDispls[r], sendCounts[r]);
        for (int step = 1; step < n; step++)
        {
            final int dest = (r + step) % n;
            final int source = (r - step + n) % n;
            exchange(c, sendBuf, kind, sendOffset + sendDispls[dest], sendCounts[dest], dest,
                recvBuf, recvOffset + recvDispls[source], recvCounts[source], source, TAG_ALLTOALL);
        }
    }

    /** @return displacements placing {@code n} blocks of {@code count} elements one after another. */
    public static int[] blocks(final int n, final int count)
    {
        final int[] displs = new int[n];
        for (int i = 0; i < n; i++)
        {
            displs[i] = i * count;
        }
        return displs;
    }

    /** @return {@code n} copies of {@code count}. */
    public static int[] counts(final int n, final int count)
    {
        final int[] counts = new int[n];
        java.util.Arrays.fill(counts, count);
        return counts;
    }

    /** Binomial reduction to rank 0 that keeps rank order: rank r adds the block of ranks [r + mask, r + 2 mask). */
    private static Object reduceToZero(
        final Communicator c, final Object sendBuf, final int sendOffset, final Primitive kind, final int count,
        final int itemElements, final Reduction op)
    {
        final int n = c.size();
        final int r = c.rank();
        Object mine = copyOf(kind, sendBuf, sendOffset, count);
        Object theirs = null;
        for (int mask = 1; mask < n; mask <<= 1)
        {
            if ((r & mask) != 0)
            {
                c.send(mine, kind, 0, count, r - mask, TAG_REDUCE, SendMode.STANDARD);
                return null;
            }
            if (r + mask < n)
            {
                if (theirs == null)
                {
                    theirs = kind.newArray(count);
                }
                receive(c, theirs, kind, 0, count, r + mask, TAG_REDUCE);
                op.reduce(mine, 0, theirs, 0, count / itemElements);
                final Object swap = mine;
                mine = theirs;
                theirs = swap;
            }
        }
        return mine;
    }

    private static Object copyOf(final Primitive kind, final Object buf, final int offset, final int count)
    {
        final Object copy = kind.newArray(count);
        ArrayCopy.copyElements(kind, buf, offset, copy, 0, count);
        return copy;
    }

    private static void receive(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag)
    {
        final ReceiveRequest request = c.recv(buf, kind, offset, count, source, tag);
        final OpenMpjException error = request.error();
        if (error != null)
        {
            throw error;
        }
    }

    /** Sends one block and receives another at once, so that ranks exchanging in a cycle never deadlock. */
    private static void exchange(
        final Communicator c, final Object sendBuf, final Primitive kind, final int sendOffset, final int sendCount, final int dest,
        final Object recvBuf, final int recvOffset, final int recvCount, final int source, final int tag)
    {
        final Request send = c.isend(sendBuf, kind, sendOffset, sendCount, dest, tag, SendMode.STANDARD);
        receive(c, recvBuf, kind, recvOffset, recvCount, source, tag);
        c.await(send);
    }

    private static void awaitAll(final Communicator c, final Request[] requests)
    {
        for (final Request request : requests)
        {
            if (request != null)
            {
                c.await(request);
            }
        }
    }

    /** A thread's reusable arrays, one per element kind. */
    private static final class Scratch
    {
        private final Object[] byKind = new Object[Primitive.values().length];

        Object array(final Primitive kind, final int length)
        {
            Object array = byKind[kind.ordinal()];
            if (array == null || kind.length(array) < length)
            {
                array = kind.newArray(length);
                byKind[kind.ordinal()] = array;
            }
            return array;
        }
    }
}
