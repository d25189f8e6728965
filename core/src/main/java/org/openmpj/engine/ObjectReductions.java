package org.openmpj.engine;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.objects.ObjectCodec;

/**
 * Reductions of {@code MPI.OBJECT} with user-defined operations. One rank gathers every rank's objects
 * (serialized by their owners, deserialized with its own class loader, so that the operation sees its own classes)
 * and combines them in rank order: block r then holds the combination of ranks 0 to r, which gives Reduce its
 * result and Scan every prefix at once. The results travel on by the object collectives, each receiver
 * deserializing them with its own loader. The operation runs at that one rank only, n - 1 times; objects are too
 * costly to serialize for a tree of partial results to pay off.
 *
 * <p>Buffers are {@code Object[]} slices; counts are in objects, {@code itemElements} objects to an item of the
 * operation. Results are always copies: no rank's result shares an object with a send buffer.
 */
public final class ObjectReductions
{
    private ObjectReductions()
    {
    }

    /** Combines every rank's {@code count} objects, in rank order, into {@code root}'s receive buffer (used there only). */
    public static void reduce(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final Object[] recvbuf,
        final int recvoffset, final int count, final int itemElements, final Reduction op, final int root)
    {
        final Object[] prefixes = prefixesAt(c, codec, sendbuf, sendoffset, count, itemElements, op, root);
        if (c.rank() == root)
        {
            store(prefixes, (c.size() - 1) * count, recvbuf, recvoffset, count);
        }
    }

    /** Combines every rank's {@code count} objects, in rank order, into every rank's receive buffer. */
    public static void allreduce(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final Object[] recvbuf,
        final int recvoffset, final int count, final int itemElements, final Reduction op)
    {
        reduce(c, codec, sendbuf, sendoffset, recvbuf, recvoffset, count, itemElements, op, 0);
        ObjectCollectives.bcast(c, codec, recvbuf, recvoffset, count, 0);
    }

    /** Rank i receives the combination, in rank order, of ranks 0 to i's {@code count} objects. */
    public static void scan(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final Object[] recvbuf,
        final int recvoffset, final int count, final int itemElements, final Reduction op)
    {
        final int n = c.size();
        final Object[] prefixes = prefixesAt(c, codec, sendbuf, sendoffset, count, itemElements, op, 0);
        ObjectCollectives.scatterv(c, codec, prefixes, 0, Collectives.counts(n, count), Collectives.blocks(n, count), recvbuf,
            recvoffset, count, 0);
    }

    /** Combines every rank's objects (the sum of {@code counts}) in rank order; rank i receives {@code counts[i]} of them, in order. */
    public static void reduceScatter(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final Object[] recvbuf,
        final int recvoffset, final int[] counts, final int itemElements, final Reduction op)
    {
        final int n = c.size();
        final int[] displs = new int[n];
        int total = counts[0];
        for (int i = 1; i < n; i++)
        {
            displs[i] = displs[i - 1] + counts[i - 1];
            total += counts[i];
        }
        final Object[] prefixes = prefixesAt(c, codec, sendbuf, sendoffset, total, itemElements, op, 0);
        ObjectCollectives.scatterv(c, codec, prefixes, (n - 1) * total, counts, displs, recvbuf, recvoffset, counts[c.rank()], 0);
    }

    /**
     * @return at {@code root}, every rank's {@code count} objects in rank order, block r combined with the blocks
     *         before it so that it holds ranks 0 to r's combination; null at the other ranks.
     */
    private static Object[] prefixesAt(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int count,
        final int itemElements, final Reduction op, final int root)
    {
        final int n = c.size();
        // Every rank knows n and count, so all of them fail here alike rather than leave the root alone.
        if ((long)n * count > Integer.MAX_VALUE)
        {
            throw new OpenMpjException(ErrorClass.ERR_COUNT, "the reduction of " + count + " objects from each of " + n
                + " ranks needs more room than one array holds");
        }
        final Object[] all = c.rank() == root ? new Object[n * count] : null;
        ObjectCollectives.gatherv(c, codec, sendbuf, sendoffset, count, all, 0, Collectives.counts(n, count), Collectives.blocks(n, count),
            root);
        if (all != null)
        {
            final int items = count / itemElements;
            for (int r = 1; r < n; r++)
            {
                op.reduce(all, (r - 1) * count, all, r * count, items);
            }
        }
        return all;
    }

    /** Copies results into a receive buffer, whose element type (a {@code String[]} …) may be narrower than the results. */
    static void store(final Object[] results, final int from, final Object[] dst, final int offset, final int count)
    {
        try
        {
            System.arraycopy(results, from, dst, offset, count);
        }
        catch (final ArrayStoreException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_TYPE, "a result of the reduction of MPI.OBJECT cannot be stored in the receive buffer, a "
                + dst.getClass().getSimpleName() + ": " + ex.getMessage(), ex);
        }
    }
}
