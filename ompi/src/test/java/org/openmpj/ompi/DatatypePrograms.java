package org.openmpj.ompi;

import static org.openmpj.ompi.PointToPointPrograms.next;
import static org.openmpj.ompi.PointToPointPrograms.prev;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;

import mpi.Datatype;
import mpi.DoubleInt;
import mpi.Int2;
import mpi.Intracomm;
import mpi.LongInt;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.ShortInt;
import mpi.Status;
import mpi.Struct;

/** The programs of the datatype suite: extents in Open MPI's units, the constructors, and messages of derived types. */
final class DatatypePrograms
{
    private DatatypePrograms()
    {
    }

    /** Checks a type's lower bound, extent, size, true lower bound and true extent. */
    static void shape(final Datatype type, final int lb, final int extent, final int size, final int trueLb, final int trueExtent)
        throws MPIException
    {
        final String name = type.getName();
        Check.equal(lb, type.getLb(), name + " lb");
        Check.equal(extent, type.getExtent(), name + " extent");
        Check.equal(size, type.getSize(), name + " size");
        Check.equal(trueLb, type.getTrueLb(), name + " true lb");
        Check.equal(trueExtent, type.getTrueExtent(), name + " true extent");
    }

    /** The extents, sizes and bounds of the predefined types and of every constructor, in base-type units. */
    public static final class Extents
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            shape(MPI.INT, 0, 1, 1, 0, 1);
            shape(MPI.DOUBLE, 0, 1, 1, 0, 1);
            shape(MPI.BYTE, 0, 1, 1, 0, 1);
            shape(MPI.INT2, 0, 8, 8, 0, 8);
            shape(MPI.SHORT_INT, 0, 8, 6, 0, 8);
            shape(MPI.LONG_INT, 0, 16, 12, 0, 12);
            shape(MPI.FLOAT_INT, 0, 8, 8, 0, 8);
            shape(MPI.DOUBLE_INT, 0, 16, 12, 0, 12);
            shape(MPI.DOUBLE_COMPLEX, 0, 2, 2, 0, 2);
            shape(MPI.FLOAT_COMPLEX, 0, 2, 2, 0, 2);
            Check.isTrue(MPI.DATATYPE_NULL.isNull() && !MPI.INT.isNull(), "DATATYPE_NULL");
            shape(Datatype.createContiguous(3, MPI.INT), 0, 3, 3, 0, 3);
            final Datatype vector = Datatype.createVector(3, 2, 4, MPI.INT);
            shape(vector, 0, 10, 6, 0, 10);
            shape(Datatype.createHVector(3, 2, 16, MPI.INT), 0, 10, 6, 0, 10);
            shape(Datatype.createIndexed(new int[] {2, 1}, new int[] {0, 5}, MPI.INT), 0, 6, 3, 0, 6);
            shape(Datatype.createHIndexed(new int[] {2, 1}, new int[] {0, 20}, MPI.INT), 0, 6, 3, 0, 6);
            shape(Datatype.createIndexedBlock(2, new int[] {0, 4}, MPI.INT), 0, 6, 4, 0, 6);
            final Datatype struct = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
            shape(struct, 0, 16, 12, 0, 16);
            shape(Datatype.createResized(MPI.INT, -4, 16), -1, 4, 1, 0, 1);
            shape(Datatype.createResized(struct, 0, 24), 0, 24, 12, 0, 16);
            shape(Datatype.createVector(2, 1, 3, Datatype.createResized(MPI.INT, 0, 8)), 0, 8, 2, 0, 7);
            final Datatype copy = vector.dup();
            shape(copy, 0, 10, 6, 0, 10);
            final int key = Datatype.createKeyval();
            copy.setAttr(key, "tag");
            Check.equal("tag", copy.getAttr(key), "datatype attribute");
            copy.deleteAttr(key);
            Check.isTrue(copy.getAttr(key) == null, "deleted datatype attribute");
            Datatype.freeKeyval(key);
            copy.setName("my vector");
            Check.equal("my vector", copy.getName(), "name");
            Check.equal("MPI.INT", MPI.INT.getName(), "predefined name");
            copy.free();
            Check.isTrue(copy.isNull(), "a freed type is null");
            MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_TYPE, "null", copy::getExtent);
            Check.fails(MPI.ERR_TYPE, "predefined", MPI.INT::free);
            Check.fails(MPI.ERR_ARG, "stride=6 bytes is not a whole number of INT elements",
                () -> Datatype.createHVector(2, 1, 6, MPI.INT));
            Check.fails(MPI.ERR_COUNT, "count=-1", () -> Datatype.createContiguous(-1, MPI.INT));
            Check.fails(MPI.ERR_TYPE, "not committed", () -> MPI.COMM_WORLD.send(new int[10], 1, vector, 0, 0));
            Check.fails(MPI.ERR_TYPE, "freed", () -> MPI.COMM_WORLD.send(new int[10], 1, copy, 0, 0));
            Check.fails(MPI.ERR_TYPE, "cannot describe data", () -> MPI.COMM_WORLD.send(new int[10], 1, MPI.DATATYPE_NULL, 0, 0));
            MPI.Finalize();
        }
    }

    /** A struct of an int and a double, in raw memory, for the message test. */
    static final class Particle extends Struct
    {
        private final int id = addInt();
        private final int mass = setOffset(8).addDouble();

        @Override
        protected Data newData()
        {
            return new Data();
        }

        /** One particle in a buffer. */
        final class Data extends Struct.Data
        {
            int getId()
            {
                return getInt(id);
            }

            void putId(final int v)
            {
                putInt(id, v);
            }

            double getMass()
            {
                return getDouble(mass);
            }

            void putMass(final double v)
            {
                putDouble(mass, v);
            }
        }
    }

    /** Messages of derived types between ranks: vectors, structs, pairs, resized and complex types. */
    public static final class DerivedMessages
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final int p = prev();
            // Column `rank % 4` of a 4 x 4 row-major matrix, received as 4 consecutive ints.
            final int[] matrix = new int[16];
            for (int i = 0; i < 16; i++)
            {
                matrix[i] = rank * 100 + i;
            }
            final Datatype column = Datatype.createVector(4, 1, 4, MPI.INT);
            column.commit();
            world.send(MPI.slice(matrix, rank % 4), 1, column, next(), 1);
            final int[] got = new int[4];
            world.recv(got, 4, MPI.INT, p, 1);
            final int c = p % 4;
            Check.equal(new int[] {p * 100 + c, p * 100 + 4 + c, p * 100 + 8 + c, p * 100 + 12 + c}, got, "a column");
            // And the other way: contiguous ints into a column of a direct buffer, non-blocking.
            final IntBuffer target = MPI.newIntBuffer(16);
            final Request in = world.iRecv(target, 1, column, p, 2);
            final IntBuffer row = MPI.newIntBuffer(4);
            row.put(new int[] {rank, rank + 1, rank + 2, rank + 3});
            world.iSend(row, 4, MPI.INT, next(), 2).waitFor();
            final Status columnStatus = in.waitStatus();
            Check.equal(new int[] {p, 0, 0, 0, p + 1}, new int[] {target.get(0), target.get(1), target.get(3), target.get(5), target.get(4)},
                "into a column");
            Check.equal(1, columnStatus.getCount(column), "count of columns");
            Check.equal(4, columnStatus.getElements(column), "elements of the column");
            // Three particles: a struct of an int and a double.
            final Particle particle = new Particle();
            Check.equal(16, particle.getExtent(), "particle extent");
            final ByteBuffer out = MPI.newByteBuffer(3 * 16);
            for (int i = 0; i < 3; i++)
            {
                final Particle.Data d = particle.getData(out, i);
                d.putId(rank * 10 + i);
                d.putMass(rank + i * 0.5);
            }
            final ByteBuffer arrived = MPI.newByteBuffer(3 * 16);
            world.sendRecv(out, 3, particle.getType(), next(), 3, arrived, 3, particle.getType(), p, 3);
            for (int i = 0; i < 3; i++)
            {
                final Particle.Data d = particle.getData(arrived, i);
                Check.equal(p * 10 + i, d.getId(), "particle id " + i);
                Check.equal(p + i * 0.5, d.getMass(), "particle mass " + i);
            }
            pairs(world, rank, p);
            // Every second int, by a resized type of extent two ints.
            final Datatype spaced = Datatype.createResized(MPI.INT, 0, 8);
            spaced.commit();
            world.send(new int[] {rank, -1, rank + 1, -1, rank + 2, -1}, 3, spaced, next(), 5);
            final int[] dense = new int[3];
            world.recv(dense, 3, MPI.INT, p, 5);
            Check.equal(new int[] {p, p + 1, p + 2}, dense, "resized items");
            // Complex numbers are two doubles each.
            world.send(new double[] {rank, 1, -rank, 2}, 2, MPI.DOUBLE_COMPLEX, next(), 6);
            final double[] complex = new double[4];
            final Status complexStatus = world.recv(complex, 2, MPI.DOUBLE_COMPLEX, p, 6);
            Check.equal(new double[] {p, 1, -p, 2}, complex, "complex numbers");
            Check.equal(2, complexStatus.getCount(MPI.DOUBLE_COMPLEX), "count of complex numbers");
            MPI.Finalize();
        }

        /** The pair types, written and read through MPI.int2 … MPI.doubleInt. */
        private static void pairs(final Intracomm world, final int rank, final int p) throws MPIException
        {
            final ByteBuffer ints = MPI.newByteBuffer(2 * MPI.int2.getExtent());
            final ByteBuffer shorts = MPI.newByteBuffer(3 * MPI.shortInt.getExtent());
            final ByteBuffer longs = MPI.newByteBuffer(2 * MPI.longInt.getExtent());
            final ByteBuffer doubles = MPI.newByteBuffer(2 * MPI.doubleInt.getExtent());
            for (int i = 0; i < 3; i++)
            {
                final ShortInt.Data s = MPI.shortInt.getData(shorts, i);
                s.putValue((short)(rank - i));
                s.putIndex(i);
            }
            for (int i = 0; i < 2; i++)
            {
                final Int2.Data a = MPI.int2.getData(ints, i);
                a.putValue(rank + i);
                a.putIndex(-i);
                final LongInt.Data l = MPI.longInt.getData(longs, i);
                l.putValue(1L << 33 | rank);
                l.putIndex(i + 7);
                final DoubleInt.Data d = MPI.doubleInt.getData(doubles, i);
                d.putValue(rank / 4.0);
                d.putIndex(i);
            }
            Check.equal(MPI.SHORT_INT, MPI.shortInt.getType(), "the struct's type is the pair type");
            final ByteBuffer shortsIn = MPI.newByteBuffer(3 * 8);
            final byte[] intsIn = new byte[16];
            final ByteBuffer longsIn = MPI.newByteBuffer(32);
            final ByteBuffer doublesIn = MPI.newByteBuffer(32);
            world.sendRecv(shorts, 3, MPI.SHORT_INT, next(), 4, shortsIn, 3, MPI.SHORT_INT, p, 4);
            world.sendRecv(ints, 2, MPI.INT2, next(), 4, intsIn, 2, MPI.INT2, p, 4);
            world.sendRecv(longs, 2, MPI.LONG_INT, next(), 4, longsIn, 2, MPI.LONG_INT, p, 4);
            final Status status = world.sendRecv(doubles, 2, MPI.DOUBLE_INT, next(), 4, doublesIn, 2, MPI.DOUBLE_INT, p, 4);
            Check.equal(2, status.getCount(MPI.DOUBLE_INT), "pairs received");
            Check.equal(4, status.getElements(MPI.DOUBLE_INT), "elements of the pairs: a value and an index each");
            for (int i = 0; i < 3; i++)
            {
                final ShortInt.Data s = MPI.shortInt.getData(shortsIn, i);
                Check.equal((short)(p - i), s.getValue(), "short value " + i);
                Check.equal(i, s.getIndex(), "short index " + i);
            }
            for (int i = 0; i < 2; i++)
            {
                final Int2.Data a = MPI.int2.getData(intsIn, i);
                Check.equal(p + i, a.getValue(), "int value " + i);
                Check.equal(-i, a.getIndex(), "int index " + i);
                Check.equal(1L << 33 | p, ((LongInt.Data)MPI.longInt.getData(longsIn, i)).getValue(), "long value " + i);
                Check.equal(i + 7, ((LongInt.Data)MPI.longInt.getData(longsIn, i)).getIndex(), "long index " + i);
                Check.equal(p / 4.0, ((DoubleInt.Data)MPI.doubleInt.getData(doublesIn, i)).getValue(), "double value " + i);
            }
        }
    }
}
