package org.openmpj.conformance;

import static org.openmpj.conformance.Shape.HOLE;
import static org.openmpj.conformance.Shape.JUNK;
import static org.openmpj.conformance.Shape.OFFSET;

import java.util.function.IntBinaryOperator;

import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;

import org.openmpj.testing.Check;

/**
 * Reduce, Allreduce, Scan and Reduce_scatter on derived datatypes with holes: predefined operations combine the
 * elements one by one, and a user-defined, non-commutative operation gets whole items laid out as the datatype
 * describes. Receive buffers are checked whole, also at ranks that have none (Reduce away from its root). Any
 * number of ranks.
 */
final class TypedReductionPrograms
{
    /** Items of four elements each rank contributes; Reduce_scatter gives rank i {@code i % 2 + 1} of them. */
    private static final int ITEMS = 3;

    private TypedReductionPrograms()
    {
    }

    /** The j-th element rank {@code rank} contributes. */
    static int value(final int rank, final int j)
    {
        return (rank * 7 + j * 3) % 11 + 1;
    }

    /** Element j of rank r's contribution as 2x2 matrices, item k being the matrix {k + r + 1, 2, (k + r) % 3, 1}. */
    static int matrixValue(final int rank, final int j)
    {
        final int k = j / 4;
        return switch (j % 4)
        {
            case 0 -> k + rank + 1;
            case 1 -> 2;
            case 2 -> (k + rank) % 3;
            default -> 1;
        };
    }

    /** SUM of every shape of four elements an item, by every reduction. */
    public static final class PredefinedElementWise
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            for (final Shape shape : Shape.quads())
            {
                everyReduction(shape, MPI.SUM, TypedReductionPrograms::value, Integer::sum);
            }
            maxlocOfSpreadPairs();
            MPI.Finalize();
        }
    }

    /** The product of 2x2 matrices (mod 1000), non-commutative, by every reduction: the function finds each item's elements by the layout. */
    public static final class UserOperationOnItems
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            for (final Shape shape : Shape.quads())
            {
                everyReduction(shape, product(shape), TypedReductionPrograms::matrixValue, null);
            }
            MPI.Finalize();
        }
    }

    /**
     * Runs Reduce at the first and last root, Allreduce, Scan and Reduce_scatter of {@code shape}; {@code serial}
     * combines two elements, or null for the matrix product.
     */
    static void everyReduction(final Shape shape, final Op op, final IntBinaryOperator values, final IntBinaryOperator serial)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int[] mine = Shape.filled(shape.end(OFFSET, ITEMS), JUNK);
        shape.put(mine, OFFSET, ITEMS, j -> values.applyAsInt(rank, j));
        final String what = op + " of " + shape;
        for (final int root : new int[] {0, size - 1})
        {
            final int[] recv = Shape.filled(shape.end(OFFSET, ITEMS), HOLE);
            final int[] expected = recv.clone();
            if (rank == root)
            {
                shape.put(expected, OFFSET, ITEMS, j -> combined(size - 1, j, values, serial));
            }
            MPI.COMM_WORLD.Reduce(mine, OFFSET, recv, OFFSET, ITEMS, shape.type, op, root);
            Check.equal(expected, recv, "Reduce " + what + " at root " + root + ", buffer of rank " + rank);
        }
        int[] recv = Shape.filled(shape.end(OFFSET, ITEMS), HOLE);
        int[] expected = recv.clone();
        shape.put(expected, OFFSET, ITEMS, j -> combined(size - 1, j, values, serial));
        MPI.COMM_WORLD.Allreduce(mine, OFFSET, recv, OFFSET, ITEMS, shape.type, op);
        Check.equal(expected, recv, "Allreduce " + what + " at rank " + rank);

        recv = Shape.filled(shape.end(OFFSET, ITEMS), HOLE);
        expected = recv.clone();
        shape.put(expected, OFFSET, ITEMS, j -> combined(rank, j, values, serial));
        MPI.COMM_WORLD.Scan(mine, OFFSET, recv, OFFSET, ITEMS, shape.type, op);
        Check.equal(expected, recv, "Scan " + what + " at rank " + rank);

        final int[] counts = new int[size];
        int total = 0;
        int first = 0;
        for (int r = 0; r < size; r++)
        {
            counts[r] = r % 2 + 1;
            first += r < rank ? counts[r] : 0;
            total += counts[r];
        }
        final int[] all = Shape.filled(shape.end(OFFSET, total), JUNK);
        shape.put(all, OFFSET, total, j -> values.applyAsInt(rank, j));
        recv = Shape.filled(shape.end(OFFSET, counts[rank]), HOLE);
        expected = recv.clone();
        final int start = first * shape.size();
        shape.put(expected, OFFSET, counts[rank], j -> combined(size - 1, start + j, values, serial));
        MPI.COMM_WORLD.Reduce_scatter(all, OFFSET, recv, OFFSET, counts, shape.type, op);
        Check.equal(expected, recv, "Reduce_scatter " + what + " at rank " + rank);
    }

    /** @return element j of the combination, in rank order, of ranks 0 to {@code last}. */
    static int combined(final int last, final int j, final IntBinaryOperator values, final IntBinaryOperator serial)
    {
        if (serial != null)
        {
            int result = values.applyAsInt(0, j);
            for (int r = 1; r <= last; r++)
            {
                result = serial.applyAsInt(result, values.applyAsInt(r, j));
            }
            return result;
        }
        final int base = j - j % 4;
        int[] product = {values.applyAsInt(0, base), values.applyAsInt(0, base + 1), values.applyAsInt(0, base + 2),
            values.applyAsInt(0, base + 3)};
        for (int r = 1; r <= last; r++)
        {
            final int[] next = {values.applyAsInt(r, base), values.applyAsInt(r, base + 1), values.applyAsInt(r, base + 2),
                values.applyAsInt(r, base + 3)};
            product = CollectivePrograms.NonCommutativeInRankOrder.multiply(product, 0, next, 0);
        }
        return product[j % 4];
    }

    /**
     * The 2x2 matrix product on items of {@code shape}, each item one matrix whose entries are the item's elements
     * in pack order. It finds them where the layout puts them (item i at {@code offset + i * extent}), as MPI passes
     * items to a user function, and checks it gets the datatype of the call.
     */
    static Op product(final Shape shape)
    {
        return new Op(new User_function()
        {
            @Override
            public void Call(final Object invec, final int inoffset, final Object inoutvec, final int inoutoffset, final int count,
                final Datatype datatype)
            {
                Check.that(datatype == shape.type, "the user function got " + datatype + " instead of " + shape);
                final int[] in = (int[])invec;
                final int[] inout = (int[])inoutvec;
                for (int i = 0; i < count; i++)
                {
                    final int[] a = new int[4];
                    final int[] b = new int[4];
                    for (int e = 0; e < 4; e++)
                    {
                        a[e] = in[inoffset + i * shape.extent + shape.item[e]];
                        b[e] = inout[inoutoffset + i * shape.extent + shape.item[e]];
                    }
                    final int[] p = CollectivePrograms.NonCommutativeInRankOrder.multiply(a, 0, b, 0);
                    for (int e = 0; e < 4; e++)
                    {
                        inout[inoutoffset + i * shape.extent + shape.item[e]] = p[e];
                    }
                }
            }
        }, false);
    }

    /** MAXLOC on a Vector of INT2 pairs with a pair-sized hole between them: pairs stay pairs, the hole stays. */
    static void maxlocOfSpreadPairs()
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final Shape pairs = new Shape("Vector(2, 1, 2, INT2)", Datatype.Vector(2, 1, 2, MPI.INT2), 6, 0, 1, 4, 5);
        final int[] mine = Shape.filled(pairs.end(OFFSET, ITEMS), JUNK);
        pairs.put(mine, OFFSET, ITEMS, j -> j % 2 == 0 ? (rank * 5 + j) % 4 : rank);
        for (final int root : new int[] {size - 1, size})
        {
            final int[] recv = Shape.filled(pairs.end(OFFSET, ITEMS), HOLE);
            final int[] expected = recv.clone();
            if (root == size || rank == root)
            {
                pairs.put(expected, OFFSET, ITEMS, j ->
                {
                    final int value = j - j % 2;
                    int best = value % 4;
                    int where = 0;
                    for (int r = 1; r < size; r++)
                    {
                        if ((r * 5 + value) % 4 > best)
                        {
                            best = (r * 5 + value) % 4;
                            where = r;
                        }
                    }
                    return j % 2 == 0 ? best : where;
                });
            }
            if (root == size)
            {
                MPI.COMM_WORLD.Allreduce(mine, OFFSET, recv, OFFSET, ITEMS, pairs.type, MPI.MAXLOC);
            }
            else
            {
                MPI.COMM_WORLD.Reduce(mine, OFFSET, recv, OFFSET, ITEMS, pairs.type, MPI.MAXLOC, root);
            }
            Check.equal(expected, recv, "MAXLOC of " + pairs + (root == size ? " by Allreduce" : " at root " + root) + ", rank " + rank);
        }
    }
}
