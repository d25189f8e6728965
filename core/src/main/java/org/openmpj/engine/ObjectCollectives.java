package org.openmpj.engine;

import java.util.Arrays;

import org.openmpj.Primitive;
import org.openmpj.objects.ObjectCodec;

/**
 * Collectives on {@code MPI.OBJECT}: every block of objects is serialized on its way out, the block sizes
 * travel first, the bytes with the variable-count collective, and each block is deserialized with the
 * receiving rank's class loader into its place. Counts and displacements are in objects.
 */
public final class ObjectCollectives
{
    private ObjectCollectives()
    {
    }

    public static void bcast(final Communicator c, final ObjectCodec codec, final Object[] buf, final int offset, final int count, final int root)
    {
        final byte[] mine = c.rank() == root ? ObjectCodec.serialize(buf, offset, count) : null;
        final int[] length = {mine == null ? 0 : mine.length};
        Collectives.bcast(c, length, Primitive.INT, 0, 1, root);
        final byte[] bytes = mine != null ? mine : new byte[length[0]];
        Collectives.bcast(c, bytes, Primitive.BYTE, 0, bytes.length, root);
        if (c.rank() != root)
        {
            codec.deserialize(bytes, root, buf, offset, count);
        }
    }

    public static void gatherv(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int sendcount,
        final Object[] recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs, final int root)
    {
        final int n = c.size();
        final byte[] mine = ObjectCodec.serialize(sendbuf, sendoffset, sendcount);
        final int[] lengths = new int[n];
        Collectives.gatherv(c, new int[] {mine.length}, 0, 1, lengths, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1),
            Primitive.INT, root);
        final int[] starts = starts(lengths);
        final byte[] all = new byte[c.rank() == root ? total(lengths) : 0];
        Collectives.gatherv(c, mine, 0, mine.length, all, 0, lengths, starts, Primitive.BYTE, root);
        if (c.rank() == root)
        {
            for (int r = 0; r < n; r++)
            {
                unpack(all, starts[r], lengths[r], r, codec, recvbuf, recvoffset + displs[r], recvcounts[r]);
            }
        }
    }

    public static void scatterv(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int[] sendcounts,
        final int[] displs, final Object[] recvbuf, final int recvoffset, final int recvcount, final int root)
    {
        final int n = c.size();
        byte[] all = new byte[0];
        final int[] lengths = new int[n];
        if (c.rank() == root)
        {
            all = concat(serializeBlocks(sendbuf, sendoffset, sendcounts, displs, lengths), lengths);
        }
        final int[] length = new int[1];
        Collectives.scatterv(c, lengths, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1), length, 0, 1, Primitive.INT, root);
        final byte[] mine = new byte[length[0]];
        Collectives.scatterv(c, all, 0, lengths, starts(lengths), mine, 0, mine.length, Primitive.BYTE, root);
        codec.deserialize(mine, root, recvbuf, recvoffset, recvcount);
    }

    public static void allgatherv(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int sendcount,
        final Object[] recvbuf, final int recvoffset, final int[] recvcounts, final int[] displs)
    {
        final int n = c.size();
        final byte[] mine = ObjectCodec.serialize(sendbuf, sendoffset, sendcount);
        final int[] lengths = new int[n];
        Collectives.allgatherv(c, new int[] {mine.length}, 0, 1, lengths, 0, Collectives.counts(n, 1), Collectives.blocks(n, 1),
            Primitive.INT);
        final int[] starts = starts(lengths);
        final byte[] all = new byte[total(lengths)];
        Collectives.allgatherv(c, mine, 0, mine.length, all, 0, lengths, starts, Primitive.BYTE);
        for (int r = 0; r < n; r++)
        {
            unpack(all, starts[r], lengths[r], r, codec, recvbuf, recvoffset + displs[r], recvcounts[r]);
        }
    }

    public static void alltoallv(
        final Communicator c, final ObjectCodec codec, final Object[] sendbuf, final int sendoffset, final int[] sendcounts,
        final int[] sdispls, final Object[] recvbuf, final int recvoffset, final int[] recvcounts, final int[] rdispls)
    {
        final int n = c.size();
        final int[] sendLengths = new int[n];
        final byte[][] blocks = serializeBlocks(sendbuf, sendoffset, sendcounts, sdispls, sendLengths);
        final int[] recvLengths = new int[n];
        final int[] ones = Collectives.counts(n, 1);
        final int[] step = Collectives.blocks(n, 1);
        Collectives.alltoallv(c, sendLengths, 0, ones, step, recvLengths, 0, ones, step, Primitive.INT);
        final int[] recvStarts = starts(recvLengths);
        final byte[] in = new byte[total(recvLengths)];
        Collectives.alltoallv(c, concat(blocks, sendLengths), 0, sendLengths, starts(sendLengths), in, 0, recvLengths, recvStarts,
            Primitive.BYTE);
        for (int r = 0; r < n; r++)
        {
            unpack(in, recvStarts[r], recvLengths[r], r, codec, recvbuf, recvoffset + rdispls[r], recvcounts[r]);
        }
    }

    static void unpack(
        final byte[] all, final int start, final int length, final int source, final ObjectCodec codec, final Object[] dst, final int offset,
        final int capacity)
    {
        codec.deserialize(all, start, length, source, dst, offset, capacity);
    }

    static int[] starts(final int[] lengths)
    {
        final int[] starts = new int[lengths.length];
        for (int i = 1; i < lengths.length; i++)
        {
            starts[i] = starts[i - 1] + lengths[i - 1];
        }
        return starts;
    }

    static int total(final int[] lengths)
    {
        return Arrays.stream(lengths).sum();
    }

    static byte[] concat(final byte[][] blocks, final int[] lengths)
    {
        final byte[] all = new byte[total(lengths)];
        for (int r = 0, at = 0; r < blocks.length; at += lengths[r], r++)
        {
            System.arraycopy(blocks[r], 0, all, at, lengths[r]);
        }
        return all;
    }

    /** @return blocks i of {@code counts[i]} objects from {@code offset + displs[i]}, each serialized; their lengths into {@code lengths}. */
    static byte[][] serializeBlocks(final Object[] buf, final int offset, final int[] counts, final int[] displs, final int[] lengths)
    {
        final byte[][] blocks = new byte[lengths.length][];
        for (int r = 0; r < blocks.length; r++)
        {
            blocks[r] = ObjectCodec.serialize(buf, offset + displs[r], counts[r]);
            lengths[r] = blocks[r].length;
        }
        return blocks;
    }
}
