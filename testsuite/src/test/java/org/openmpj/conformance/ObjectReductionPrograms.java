package org.openmpj.conformance;

import java.util.Arrays;

import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;

import org.openmpj.testing.Check;

/**
 * Reductions of MPI.OBJECT: a non-commutative user operation (concatenation of the program's own serializable
 * class) gives rank-order results by Reduce at every root, Allreduce, Scan and Reduce_scatter; predefined
 * operations fail with ERR_OP. Any number of ranks.
 */
final class ObjectReductionPrograms
{
    /** Objects each rank contributes. */
    private static final int COUNT = 3;

    private ObjectReductionPrograms()
    {
    }

    /** A class of the program's own, so that the operation's cast fails on objects of another rank's loader. */
    static final class Link implements java.io.Serializable
    {
        private static final long serialVersionUID = 1L;
        final String text;

        Link(final String text)
        {
            this.text = text;
        }
    }

    /** Concatenates the texts of the lower ranks' links and the higher ranks' links: inoutvec[i] = invec[i] + inoutvec[i]. */
    static final Op CONCAT = new Op(new User_function()
    {
        @Override
        public void Call(final Object invec, final int inoffset, final Object inoutvec, final int inoutoffset, final int count,
            final Datatype datatype)
        {
            final Object[] in = (Object[])invec;
            final Object[] inout = (Object[])inoutvec;
            for (int i = 0; i < count; i++)
            {
                inout[inoutoffset + i] = new Link(((Link)in[inoffset + i]).text + ((Link)inout[inoutoffset + i]).text);
            }
        }
    }, false);

    /** The text of link i of rank r. */
    static String text(final int rank, final int i)
    {
        return "<" + rank + "." + i + ">";
    }

    /** @return the concatenation of the texts of link i of ranks 0 to {@code last}. */
    static String concatenated(final int last, final int i)
    {
        final StringBuilder text = new StringBuilder();
        for (int r = 0; r <= last; r++)
        {
            text.append(text(r, i));
        }
        return text.toString();
    }

    /** Every reduction with {@link #CONCAT}, then every predefined operation refused. */
    public static final class NonCommutativeConcatenation
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Object[] mine = new Object[COUNT + 2];
            for (int i = 0; i < COUNT; i++)
            {
                mine[1 + i] = new Link(text(rank, i));
            }
            for (int root = 0; root < size; root++)
            {
                final Object[] recv = {"before", null, null, null, "after"};
                MPI.COMM_WORLD.Reduce(mine, 1, recv, 1, COUNT, MPI.OBJECT, CONCAT, root);
                if (rank == root)
                {
                    check("Reduce at root " + root, recv, 1, COUNT, size - 1, 0, mine);
                    Check.equal("after", recv[4], "Reduce: the element after the result");
                }
                else
                {
                    Check.equal(new Object[] {"before", null, null, null, "after"}, recv, "Reduce: buffer away from root " + root);
                }
            }
            // A typed receive buffer: the results must fit a Link[].
            final Link[] everywhere = new Link[COUNT + 1];
            MPI.COMM_WORLD.Allreduce(mine, 1, everywhere, 1, COUNT, MPI.OBJECT, CONCAT);
            check("Allreduce", everywhere, 1, COUNT, size - 1, 0, mine);
            Check.that(everywhere[0] == null, "Allreduce: the element before the result untouched");

            final Object[] prefix = new Object[COUNT];
            MPI.COMM_WORLD.Scan(mine, 1, prefix, 0, COUNT, MPI.OBJECT, CONCAT);
            check("Scan", prefix, 0, COUNT, rank, 0, mine);

            final int[] counts = new int[size];
            int first = 0;
            int total = 0;
            for (int r = 0; r < size; r++)
            {
                counts[r] = r % 2 + 1;
                first += r < rank ? counts[r] : 0;
                total += counts[r];
            }
            final Object[] all = new Object[total];
            for (int i = 0; i < total; i++)
            {
                all[i] = new Link(text(rank, i));
            }
            final Object[] piece = new Object[counts[rank]];
            MPI.COMM_WORLD.Reduce_scatter(all, 0, piece, 0, counts, MPI.OBJECT, CONCAT);
            check("Reduce_scatter", piece, 0, counts[rank], size - 1, first, all);

            refusesPredefinedOperations(mine);
            MPI.Finalize();
        }
    }

    /**
     * Checks {@code count} results from {@code at}: link i is the concatenation of ranks 0 to {@code last}'s link
     * {@code first + i}, of this rank's own class, and not an object of the send buffer {@code sent}.
     */
    static void check(final String what, final Object[] got, final int at, final int count, final int last, final int first,
        final Object[] sent)
    {
        for (int i = 0; i < count; i++)
        {
            final Object result = got[at + i];
            Check.that(result != null && result.getClass() == Link.class, what + ": result " + i + " is a " + result
                + ", not this rank's Link");
            Check.equal(concatenated(last, first + i), ((Link)result).text, what + ": result " + i);
            Check.that(Arrays.stream(sent).noneMatch(object -> object == result), what + ": result " + i + " is an object of the send buffer");
        }
    }

    /** SUM, MAX and MAXLOC on MPI.OBJECT fail with ERR_OP in every reduction, naming the operation and the type. */
    static void refusesPredefinedOperations(final Object[] mine)
    {
        final int size = MPI.COMM_WORLD.Size();
        final Object[] recv = new Object[COUNT];
        for (final Op op : new Op[] {MPI.SUM, MPI.MAX, MPI.MAXLOC})
        {
            final String name = op.toString();
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Reduce(mine, 1, recv, 0, COUNT, MPI.OBJECT, op, 0), "Reduce", name, "MPI.OBJECT");
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Allreduce(mine, 1, recv, 0, COUNT, MPI.OBJECT, op), "Allreduce", name, "MPI.OBJECT");
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Scan(mine, 1, recv, 0, COUNT, MPI.OBJECT, op), "Scan", name, "MPI.OBJECT");
            final int[] ones = new int[size];
            Arrays.fill(ones, 1);
            Check.fails(MPI.ERR_OP, () -> MPI.COMM_WORLD.Reduce_scatter(new Object[size], 0, recv, 0, ones, MPI.OBJECT, op), "Reduce_scatter",
                name, "MPI.OBJECT");
        }
        Check.equal(new Object[COUNT], recv, "receive buffer after the refused reductions");
    }
}
