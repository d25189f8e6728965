package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;
import static org.openmpj.conformance.Exchange.rank;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

import mpi.Datatype;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The programs of the datatype suite: derived datatypes through every path a message takes (blocking and
 * non-blocking, unexpected and pre-posted, packed and direct, persistent, buffered) and through Pack and
 * Unpack. Each works at any number of ranks from 1 up; every rank sends to the next and receives from the
 * previous one.
 */
final class DatatypePrograms
{
    private DatatypePrograms()
    {
    }

    /**
     * A committed type, the items of it a test sends, and the elements they touch in the order they are packed,
     * which the test states independently of the implementation.
     */
    static final class Case
    {
        final String name;
        final Datatype type;
        final Datatype base;
        final int offset;
        final int count;
        final int length;
        final int[] touched;

        /**
         * @param extent the extent the type must have.
         * @param size   the size the type must have.
         * @param item   the elements one item touches, from its origin, in pack order.
         */
        Case(final String name, final Datatype type, final Datatype base, final int offset, final int count, final int length,
            final int extent, final int size, final int... item)
        {
            type.Commit();
            Check.equal(extent, type.Extent(), name + ": Extent");
            Check.equal(size, type.Size(), name + ": Size");
            Check.equal(item.length, size, name + ": the elements the test lists for one item");
            this.name = name;
            this.type = type;
            this.base = base;
            this.offset = offset;
            this.count = count;
            this.length = length;
            this.touched = new int[count * item.length];
            for (int i = 0; i < count; i++)
            {
                for (int j = 0; j < item.length; j++)
                {
                    touched[i * item.length + j] = offset + i * extent + item[j];
                }
            }
        }

        int elements()
        {
            return touched.length;
        }
    }

    /** Every constructor, nested types and markers, each through every path. */
    public static final class Constructors
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            int tag = 0;
            for (final Case c : constructorCases())
            {
                roundTrips(c, tag);
                tag += 10;
            }
            Exchange.checkRing(1, "the derived datatypes");
            MPI.Finalize();
        }
    }

    /** Contiguous, Vector and Indexed types of every basic type, OBJECT included, small and past the eager limit. */
    public static final class EveryBaseType
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Datatype[] bases = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE, MPI.PACKED,
                MPI.OBJECT};
            int tag = 0;
            for (final Datatype base : bases)
            {
                final List<Case> cases = List.of(
                    new Case("Contiguous(3, " + base + ")", Datatype.Contiguous(3, base), base, 1, 2, 9, 3, 3, 0, 1, 2),
                    new Case("Vector(3, 1, 2, " + base + ")", Datatype.Vector(3, 1, 2, base), base, 1, 2, 12, 5, 3, 0, 2, 4),
                    new Case("Indexed of " + base, Datatype.Indexed(new int[] {1, 2}, new int[] {3, 0}, base), base, 0, 2, 9, 4, 3, 3, 0, 1),
                    new Case("Vector(3000, 1, 2, " + base + ")", Datatype.Vector(3_000, 1, 2, base), base, 0, 1, 6_000, 5_999, 3_000,
                        everyOther(3_000)));
                for (final Case c : cases)
                {
                    roundTrips(c, tag);
                    tag += 10;
                }
            }
            Exchange.checkRing(2, "every base type");
            MPI.Finalize();
        }
    }

    /**
     * Persistent sends and receives started several times (the data is read at each start), buffered sends,
     * Sendrecv, Sendrecv_replace and Waitall over packed receives.
     */
    public static final class OtherPaths
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Case column = new Case("matrix column", Datatype.Vector(6, 1, 6, MPI.DOUBLE), MPI.DOUBLE, 2, 1, 36, 31, 6,
                0, 6, 12, 18, 24, 30);
            final Object sentinel = values(MPI.DOUBLE, column.length, DataPrograms.SENTINEL_SEED);

            final double[] out = (double[])values(MPI.DOUBLE, column.length, rank());
            final double[] in = new double[column.length];
            final Prequest send = MPI.COMM_WORLD.Send_init(out, column.offset, 1, column.type, next(), 1);
            final Prequest receive = MPI.COMM_WORLD.Recv_init(in, column.offset, 1, column.type, prev(), 1);
            for (int round = 0; round < 3; round++)
            {
                final double[] now = (double[])values(MPI.DOUBLE, column.length, rank() + 10 * round);
                System.arraycopy(now, 0, out, 0, out.length);
                System.arraycopy(sentinel, 0, in, 0, in.length);
                receive.Start();
                send.Start();
                final Status status = receive.Wait();
                send.Wait();
                Check.equal(1, status.Get_count(column.type), "persistent receive round " + round + ": Get_count");
                checkScattered("persistent round " + round, in, values(MPI.DOUBLE, column.length, prev() + 10 * round), sentinel,
                    column.touched);
            }
            send.Free();
            receive.Free();

            MPI.Buffer_attach(new byte[4 * (column.length * 8 + MPI.BSEND_OVERHEAD)]);
            final double[] buffered = (double[])values(MPI.DOUBLE, column.length, DataPrograms.SENTINEL_SEED);
            final Request bsend = MPI.COMM_WORLD.Ibsend(out, column.offset, 1, column.type, next(), 2);
            MPI.COMM_WORLD.Bsend(out, column.offset, 1, column.type, next(), 3);
            java.util.Arrays.fill(out, -1);
            MPI.COMM_WORLD.Recv(buffered, column.offset, 1, column.type, prev(), 2);
            checkScattered("Ibsend", buffered, values(MPI.DOUBLE, column.length, prev() + 20), sentinel, column.touched);
            MPI.COMM_WORLD.Recv(buffered, column.offset, 1, column.type, prev(), 3);
            checkScattered("Bsend", buffered, values(MPI.DOUBLE, column.length, prev() + 20), sentinel, column.touched);
            bsend.Wait();
            MPI.Buffer_detach();

            final double[] mine = (double[])values(MPI.DOUBLE, column.length, rank());
            final double[] theirs = (double[])values(MPI.DOUBLE, column.length, DataPrograms.SENTINEL_SEED);
            MPI.COMM_WORLD.Sendrecv(mine, column.offset, 1, column.type, next(), 4, theirs, column.offset, 1, column.type, prev(), 4);
            checkScattered("Sendrecv", theirs, values(MPI.DOUBLE, column.length, prev()), sentinel, column.touched);
            final Status replaced = MPI.COMM_WORLD.Sendrecv_replace(mine, column.offset, 1, column.type, next(), 5, prev(), 5);
            checkScattered("Sendrecv_replace", mine, values(MPI.DOUBLE, column.length, prev()), values(MPI.DOUBLE, column.length, rank()),
                column.touched);
            Check.equal(6, replaced.Get_elements(column.type), "Sendrecv_replace: Get_elements");

            final double[] fresh = (double[])values(MPI.DOUBLE, column.length, rank());
            final double[][] ins = {new double[column.length], new double[column.length]};
            final Request[] receives = {
                MPI.COMM_WORLD.Irecv(ins[0], column.offset, 1, column.type, prev(), 6),
                MPI.COMM_WORLD.Irecv(ins[1], column.offset, 1, column.type, prev(), 7),
            };
            final Request[] sends = {
                MPI.COMM_WORLD.Issend(fresh, column.offset, 1, column.type, next(), 7),
                MPI.COMM_WORLD.Isend(fresh, column.offset, 1, column.type, next(), 6),
            };
            Request.Waitall(receives);
            Request.Waitall(sends);
            for (final double[] got : ins)
            {
                checkScattered("Waitall", got, values(MPI.DOUBLE, column.length, prev()), new double[column.length], column.touched);
            }
            Exchange.checkRing(3, "the other paths");
            MPI.Finalize();
        }
    }

    /**
     * A steady stream of non-contiguous messages allocates no scratch memory once warm: far less per message
     * than the message itself, which packing into fresh arrays would allocate twice.
     */
    public static final class SteadyStream
    {
        static final int ELEMENTS = 100_000;
        static final int WARM_UP = 30;
        static final int MESSAGES = 100;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Datatype column = Datatype.Vector(ELEMENTS, 1, 2, MPI.DOUBLE);
            column.Commit();
            final double[] out = new double[2 * ELEMENTS];
            final double[] in = new double[2 * ELEMENTS];
            final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
            for (int i = 0; i < WARM_UP; i++)
            {
                exchange(column, out, in);
            }
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < MESSAGES; i++)
            {
                exchange(column, out, in);
            }
            final long perMessage = (threads.getCurrentThreadAllocatedBytes() - before) / MESSAGES;
            Check.that(perMessage < ELEMENTS * 8 / 16, "a non-contiguous message of " + ELEMENTS * 8 + " bytes allocated "
                + perMessage + " bytes per send and receive");
            MPI.Finalize();
        }

        private static void exchange(final Datatype column, final double[] out, final double[] in)
        {
            final Request send = MPI.COMM_WORLD.Isend(out, 0, 1, column, next(), 1);
            MPI.COMM_WORLD.Recv(in, 0, 1, column, prev(), 1);
            send.Wait();
        }
    }

    static List<Case> constructorCases()
    {
        final List<Case> cases = new ArrayList<>();
        cases.add(new Case("Contiguous(3, INT)", Datatype.Contiguous(3, MPI.INT), MPI.INT, 1, 2, 10, 3, 3, 0, 1, 2));
        cases.add(new Case("Vector(3, 2, 4, INT)", Datatype.Vector(3, 2, 4, MPI.INT), MPI.INT, 0, 1, 12, 10, 6, 0, 1, 4, 5, 8, 9));
        cases.add(new Case("matrix column", Datatype.Vector(5, 1, 5, MPI.DOUBLE), MPI.DOUBLE, 2, 1, 25, 21, 5, 0, 5, 10, 15, 20));
        cases.add(new Case("two Vector items", Datatype.Vector(2, 1, 3, MPI.LONG), MPI.LONG, 1, 2, 12, 4, 2, 0, 3));
        cases.add(new Case("contiguous Vector", Datatype.Vector(3, 2, 2, MPI.DOUBLE), MPI.DOUBLE, 1, 2, 14, 6, 6, 0, 1, 2, 3, 4, 5));
        cases.add(new Case("Hvector of pairs", Datatype.Hvector(3, 1, 3, Datatype.Contiguous(2, MPI.LONG)), MPI.LONG, 0, 1, 9, 8, 6,
            0, 1, 3, 4, 6, 7));
        cases.add(new Case("Vector of pairs", Datatype.Vector(2, 1, 3, Datatype.Contiguous(2, MPI.FLOAT)), MPI.FLOAT, 1, 2, 20, 8, 4,
            0, 1, 6, 7));
        cases.add(new Case("Indexed", Datatype.Indexed(new int[] {2, 1, 3}, new int[] {4, 0, 7}, MPI.SHORT), MPI.SHORT, 0, 2, 22, 10, 6,
            4, 5, 0, 7, 8, 9));
        cases.add(new Case("Hindexed out of order", Datatype.Hindexed(new int[] {1, 2}, new int[] {5, 1}, Datatype.Contiguous(2, MPI.FLOAT)),
            MPI.FLOAT, 0, 2, 14, 6, 6, 5, 6, 1, 2, 3, 4));
        cases.add(new Case("Struct with LB and UB", Datatype.Struct(new int[] {1, 2, 1, 1}, new int[] {-1, 1, 4, 6},
            new Datatype[] {MPI.LB, MPI.CHAR, MPI.CHAR, MPI.UB}), MPI.CHAR, 1, 2, 16, 7, 3, 1, 2, 4));
        cases.add(new Case("Vector of Indexed", Datatype.Vector(2, 1, 2, Datatype.Indexed(new int[] {1, 1}, new int[] {0, 2}, MPI.BYTE)),
            MPI.BYTE, 0, 2, 20, 9, 4, 0, 2, 6, 8));
        cases.add(new Case("Contiguous of Vector", Datatype.Contiguous(2, Datatype.Vector(2, 1, 3, MPI.INT)), MPI.INT, 0, 1, 8, 8, 4,
            0, 3, 4, 7));
        final Datatype padded = Datatype.Struct(new int[] {2, 1}, new int[] {0, 3}, new Datatype[] {MPI.INT, MPI.UB});
        cases.add(new Case("Indexed of a padded Struct", Datatype.Indexed(new int[] {2}, new int[] {1}, padded), MPI.INT, 0, 2, 20, 6, 4,
            3, 4, 6, 7));
        cases.add(new Case("Vector past the eager limit", Datatype.Vector(20_000, 1, 2, MPI.INT), MPI.INT, 0, 1, 40_000, 39_999, 20_000,
            everyOther(20_000)));
        cases.add(new Case("MPI.INT2", MPI.INT2, MPI.INT, 1, 3, 8, 2, 2, 0, 1));
        return cases;
    }

    /** @return {@code 0, 2, 4, …} of {@code n} elements. */
    static int[] everyOther(final int n)
    {
        final int[] item = new int[n];
        for (int i = 0; i < n; i++)
        {
            item[i] = 2 * i;
        }
        return item;
    }

    /**
     * Sends items of {@code c} to the next rank and receives them from the previous one along every path:
     * derived to derived (blocking send to a posted non-blocking receive, non-blocking send to a blocking
     * receive), derived to basic and back, and packed, locally and as an {@code MPI.PACKED} message.
     */
    static void roundTrips(final Case c, final int tag)
    {
        final Object sent = values(c.base, c.length, rank());
        final Object expected = values(c.base, c.length, prev());
        final Object sentinel = values(c.base, c.length, DataPrograms.SENTINEL_SEED);

        Object in = values(c.base, c.length, DataPrograms.SENTINEL_SEED);
        Request receive = MPI.COMM_WORLD.Irecv(in, c.offset, c.count, c.type, prev(), tag);
        MPI.COMM_WORLD.Send(sent, c.offset, c.count, c.type, next(), tag);
        Status status = receive.Wait();
        checkScattered(c.name + " Send to Irecv", in, expected, sentinel, c.touched);
        checkCounts(c.name + " Send to Irecv", status, c.count, c.elements(), c.type);

        in = values(c.base, c.length, DataPrograms.SENTINEL_SEED);
        Request send = MPI.COMM_WORLD.Isend(sent, c.offset, c.count, c.type, next(), tag + 1);
        status = MPI.COMM_WORLD.Recv(in, c.offset, c.count, c.type, prev(), tag + 1);
        send.Wait();
        checkScattered(c.name + " Isend to Recv", in, expected, sentinel, c.touched);
        checkCounts(c.name + " Isend to Recv", status, c.count, c.elements(), c.type);

        final Object flat = values(c.base, c.elements() + 2, DataPrograms.SENTINEL_SEED);
        receive = MPI.COMM_WORLD.Irecv(flat, 1, c.elements() + 1, c.base, prev(), tag + 2);
        MPI.COMM_WORLD.Send(sent, c.offset, c.count, c.type, next(), tag + 2);
        status = receive.Wait();
        checkGathered(c.name + " to its base type", flat, 1, expected, c.touched);
        Check.equal(c.elements(), status.Get_count(c.base), c.name + " to its base type: Get_count of the base type");

        final Object packedValues = values(c.base, c.elements(), rank() + 50);
        in = values(c.base, c.length, DataPrograms.SENTINEL_SEED);
        send = MPI.COMM_WORLD.Isend(packedValues, 0, c.elements(), c.base, next(), tag + 3);
        status = MPI.COMM_WORLD.Recv(in, c.offset, c.count, c.type, prev(), tag + 3);
        send.Wait();
        checkInto(c.name + " from its base type", in, values(c.base, c.elements(), prev() + 50), sentinel, c.touched);
        checkCounts(c.name + " from its base type", status, c.count, c.elements(), c.type);

        packing(c, tag + 4, sent, expected, sentinel);
    }

    private static void packing(final Case c, final int tag, final Object sent, final Object expected, final Object sentinel)
    {
        final int size = MPI.COMM_WORLD.Pack_size(c.count, c.type);
        final boolean objects = c.base == MPI.OBJECT;
        final byte[] packed = new byte[objects ? 200 + 40 * c.elements() : 2 * size + 5];
        final int middle = MPI.COMM_WORLD.Pack(sent, c.offset, c.count, c.type, packed, 3);
        final int end = MPI.COMM_WORLD.Pack(sent, c.offset, c.count, c.type, packed, middle);
        Check.that(middle - 3 >= size, c.name + ": Pack wrote " + (middle - 3) + " bytes, fewer than Pack_size " + size);
        if (!objects)
        {
            Check.equal(3 + size, middle, c.name + ": position after Pack");
            Check.equal(3 + 2 * size, end, c.name + ": position after a second Pack");
        }

        final Object back = values(c.base, c.length, DataPrograms.SENTINEL_SEED);
        Check.equal(middle, MPI.COMM_WORLD.Unpack(packed, 3, back, c.offset, c.count, c.type), c.name + ": position after Unpack");
        checkScattered(c.name + " Pack then Unpack", back, sent, sentinel, c.touched);
        final Object flat = values(c.base, c.elements(), DataPrograms.SENTINEL_SEED);
        Check.equal(end, MPI.COMM_WORLD.Unpack(packed, middle, flat, 0, c.elements(), c.base), c.name + ": position after a second Unpack");
        checkGathered(c.name + " Pack then Unpack as the base type", flat, 0, sent, c.touched);

        final byte[] arrived = new byte[packed.length];
        final Request receive = MPI.COMM_WORLD.Irecv(arrived, 0, arrived.length, MPI.PACKED, prev(), tag);
        MPI.COMM_WORLD.Send(packed, 0, end, MPI.PACKED, next(), tag);
        final Status status = receive.Wait();
        final Object unpacked = values(c.base, c.length, DataPrograms.SENTINEL_SEED);
        final int position = MPI.COMM_WORLD.Unpack(arrived, 3, unpacked, c.offset, c.count, c.type);
        Check.equal(status.Get_count(MPI.PACKED), MPI.COMM_WORLD.Unpack(arrived, position, unpacked, c.offset, c.count, c.type),
            c.name + ": position after unpacking a packed message");
        checkScattered(c.name + " packed message", unpacked, expected, sentinel, c.touched);
    }

    static void checkCounts(final String what, final Status status, final int count, final int elements, final Datatype type)
    {
        Check.equal(count, status.Get_count(type), what + ": Get_count");
        Check.equal(elements, status.Get_elements(type), what + ": Get_elements");
        Check.equal(prev(), status.source, what + ": source");
    }

    /** @return distinct values of {@code base} for a buffer of {@code length}, seeded: strings for {@code OBJECT}. */
    static Object values(final Datatype base, final int length, final int seed)
    {
        if (base == MPI.OBJECT)
        {
            final Object[] values = new Object[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = i % 7 == 3 ? null : seed + ":" + i;
            }
            return values;
        }
        return DataPrograms.values(base, length, seed);
    }

    /** Checks {@code got} holds {@code source}'s elements at {@code touched} and {@code sentinel}'s elsewhere. */
    static void checkScattered(final String what, final Object got, final Object source, final Object sentinel, final int[] touched)
    {
        final Object expected = copy(sentinel);
        for (final int index : touched)
        {
            Array.set(expected, index, Array.get(source, index));
        }
        same(what, expected, got);
    }

    /** Checks {@code got} holds {@code values[j]} at {@code touched[j]} and {@code sentinel}'s elements elsewhere. */
    static void checkInto(final String what, final Object got, final Object values, final Object sentinel, final int[] touched)
    {
        final Object expected = copy(sentinel);
        for (int j = 0; j < touched.length; j++)
        {
            Array.set(expected, touched[j], Array.get(values, j));
        }
        same(what, expected, got);
    }

    /** Checks {@code got} holds, from {@code at}, {@code source}'s elements at {@code touched} in order. */
    static void checkGathered(final String what, final Object got, final int at, final Object source, final int[] touched)
    {
        for (int j = 0; j < touched.length; j++)
        {
            final Object want = Array.get(source, touched[j]);
            final Object actual = Array.get(got, at + j);
            if (!java.util.Objects.equals(want, actual))
            {
                Check.equal(want, actual, what + ": element " + (at + j) + ", packed from element " + touched[j]);
            }
        }
    }

    private static Object copy(final Object array)
    {
        final Object copy = Array.newInstance(array.getClass().getComponentType(), Array.getLength(array));
        System.arraycopy(array, 0, copy, 0, Array.getLength(array));
        return copy;
    }

    private static void same(final String what, final Object expected, final Object got)
    {
        Check.equal(Array.getLength(expected), Array.getLength(got), what + ": buffer length");
        for (int i = 0; i < Array.getLength(expected); i++)
        {
            if (!java.util.Objects.equals(Array.get(expected, i), Array.get(got, i)))
            {
                Check.equal(Array.get(expected, i), Array.get(got, i), what + ": element " + i);
            }
        }
    }
}
