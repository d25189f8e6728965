package org.openmpj.conformance;

import java.util.List;

import mpi.MPI;

import org.openmpj.testing.Check;

/** Collectives that move data without combining it, and bad collective arguments; any number of ranks. */
final class MovementPrograms
{
    private MovementPrograms()
    {
    }

    /** Gather and Scatter at every root, with offsets, and their v-variants with uneven counts. */
    public static final class GatherAndScatter
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int count = 3;
            for (int root = 0; root < size; root++)
            {
                final long[] mine = new long[count + 1];
                for (int i = 0; i < count; i++)
                {
                    mine[1 + i] = rank * 100 + i;
                }
                final long[] gathered = new long[2 + size * count];
                MPI.COMM_WORLD.Gather(mine, 1, count, MPI.LONG, gathered, 2, count, MPI.LONG, root);
                if (rank == root)
                {
                    for (int r = 0; r < size; r++)
                    {
                        for (int i = 0; i < count; i++)
                        {
                            Check.equal(r * 100 + i, gathered[2 + r * count + i], "gathered element " + i + " of rank " + r);
                        }
                    }
                }
                final long[] scattered = new long[count];
                MPI.COMM_WORLD.Scatter(gathered, 2, count, MPI.LONG, scattered, 0, count, MPI.LONG, root);
                for (int i = 0; i < count; i++)
                {
                    Check.equal(rank * 100 + i, scattered[i], "scattered element " + i);
                }

                // v-variants: rank r contributes r + 1 ints, placed in reverse rank order.
                final int[] counts = new int[size];
                final int[] displs = new int[size];
                int total = 0;
                for (int r = size - 1; r >= 0; r--)
                {
                    counts[r] = r + 1;
                    displs[r] = total;
                    total += counts[r];
                }
                final int[] part = new int[rank + 1];
                java.util.Arrays.fill(part, rank * 10 + 1);
                final int[] all = new int[total];
                MPI.COMM_WORLD.Gatherv(part, 0, rank + 1, MPI.INT, all, 0, counts, displs, MPI.INT, root);
                if (rank == root)
                {
                    for (int r = 0; r < size; r++)
                    {
                        for (int i = 0; i < counts[r]; i++)
                        {
                            Check.equal(r * 10 + 1, all[displs[r] + i], "Gatherv element " + i + " of rank " + r);
                        }
                    }
                }
                final int[] back = new int[rank + 1];
                MPI.COMM_WORLD.Scatterv(all, 0, counts, displs, MPI.INT, back, 0, rank + 1, MPI.INT, root);
                for (int i = 0; i <= rank; i++)
                {
                    Check.equal(rank * 10 + 1, back[i], "Scatterv element " + i);
                }
            }
            MPI.Finalize();
        }
    }

    /** Allgather, Allgatherv, Alltoall and Alltoallv: every rank checks every block. */
    public static final class AllToEveryone
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final double[] mine = {rank + 0.5, rank + 0.25};
            final double[] everyone = new double[2 * size];
            MPI.COMM_WORLD.Allgather(mine, 0, 2, MPI.DOUBLE, everyone, 0, 2, MPI.DOUBLE);
            for (int r = 0; r < size; r++)
            {
                Check.that(everyone[2 * r] == r + 0.5 && everyone[2 * r + 1] == r + 0.25, "Allgather block of rank " + r);
            }

            final int[] counts = new int[size];
            final int[] displs = new int[size];
            for (int r = 0, at = 0; r < size; r++)
            {
                counts[r] = r % 3;
                displs[r] = at;
                at += counts[r];
            }
            final short[] part = new short[rank % 3];
            java.util.Arrays.fill(part, (short)(rank + 7));
            final short[] gathered = new short[displs[size - 1] + counts[size - 1]];
            MPI.COMM_WORLD.Allgatherv(part, 0, rank % 3, MPI.SHORT, gathered, 0, counts, displs, MPI.SHORT);
            for (int r = 0; r < size; r++)
            {
                for (int i = 0; i < counts[r]; i++)
                {
                    Check.equal(r + 7, gathered[displs[r] + i], "Allgatherv element " + i + " of rank " + r);
                }
            }

            final int[] out = new int[size];
            for (int r = 0; r < size; r++)
            {
                out[r] = rank * 1000 + r;
            }
            final int[] in = new int[size];
            MPI.COMM_WORLD.Alltoall(out, 0, 1, MPI.INT, in, 0, 1, MPI.INT);
            for (int r = 0; r < size; r++)
            {
                Check.equal(r * 1000 + rank, in[r], "Alltoall block from rank " + r);
            }

            // Alltoallv: rank r sends (r + d) % 2 + 1 chars to rank d.
            final int[] sendCounts = new int[size];
            final int[] sendDispls = new int[size];
            final int[] recvCounts = new int[size];
            final int[] recvDispls = new int[size];
            int sendTotal = 0;
            int recvTotal = 0;
            for (int d = 0; d < size; d++)
            {
                sendCounts[d] = (rank + d) % 2 + 1;
                sendDispls[d] = sendTotal;
                sendTotal += sendCounts[d];
                recvCounts[d] = (d + rank) % 2 + 1;
                recvDispls[d] = recvTotal;
                recvTotal += recvCounts[d];
            }
            final char[] sendChars = new char[sendTotal];
            for (int d = 0; d < size; d++)
            {
                java.util.Arrays.fill(sendChars, sendDispls[d], sendDispls[d] + sendCounts[d], (char)('a' + rank));
            }
            final char[] recvChars = new char[recvTotal];
            MPI.COMM_WORLD.Alltoallv(sendChars, 0, sendCounts, sendDispls, MPI.CHAR, recvChars, 0, recvCounts, recvDispls, MPI.CHAR);
            for (int s = 0; s < size; s++)
            {
                for (int i = 0; i < recvCounts[s]; i++)
                {
                    Check.equal('a' + s, recvChars[recvDispls[s] + i], "Alltoallv element " + i + " from rank " + s);
                }
            }
            MPI.Finalize();
        }
    }

    /** Scan with SUM and Reduce_scatter with SUM against serial sums. */
    public static final class PrefixesAndScatteredSums
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final float[] prefix = new float[1];
            MPI.COMM_WORLD.Scan(new float[] {rank + 1}, 0, prefix, 0, 1, MPI.FLOAT, MPI.SUM);
            Check.that(prefix[0] == (rank + 1) * (rank + 2) / 2.0f, "Scan sum at rank " + rank + " is " + prefix[0]);

            final int[] recvCounts = new int[size];
            int total = 0;
            for (int r = 0; r < size; r++)
            {
                recvCounts[r] = r + 1;
                total += recvCounts[r];
            }
            final int[] contribution = new int[total];
            for (int i = 0; i < total; i++)
            {
                contribution[i] = rank + i;
            }
            final int[] mine = new int[rank + 1];
            MPI.COMM_WORLD.Reduce_scatter(contribution, 0, mine, 0, recvCounts, MPI.INT, MPI.SUM);
            final int first = rank * (rank + 1) / 2;
            for (int i = 0; i <= rank; i++)
            {
                final int element = first + i;
                Check.equal((long)size * element + (long)size * (size - 1) / 2, mine[i], "Reduce_scatter element " + element);
            }
            MPI.Finalize();
        }
    }

    /** Bad collective arguments fail with the right class and name the value; the communicator stays usable. */
    public static final class BadArguments
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            final int[] buf = new int[4];
            Check.fails(MPI.ERR_ROOT, () -> MPI.COMM_WORLD.Bcast(buf, 0, 1, MPI.INT, size), "root=" + size);
            Check.fails(MPI.ERR_ROOT, () -> MPI.COMM_WORLD.Reduce(buf, 0, buf, 0, 1, MPI.INT, MPI.SUM, -1), "root=-1");
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Allreduce(buf, 0, buf, 0, 1, MPI.INT, null), "op is null");
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Allreduce(new double[1], 0, new double[1], 0, 1, MPI.DOUBLE, MPI.BAND),
                "BAND", "DOUBLE");
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Allreduce(buf, 0, buf, 0, 1, MPI.INT, MPI.LAND), "LAND", "INT");
            Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Bcast(buf, 0, -2, MPI.INT, 0), "count=-2");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Allgather(buf, 0, 1, MPI.INT, new int[size - 1], 0, 1, MPI.INT),
                "length " + (size - 1));
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Bcast(buf, 0, 1, MPI.DOUBLE, 0), "int[]", "MPI.DOUBLE");
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Alltoallv(buf, 0, new int[0], new int[0], MPI.INT, buf, 0, new int[size],
                new int[size], MPI.INT), "one per rank");
            if (size == 1)
            {
                // Only the root can see this mistake; with more ranks the others would be left waiting in the collective.
                Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Gather(buf, 0, 2, MPI.INT, new int[4], 0, 3, MPI.INT, 0),
                    "sent as 2 x MPI.INT", "received as 3 x MPI.INT");
                Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Scatter(buf, 0, 1, MPI.INT, new int[4], 0, 2, MPI.INT, 0),
                    "sent as 1 x MPI.INT", "received as 2 x MPI.INT");
            }
            final int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.equal(size, sum[0], "Allreduce after the errors");
            MPI.Finalize();
        }
    }

    /** A serializable class of the program's own, so that a receiver must resolve it with its own class loader. */
    static final class Token implements java.io.Serializable
    {
        private static final long serialVersionUID = 1L;
        final int from;
        final String label;

        Token(final int from, final String label)
        {
            this.from = from;
            this.label = label;
        }
    }

    /** Bcast, Gather(v), Scatter, Allgather(v) and Alltoall of MPI.OBJECT, at every root; objects are the receiver's classes. */
    public static final class ObjectCollectives
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            for (int root = 0; root < size; root++)
            {
                final Object[] shared = new Object[3];
                if (rank == root)
                {
                    shared[1] = new Token(root, "broadcast");
                    shared[2] = "from root " + root;
                }
                MPI.COMM_WORLD.Bcast(shared, 1, 2, MPI.OBJECT, root);
                Check.that(shared[1] instanceof Token token && token.from == root && "broadcast".equals(token.label),
                    "broadcast token from root " + root);
                Check.that(shared[1].getClass() == Token.class, "the token is this rank's own Token class");
                Check.equal("from root " + root, shared[2], "broadcast string");

                final Object[] gathered = new Object[2 * size];
                MPI.COMM_WORLD.Gather(new Object[] {new Token(rank, "a"), rank}, 0, 2, MPI.OBJECT, gathered, 0, 2, MPI.OBJECT, root);
                if (rank == root)
                {
                    for (int r = 0; r < size; r++)
                    {
                        Check.that(gathered[2 * r] instanceof Token token && token.from == r, "gathered token of rank " + r);
                        Check.equal(r, gathered[2 * r + 1], "gathered number of rank " + r);
                    }
                }
                final Object[] mine = new Object[2];
                MPI.COMM_WORLD.Scatter(gathered, 0, 2, MPI.OBJECT, mine, 0, 2, MPI.OBJECT, root);
                Check.that(mine[0] instanceof Token token && token.from == rank, "scattered token");
                Check.equal(rank, mine[1], "scattered number");
            }

            final Object[] everyone = new Object[size];
            MPI.COMM_WORLD.Allgather(new Object[] {"rank " + rank}, 0, 1, MPI.OBJECT, everyone, 0, 1, MPI.OBJECT);
            for (int r = 0; r < size; r++)
            {
                Check.equal("rank " + r, everyone[r], "Allgather of strings, rank " + r);
            }
            final int[] counts = new int[size];
            final int[] displs = new int[size];
            for (int r = 0, at = 0; r < size; r++)
            {
                counts[r] = r % 2 + 1;
                displs[r] = at;
                at += counts[r];
            }
            final Object[] part = new Object[rank % 2 + 1];
            java.util.Arrays.fill(part, List.of(rank, rank));
            final Object[] parts = new Object[displs[size - 1] + counts[size - 1]];
            MPI.COMM_WORLD.Allgatherv(part, 0, part.length, MPI.OBJECT, parts, 0, counts, displs, MPI.OBJECT);
            for (int r = 0; r < size; r++)
            {
                for (int i = 0; i < counts[r]; i++)
                {
                    Check.equal(List.of(r, r), parts[displs[r] + i], "Allgatherv list " + i + " of rank " + r);
                }
            }
            final Object[] out = new Object[size];
            for (int d = 0; d < size; d++)
            {
                out[d] = rank + "->" + d;
            }
            final Object[] in = new Object[size];
            MPI.COMM_WORLD.Alltoall(out, 0, 1, MPI.OBJECT, in, 0, 1, MPI.OBJECT);
            for (int s = 0; s < size; s++)
            {
                Check.equal(s + "->" + rank, in[s], "Alltoall object from rank " + s);
            }
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Allreduce(out, 0, in, 0, 1, MPI.OBJECT, MPI.SUM), "MPI.SUM", "MPI.OBJECT");
            MPI.Finalize();
        }
    }

    /**
     * Allgather(v), Alltoall(v), Gather and Scatter of a basic type with buffers that start past their arrays' first
     * element and blocks with gaps between them: each block must land at its receive offset plus its displacement.
     */
    public static final class OffsetsAndGaps
    {
        private static final int SEND_AT = 3;
        private static final int RECV_AT = 5;
        private static final int GAP = 2;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();

            final long[] mine = new long[SEND_AT + 2];
            mine[SEND_AT] = rank * 10 + 1;
            mine[SEND_AT + 1] = rank * 10 + 2;
            final long[] everyone = new long[RECV_AT + 2 * size];
            MPI.COMM_WORLD.Allgather(mine, SEND_AT, 2, MPI.LONG, everyone, RECV_AT, 2, MPI.LONG);
            for (int r = 0; r < size; r++)
            {
                Check.equal(r * 10 + 1, everyone[RECV_AT + 2 * r], "Allgather first item of rank " + r);
                Check.equal(r * 10 + 2, everyone[RECV_AT + 2 * r + 1], "Allgather second item of rank " + r);
            }

            final int[] counts = new int[size];
            final int[] displs = new int[size];
            for (int r = 0, at = 0; r < size; r++)
            {
                counts[r] = r % 2 + 1;
                displs[r] = at;
                at += counts[r] + GAP;
            }
            final long[] gathered = new long[RECV_AT + displs[size - 1] + counts[size - 1]];
            MPI.COMM_WORLD.Allgatherv(mine, SEND_AT, rank % 2 + 1, MPI.LONG, gathered, RECV_AT, counts, displs, MPI.LONG);
            for (int r = 0; r < size; r++)
            {
                for (int i = 0; i < counts[r]; i++)
                {
                    Check.equal(r * 10 + 1 + i, gathered[RECV_AT + displs[r] + i], "Allgatherv item " + i + " of rank " + r);
                }
            }

            final int[] out = new int[SEND_AT + size];
            for (int r = 0; r < size; r++)
            {
                out[SEND_AT + r] = rank * 1000 + r;
            }
            final int[] in = new int[RECV_AT + size];
            MPI.COMM_WORLD.Alltoall(out, SEND_AT, 1, MPI.INT, in, RECV_AT, 1, MPI.INT);
            for (int r = 0; r < size; r++)
            {
                Check.equal(r * 1000 + rank, in[RECV_AT + r], "Alltoall block from rank " + r);
            }

            final int[] sendDispls = new int[size];
            final int[] recvDispls = new int[size];
            final int[] ones = new int[size];
            for (int r = 0; r < size; r++)
            {
                ones[r] = 1;
                sendDispls[r] = (size - 1 - r) * (GAP + 1);
                recvDispls[r] = r * (GAP + 1);
            }
            final int[] spread = new int[SEND_AT + size * (GAP + 1)];
            for (int r = 0; r < size; r++)
            {
                spread[SEND_AT + sendDispls[r]] = rank * 1000 + r;
            }
            final int[] spreadIn = new int[RECV_AT + size * (GAP + 1)];
            MPI.COMM_WORLD.Alltoallv(spread, SEND_AT, ones, sendDispls, MPI.INT, spreadIn, RECV_AT, ones, recvDispls, MPI.INT);
            for (int r = 0; r < size; r++)
            {
                Check.equal(r * 1000 + rank, spreadIn[RECV_AT + recvDispls[r]], "Alltoallv block from rank " + r);
            }

            final int root = size - 1;
            final long[] atRoot = new long[RECV_AT + 2 * size];
            MPI.COMM_WORLD.Gather(mine, SEND_AT, 2, MPI.LONG, atRoot, RECV_AT, 2, MPI.LONG, root);
            if (rank == root)
            {
                for (int r = 0; r < size; r++)
                {
                    Check.equal(r * 10 + 2, atRoot[RECV_AT + 2 * r + 1], "Gather second item of rank " + r);
                }
            }
            final long[] back = new long[RECV_AT + 2];
            MPI.COMM_WORLD.Scatter(atRoot, RECV_AT, 2, MPI.LONG, back, RECV_AT, 2, MPI.LONG, root);
            Check.equal(rank * 10 + 1, back[RECV_AT], "Scatter first item");
            Check.equal(rank * 10 + 2, back[RECV_AT + 1], "Scatter second item");
            MPI.Finalize();
        }
    }
}
