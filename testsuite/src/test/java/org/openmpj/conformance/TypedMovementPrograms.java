package org.openmpj.conformance;

import static org.openmpj.conformance.Shape.HOLE;
import static org.openmpj.conformance.Shape.JUNK;
import static org.openmpj.conformance.Shape.OFFSET;

import java.util.List;

import mpi.Datatype;
import mpi.MPI;

import org.openmpj.testing.Check;

/**
 * Collectives that move data, on derived datatypes with holes on the send side, the receive side or both, and on
 * send and receive types that differ but match in type signature. Every receive buffer is checked whole: the
 * items hold what was sent, every other element what it held before. Any number of ranks.
 */
final class TypedMovementPrograms
{
    /** The elements of one block of the plain variants; every shape's items divide it. */
    private static final int BLOCK = 12;

    private TypedMovementPrograms()
    {
    }

    /**
     * @return the send and receive shapes to try: the same type on both sides, a basic type on one, and two different
     *         ones; the padded type is contiguous for blocks of one item (the plain variants) but not of two.
     */
    static List<Shape[]> pairs()
    {
        return List.of(
            new Shape[] {Shape.vector(), Shape.vector()},
            new Shape[] {Shape.ints(), Shape.vector()},
            new Shape[] {Shape.struct(), Shape.ints()},
            new Shape[] {Shape.indexed(), Shape.struct()},
            new Shape[] {Shape.struct(), Shape.contiguous()},
            new Shape[] {Shape.contiguous(), Shape.indexed()},
            new Shape[] {Shape.padded(), Shape.padded()},
            new Shape[] {Shape.ints(), Shape.padded()});
    }

    /** The j-th element of the block rank {@code from} sends to rank {@code to}. */
    static int value(final int from, final int to, final int j)
    {
        return (from + 1) * 10_000 + (to + 1) * 100 + j;
    }

    /** How many blocks rank {@code from} sends to rank {@code to} in the v-variants: one or two. */
    static int blocks(final int from, final int to)
    {
        return (from + to) % 2 + 1;
    }

    /** Bcast, Gather(v), Scatter(v), Allgather(v) and Alltoall(v) for every pair of shapes, at the first and last root. */
    public static final class EveryCollective
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            for (final Shape[] pair : pairs())
            {
                for (final int root : new int[] {0, size - 1})
                {
                    bcast(pair[0], pair[1], root);
                    gatherv(pair[0], pair[1], root, false);
                    gatherv(pair[0], pair[1], root, true);
                    scatterv(pair[0], pair[1], root, false);
                    scatterv(pair[0], pair[1], root, true);
                }
                allgatherv(pair[0], pair[1], false);
                allgatherv(pair[0], pair[1], true);
                alltoallv(pair[0], pair[1], false);
                alltoallv(pair[0], pair[1], true);
            }
            MPI.Finalize();
        }
    }

    /** The root's buffer is of the send shape, every other rank's of the receive shape. */
    static void bcast(final Shape s, final Shape r, final int root)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final Shape mine = rank == root ? s : r;
        final int count = mine.items(BLOCK);
        final int[] buf = Shape.filled(mine.end(OFFSET, count), rank == root ? JUNK : HOLE);
        if (rank == root)
        {
            mine.put(buf, OFFSET, count, j -> value(root, 0, j));
        }
        final int[] expected = buf.clone();
        mine.put(expected, OFFSET, count, j -> value(root, 0, j));
        MPI.COMM_WORLD.Bcast(buf, OFFSET, count, mine.type, root);
        Check.equal(expected, buf, "Bcast " + s + " at root " + root + " to " + r + " at rank " + rank);
    }

    /** Each rank sends its blocks of the send shape; the root receives them in reverse rank order, an item apart. */
    static void gatherv(final Shape s, final Shape r, final int root, final boolean v)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int sendcount = s.items((v ? blocks(rank, root) : 1) * BLOCK);
        final int[] send = Shape.filled(s.end(OFFSET, sendcount), JUNK);
        s.put(send, OFFSET, sendcount, j -> value(rank, root, j));
        final int[] counts = new int[size];
        final int[] displs = new int[size];
        final int end = layOut(r, root, v, counts, displs, true);
        final int[] recv = Shape.filled(end, HOLE);
        final int[] expected = recv.clone();
        if (v)
        {
            MPI.COMM_WORLD.Gatherv(send, OFFSET, sendcount, s.type, recv, OFFSET, counts, displs, r.type, root);
        }
        else
        {
            MPI.COMM_WORLD.Gather(send, OFFSET, sendcount, s.type, recv, OFFSET, counts[0], r.type, root);
        }
        if (rank == root)
        {
            for (int from = 0; from < size; from++)
            {
                final int sender = from;
                r.put(expected, OFFSET + displs[from] * r.extent, counts[from], j -> value(sender, root, j));
            }
        }
        Check.equal(expected, recv, (v ? "Gatherv " : "Gather ") + s + " to " + r + " at root " + root + ", buffer of rank " + rank);
    }

    /** The root sends blocks of the send shape from reverse rank order, an item apart; each rank receives its own. */
    static void scatterv(final Shape s, final Shape r, final int root, final boolean v)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int[] counts = new int[size];
        final int[] displs = new int[size];
        final int end = layOut(s, root, v, counts, displs, false);
        int[] send = null;
        if (rank == root)
        {
            send = Shape.filled(end, JUNK);
            for (int to = 0; to < size; to++)
            {
                final int receiver = to;
                s.put(send, OFFSET + displs[to] * s.extent, counts[to], j -> value(root, receiver, j));
            }
        }
        final int recvcount = r.items((v ? blocks(root, rank) : 1) * BLOCK);
        final int[] recv = Shape.filled(r.end(OFFSET, recvcount), HOLE);
        final int[] expected = recv.clone();
        r.put(expected, OFFSET, recvcount, j -> value(root, rank, j));
        if (v)
        {
            MPI.COMM_WORLD.Scatterv(send, OFFSET, counts, displs, s.type, recv, OFFSET, recvcount, r.type, root);
        }
        else
        {
            MPI.COMM_WORLD.Scatter(send, OFFSET, counts[0], s.type, recv, OFFSET, recvcount, r.type, root);
        }
        Check.equal(expected, recv, (v ? "Scatterv " : "Scatter ") + s + " from root " + root + " to " + r + " at rank " + rank);
    }

    /** Every rank gathers every rank's blocks, in reverse rank order and an item apart for the v-variant. */
    static void allgatherv(final Shape s, final Shape r, final boolean v)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int sendcount = s.items((v ? blocks(rank, 0) : 1) * BLOCK);
        final int[] send = Shape.filled(s.end(OFFSET, sendcount), JUNK);
        s.put(send, OFFSET, sendcount, j -> value(rank, 0, j));
        final int[] counts = new int[size];
        final int[] displs = new int[size];
        final int[] recv = Shape.filled(layOut(r, 0, v, counts, displs, true), HOLE);
        final int[] expected = recv.clone();
        if (v)
        {
            MPI.COMM_WORLD.Allgatherv(send, OFFSET, sendcount, s.type, recv, OFFSET, counts, displs, r.type);
        }
        else
        {
            MPI.COMM_WORLD.Allgather(send, OFFSET, sendcount, s.type, recv, OFFSET, counts[0], r.type);
        }
        for (int from = 0; from < size; from++)
        {
            final int sender = from;
            r.put(expected, OFFSET + displs[from] * r.extent, counts[from], j -> value(sender, 0, j));
        }
        Check.equal(expected, recv, (v ? "Allgatherv " : "Allgather ") + s + " to " + r + " at rank " + rank);
    }

    /** Each rank sends a block to every rank and receives one from each, blocks in reverse order and an item apart for the v-variant. */
    static void alltoallv(final Shape s, final Shape r, final boolean v)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int[] sendcounts = new int[size];
        final int[] sdispls = new int[size];
        final int[] send = Shape.filled(layOut(s, rank, v, sendcounts, sdispls, false), JUNK);
        for (int to = 0; to < size; to++)
        {
            final int receiver = to;
            s.put(send, OFFSET + sdispls[to] * s.extent, sendcounts[to], j -> value(rank, receiver, j));
        }
        final int[] recvcounts = new int[size];
        final int[] rdispls = new int[size];
        final int[] recv = Shape.filled(layOut(r, rank, v, recvcounts, rdispls, true), HOLE);
        final int[] expected = recv.clone();
        if (v)
        {
            MPI.COMM_WORLD.Alltoallv(send, OFFSET, sendcounts, sdispls, s.type, recv, OFFSET, recvcounts, rdispls, r.type);
        }
        else
        {
            MPI.COMM_WORLD.Alltoall(send, OFFSET, sendcounts[0], s.type, recv, OFFSET, recvcounts[0], r.type);
        }
        for (int from = 0; from < size; from++)
        {
            final int sender = from;
            r.put(expected, OFFSET + rdispls[from] * r.extent, recvcounts[from], j -> value(sender, rank, j));
        }
        Check.equal(expected, recv, (v ? "Alltoallv " : "Alltoall ") + s + " to " + r + " at rank " + rank);
    }

    /**
     * Fills per-rank counts and displacements (in items of {@code shape}) for the blocks rank {@code self} exchanges
     * with every rank: for the v-variant, {@link #blocks} blocks each, in reverse rank order with an item between
     * them; else one block each, one after another, as the plain variants place them.
     *
     * @param fromEveryone whether the blocks come from every rank to {@code self} (else they go from it to every rank).
     * @return the length of a buffer that holds them from {@link Shape#OFFSET}.
     */
    static int layOut(final Shape shape, final int self, final boolean v, final int[] counts, final int[] displs, final boolean fromEveryone)
    {
        final int size = counts.length;
        int at = 0;
        for (int i = size - 1; i >= 0; i--)
        {
            final int rank = v ? i : size - 1 - i;
            counts[rank] = shape.items((v ? (fromEveryone ? blocks(rank, self) : blocks(self, rank)) : 1) * BLOCK);
            displs[rank] = at;
            at += counts[rank] + (v ? 1 : 0);
        }
        return shape.end(OFFSET, at);
    }

    /** A Gather of objects into a Vector of MPI.OBJECT: the objects land in its items, the holes keep what they held. */
    public static final class ObjectsIntoHoles
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Datatype everyOther = Datatype.Vector(2, 1, 2, MPI.OBJECT);
            everyOther.Commit();
            for (int root = 0; root < size; root++)
            {
                final Object[] gathered = new Object[1 + 3 * size];
                java.util.Arrays.fill(gathered, "hole");
                MPI.COMM_WORLD.Gather(new Object[] {rank + ".a", rank + ".b"}, 0, 2, MPI.OBJECT, gathered, 1, 1, everyOther, root);
                final Object[] expected = new Object[gathered.length];
                java.util.Arrays.fill(expected, "hole");
                for (int r = 0; rank == root && r < size; r++)
                {
                    expected[1 + 3 * r] = r + ".a";
                    expected[3 + 3 * r] = r + ".b";
                }
                Check.equal(expected, gathered, "Gather into a Vector of MPI.OBJECT at root " + root);

                final Object[] mine = {"x", "hole", "x"};
                MPI.COMM_WORLD.Scatter(gathered, 1, 1, everyOther, mine, 0, 1, everyOther, root);
                Check.equal(new Object[] {rank + ".a", "hole", rank + ".b"}, mine, "Scatter from a Vector of MPI.OBJECT at root " + root);
            }
            MPI.Finalize();
        }
    }
    /**
     * Send and receive types whose signatures differ fail where a rank can tell (its own block), naming both; MAXLOC
     * on items of an odd number of elements fails; the communicator stays usable.
     */
    public static final class MismatchedSignatures
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Datatype three = Datatype.Contiguous(3, MPI.INT);
            three.Commit();
            Check.fails(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Allgather(new int[4], 0, 4, MPI.INT, new int[3 * size], 0, 1, three),
                "Allgather", "4 x MPI.INT", "1 x " + three, "type signatures");
            Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Alltoall(new int[2 * size], 0, 2, MPI.INT, new int[3 * size], 0, 1, three),
                "Alltoall", "2 x MPI.INT", "type signatures");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Allgather(new int[1], 0, 1, MPI.INT, new double[size], 0, 1, MPI.DOUBLE),
                "MPI.INT", "MPI.DOUBLE", "different kinds");
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Allreduce(new int[3], 0, new int[3], 0, 1, three, MPI.MAXLOC), "MAXLOC", "pairs",
                three.toString());
            final int[] ones = new int[size];
            java.util.Arrays.fill(ones, 1);
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Allgatherv(new int[4], 0, 4, MPI.INT, new int[4], 0, ones, new int[size],
                Shape.vector().type), "Allgatherv", "block 0", "extent 5", "length 4");

            final int[] gathered = new int[3 * size];
            MPI.COMM_WORLD.Allgather(new int[] {rank, rank + 1, rank + 2}, 0, 3, MPI.INT, gathered, 0, 1, three);
            for (int r = 0; r < size; r++)
            {
                Check.equal(new int[] {r, r + 1, r + 2}, java.util.Arrays.copyOfRange(gathered, 3 * r, 3 * r + 3),
                    "3 x MPI.INT gathered as 1 x " + three + " after the errors, from rank " + r);
            }
            MPI.Finalize();
        }
    }
}
