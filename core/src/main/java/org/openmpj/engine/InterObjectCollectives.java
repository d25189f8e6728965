package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.objects.ObjectCodec;

/**
 * Intercommunicator collectives on {@code MPI.OBJECT}, as {@link ObjectCollectives} does them within a group:
 * blocks are serialized on the way out, their sizes cross first, then the bytes, and each block is deserialized
 * with the receiving rank's class loader. Reductions bring the other group's objects to the ranks that need the
 * result, which combine them in that group's rank order. Counts and displacements are in objects.
 */
public final class InterObjectCollectives
{
    private InterObjectCollectives()
    {
    }

    public static void bcast(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] buf, final int offset, final int count, final int root)
    {
        final byte[] mine = root == Intercommunicator.ROOT ? ObjectCodec.serialize(buf, offset, count) : null;
        final int[] length = {mine == null ? 0 : mine.length};
        InterCollectives.bcast(ic, length, Primitive.INT, 0, 1, root);
        final byte[] bytes = mine != null ? mine : new byte[length[0]];
        InterCollectives.bcast(ic, bytes, Primitive.BYTE, 0, bytes.length, root);
        if (root != Intercommunicator.ROOT)
        {
            codec.deserialize(bytes, root, buf, offset, count);
        }
    }

    public static void gatherv(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int sendcount,
        final Object[] recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final int root)
    {
        final int n = ic.remoteSize();
        if (root != Intercommunicator.ROOT)
        {
            final byte[] mine = ObjectCodec.serialize(sendbuf, sendoffset, sendcount);
            InterCollectives.gatherv(ic, new int[] {mine.length}, 0, 1, null, 0, null, null, Primitive.INT, root);
            InterCollectives.gatherv(ic, mine, 0, mine.length, null, 0, null, null, Primitive.BYTE, root);
            return;
        }
        final int[] lengths = new int[n];
        InterCollectives.gatherv(ic, null, 0, 0, lengths, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1), Primitive.INT, root);
        final int[] starts = ObjectCollectives.starts(lengths);
        final byte[] all = new byte[ObjectCollectives.total(lengths)];
        InterCollectives.gatherv(ic, null, 0, 0, all, 0, lengths, starts, Primitive.BYTE, root);
        for (int r = 0; r < n; r++)
        {
            ObjectCollectives.unpack(all, starts[r], lengths[r], r, codec, recvbuf, recvoffset + displs[r], recvcounts[r]);
        }
    }

    public static void scatterv(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int[] sendcounts,
        final int[] displs, final Object[] recvbuf, final int recvoffset, final int recvcount, final int root)
    {
        final int n = ic.remoteSize();
        if (root != Intercommunicator.ROOT)
        {
            final int[] length = new int[1];
            InterCollectives.scatterv(ic, null, 0, null, null, length, 0, 1, Primitive.INT, root);
            final byte[] mine = new byte[length[0]];
            InterCollectives.scatterv(ic, null, 0, null, null, mine, 0, mine.length, Primitive.BYTE, root);
            codec.deserialize(mine, root, recvbuf, recvoffset, recvcount);
            return;
        }
        final int[] lengths = new int[n];
        final byte[][] blocks = ObjectCollectives.serializeBlocks(sendbuf, sendoffset, sendcounts, displs, lengths);
        InterCollectives.scatterv(ic, lengths, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1), null, 0, 0, Primitive.INT, root);
        InterCollectives.scatterv(ic, ObjectCollectives.concat(blocks, lengths), 0, lengths, ObjectCollectives.starts(lengths), null, 0, 0,
            Primitive.BYTE, root);
    }

    public static void allgatherv(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int sendcount,
        final Object[] recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs)
    {
        final int n = ic.remoteSize();
        final byte[] mine = ObjectCodec.serialize(sendbuf, sendoffset, sendcount);
        final int[] lengths = new int[n];
        InterCollectives.allgatherv(ic, new int[] {mine.length}, 0, 1, lengths, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1),
            Primitive.INT);
        final int[] starts = ObjectCollectives.starts(lengths);
        final byte[] all = new byte[ObjectCollectives.total(lengths)];
        InterCollectives.allgatherv(ic, mine, 0, mine.length, all, 0, lengths, starts, Primitive.BYTE);
        for (int r = 0; r < n; r++)
        {
            ObjectCollectives.unpack(all, starts[r], lengths[r], r, codec, recvbuf, recvoffset + displs[r], recvcounts[r]);
        }
    }

    public static void alltoallv(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int[] sendcounts,
        final int[] sdispls, final Object[] recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls)
    {
        final int n = ic.remoteSize();
        final int[] sendLengths = new int[n];
        final byte[][] blocks = ObjectCollectives.serializeBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendLengths);
        final int[] recvLengths = new int[n];
        InterCollectives.alltoallv(ic, sendLengths, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1), recvLengths, 0,
            Collectives.counts(n, 1), Collectives.blocks(n, 1), Primitive.INT);
        final int[] recvStarts = ObjectCollectives.starts(recvLengths);
        final byte[] in = new byte[ObjectCollectives.total(recvLengths)];
        InterCollectives.alltoallv(ic, ObjectCollectives.concat(blocks, sendLengths), 0, sendLengths, ObjectCollectives.starts(sendLengths),
            in, 0, recvLengths, recvStarts, Primitive.BYTE);
        for (int r = 0; r < n; r++)
        {
            ObjectCollectives.unpack(in, recvStarts[r], recvLengths[r], r, codec, recvbuf, recvoffset + rdispls[r], recvcounts[r]);
        }
    }

    /** The root receives the combination, in their rank order, of the other group's {@code count} objects. */
    public static void reduce(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final Object[] recvbuf,
        final int recvoffset, final int count, final int itemElements, final Reduction op, final int root)
    {
        final int n = ic.remoteSize();
        if (root != Intercommunicator.ROOT)
        {
            gatherv(ic, codec, sendbuf, sendoffset, count, null, 0, null, null, root);
            return;
        }
        final Object[] all = new Object[n * count];
        gatherv(ic, codec, null, 0, 0, all, 0, Collectives.counts(n, count), Collectives.blocks(n, count), root);
        ObjectReductions.store(combined(all, n, count, itemElements, op), (n - 1) * count, recvbuf, recvoffset, count);
    }

    /** Every rank receives the combination, in their rank order, of the other group's {@code count} objects. */
    public static void allreduce(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final Object[] recvbuf,
        final int recvoffset, final int count, final int itemElements, final Reduction op)
    {
        final int n = ic.remoteSize();
        final Object[] all = new Object[n * count];
        allgatherv(ic, codec, sendbuf, sendoffset, count, all, 0, Collectives.counts(n, count), Collectives.blocks(n, count));
        ObjectReductions.store(combined(all, n, count, itemElements, op), (n - 1) * count, recvbuf, recvoffset, count);
    }

    /** Rank i receives {@code counts[i]} objects, in order, of the combination of the other group's vectors. */
    public static void reduceScatter(
        final Intercommunicator ic, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final Object[] recvbuf,
        final int recvoffset, final int[] counts, final int itemElements, final Reduction op)
    {
        final int n = ic.remoteSize();
        final int total = ObjectCollectives.total(counts);
        int first = 0;
        for (int i = 0; i < ic.rank(); i++)
        {
            first += counts[i];
        }
        final Object[] all = new Object[n * total];
        allgatherv(ic, codec, sendbuf, sendoffset, total, all, 0, Collectives.counts(n, total), Collectives.blocks(n, total));
        ObjectReductions.store(combined(all, n, total, itemElements, op), (n - 1) * total + first, recvbuf, recvoffset, counts[ic.rank()]);
    }

    /** @return {@code all}, whose last block of {@code count} now holds the combination of all {@code n} blocks in order. */
    private static Object[] combined(final Object[] all, final int n, final int count, final int itemElements, final Reduction op)
    {
        for (int r = 1; r < n; r++)
        {
            op.reduce(all, (r - 1) * count, all, r * count, count / itemElements);
        }
        return all;
    }
}
