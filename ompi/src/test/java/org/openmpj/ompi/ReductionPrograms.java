package org.openmpj.ompi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

import mpi.Datatype;
import mpi.DoubleComplex;
import mpi.DoubleInt;
import mpi.FloatComplex;
import mpi.FloatInt;
import mpi.Int2;
import mpi.Intracomm;
import mpi.LongInt;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.ShortInt;
import mpi.UserFunction;

/** MAXLOC and MINLOC on the C-struct pairs, sums of complex numbers, and user-defined operations. */
final class ReductionPrograms
{
    private ReductionPrograms()
    {
    }

    /** MAXLOC and MINLOC on every pair type, blocking and not, and on equal values the smallest index. */
    public static final class LocOperations
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            // Item 0: value r, index r (largest at n-1). Item 1: value 5 everywhere, index 10 - r (ties: smallest index).
            final ByteBuffer ints = MPI.newByteBuffer(16);
            final ByteBuffer shorts = MPI.newByteBuffer(16);
            final ByteBuffer longs = MPI.newByteBuffer(32);
            final ByteBuffer floats = MPI.newByteBuffer(16);
            final ByteBuffer doubles = MPI.newByteBuffer(32);
            for (int i = 0; i < 2; i++)
            {
                final int value = i == 0 ? r : 5;
                final int index = i == 0 ? r : 10 - r;
                final Int2.Data a = MPI.int2.getData(ints, i);
                a.putValue(value);
                a.putIndex(index);
                final ShortInt.Data s = MPI.shortInt.getData(shorts, i);
                s.putValue((short)value);
                s.putIndex(index);
                final LongInt.Data l = MPI.longInt.getData(longs, i);
                l.putValue(value);
                l.putIndex(index);
                final FloatInt.Data f = MPI.floatInt.getData(floats, i);
                f.putValue(value);
                f.putIndex(index);
                final DoubleInt.Data d = MPI.doubleInt.getData(doubles, i);
                d.putValue(value);
                d.putIndex(index);
            }
            final ByteBuffer maxInts = MPI.newByteBuffer(16);
            world.allReduce(ints, maxInts, 2, MPI.INT2, MPI.MAXLOC);
            Check.equal(n - 1, ((Int2.Data)MPI.int2.getData(maxInts, 0)).getIndex(), "INT2 MAXLOC index");
            Check.equal(10 - (n - 1), ((Int2.Data)MPI.int2.getData(maxInts, 1)).getIndex(), "INT2 MAXLOC tie");
            final ByteBuffer minShorts = MPI.newByteBuffer(16);
            world.allReduce(shorts, minShorts, 2, MPI.SHORT_INT, MPI.MINLOC);
            Check.equal(0, ((ShortInt.Data)MPI.shortInt.getData(minShorts, 0)).getIndex(), "SHORT_INT MINLOC index");
            Check.equal((short)5, ((ShortInt.Data)MPI.shortInt.getData(minShorts, 1)).getValue(), "SHORT_INT MINLOC tie value");
            Check.equal(10 - (n - 1), ((ShortInt.Data)MPI.shortInt.getData(minShorts, 1)).getIndex(), "SHORT_INT MINLOC tie");
            final ByteBuffer maxLongs = MPI.newByteBuffer(32);
            final ByteBuffer maxFloats = MPI.newByteBuffer(16);
            final ByteBuffer minDoubles = MPI.newByteBuffer(32);
            Request.waitAll(new Request[] {
                world.iAllReduce(longs, maxLongs, 2, MPI.LONG_INT, MPI.MAXLOC),
                world.iReduce(floats, maxFloats, 2, MPI.FLOAT_INT, MPI.MAXLOC, 0),
                world.iAllReduce(doubles, minDoubles, 2, MPI.DOUBLE_INT, MPI.MINLOC),
            });
            Check.equal((long)n - 1, ((LongInt.Data)MPI.longInt.getData(maxLongs, 0)).getValue(), "LONG_INT MAXLOC value");
            Check.equal(n - 1, ((LongInt.Data)MPI.longInt.getData(maxLongs, 0)).getIndex(), "LONG_INT MAXLOC index");
            if (r == 0)
            {
                Check.equal((float)n - 1, ((FloatInt.Data)MPI.floatInt.getData(maxFloats, 0)).getValue(), "FLOAT_INT MAXLOC value");
            }
            Check.equal(0.0, ((DoubleInt.Data)MPI.doubleInt.getData(minDoubles, 0)).getValue(), "DOUBLE_INT MINLOC value");
            Check.equal(10 - (n - 1), ((DoubleInt.Data)MPI.doubleInt.getData(minDoubles, 1)).getIndex(), "DOUBLE_INT MINLOC tie");
            // Complex numbers add part by part.
            final DoubleBuffer complex = MPI.newDoubleBuffer(2);
            final DoubleComplex number = DoubleComplex.get(complex);
            number.putReal(r);
            number.putImag(1);
            final double[] total = new double[2];
            world.allReduce(complex, total, 1, MPI.DOUBLE_COMPLEX, MPI.SUM);
            Check.equal(new double[] {n * (n - 1) / 2.0, n}, total, "sum of complex numbers");
            Check.equal((double)n, DoubleComplex.get(total).getImag(), "imaginary part of the sum");
            final ByteBuffer floats2 = MPI.newByteBuffer(16);
            FloatComplex.get(floats2, 1).putReal(r + 0.5f);
            final float[] floatTotal = new float[4];
            world.allReduce(floats2, floatTotal, 2, MPI.FLOAT_COMPLEX, MPI.SUM);
            Check.equal(n * (n - 1) / 2.0f + 0.5f * n, FloatComplex.get(floatTotal, 1).getReal(), "float complex sum");
            world.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_OP, "pairs take MPI.MAXLOC or MPI.MINLOC", () -> world.allReduce(ints, maxInts, 2, MPI.INT2, MPI.SUM));
            Check.fails(MPI.ERR_OP, "", () -> world.allReduce(complex, total, 1, MPI.DOUBLE_COMPLEX, MPI.PROD));
            MPI.Finalize();
        }
    }

    /** Multiplies 2 x 2 int matrices, item by item: associative, not commutative, so rank order shows. */
    static final class MatrixProduct extends UserFunction
    {
        @Override
        public void call(final Object inVec, final Object inOutVec, final int count, final Datatype datatype) throws MPIException
        {
            final int[] a = (int[])inVec;
            final int[] b = (int[])inOutVec;
            Check.equal(4 * count, b.length, "operands of count * extent elements");
            for (int i = 0; i < count; i++)
            {
                final int o = 4 * i;
                final int[] product = multiply(a[o], a[o + 1], a[o + 2], a[o + 3], b[o], b[o + 1], b[o + 2], b[o + 3]);
                System.arraycopy(product, 0, b, o, 4);
            }
        }

        static int[] multiply(final int a0, final int a1, final int a2, final int a3, final int b0, final int b1, final int b2,
            final int b3)
        {
            return new int[] {a0 * b0 + a1 * b2, a0 * b1 + a1 * b3, a2 * b0 + a3 * b2, a2 * b1 + a3 * b3};
        }
    }

    /** Adds the values of INT2 pairs and keeps the smaller index, reading the pairs as raw memory. */
    static final class PairSum extends UserFunction
    {
        @Override
        public void call(final ByteBuffer in, final ByteBuffer inOut, final int count, final Datatype datatype) throws MPIException
        {
            for (int i = 0; i < count; i++)
            {
                final Int2.Data a = MPI.int2.getData(in, i);
                final Int2.Data b = MPI.int2.getData(inOut, i);
                b.putValue(a.getValue() + b.getValue());
                b.putIndex(Math.min(a.getIndex(), b.getIndex()));
            }
        }
    }

    /** User-defined operations: in rank order when not commutative, on arrays, on raw pairs, and on items with holes. */
    public static final class UserOperations
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            final Op product = new Op(new MatrixProduct(), false);
            Check.isTrue(!product.isCommutative() && MPI.SUM.isCommutative(), "commutativity");
            final Datatype matrix = Datatype.createContiguous(4, MPI.INT);
            matrix.commit();
            final int[] mine = {r + 1, 1, 0, 1};
            int[] expected = {1, 0, 0, 1};
            for (int i = 0; i < n; i++)
            {
                expected = MatrixProduct.multiply(expected[0], expected[1], expected[2], expected[3], i + 1, 1, 0, 1);
            }
            final int[] result = new int[4];
            world.allReduce(mine, result, 1, matrix, product);
            Check.equal(expected, result, "matrix product in rank order");
            final int[] prefix = new int[4];
            world.scan(mine, prefix, 1, matrix, product);
            int[] upToMe = {1, 0, 0, 1};
            for (int i = 0; i <= r; i++)
            {
                upToMe = MatrixProduct.multiply(upToMe[0], upToMe[1], upToMe[2], upToMe[3], i + 1, 1, 0, 1);
            }
            Check.equal(upToMe, prefix, "matrix scan");
            final Op pairSum = new Op(new PairSum(), true);
            final ByteBuffer pairs = MPI.newByteBuffer(8);
            final Int2.Data pair = MPI.int2.getData(pairs);
            pair.putValue(r);
            pair.putIndex(r + 3);
            world.allReduce(pairs, 1, MPI.INT2, pairSum);
            Check.equal(n * (n - 1) / 2, pair.getValue(), "sum of pair values");
            Check.equal(3, pair.getIndex(), "smallest index");
            // Items with a hole: every other int. The function sees them laid out, the holes between.
            final Datatype spaced = Datatype.createVector(2, 1, 2, MPI.INT);
            spaced.commit();
            final Op addFirsts = new Op(new UserFunction()
            {
                @Override
                public void call(final Object inVec, final Object inOutVec, final int count, final Datatype datatype) throws MPIException
                {
                    final int[] a = (int[])inVec;
                    final int[] b = (int[])inOutVec;
                    final int extent = datatype.getExtent();
                    for (int i = 0; i < count; i++)
                    {
                        b[i * extent] += a[i * extent];
                        b[i * extent + 2] = Math.max(a[i * extent + 2], b[i * extent + 2]);
                    }
                }
            }, true);
            final int[] spread = {r, -7, r};
            world.allReduce(spread, 1, spaced, addFirsts);
            Check.equal(new int[] {n * (n - 1) / 2, -7, n - 1}, spread, "user operation on items with a hole");
            addFirsts.free();
            Check.isTrue(addFirsts.isNull(), "freed operation");
            world.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_OP, "freed", () -> world.allReduce(spread, 1, spaced, addFirsts));
            MPI.Finalize();
        }
    }
}
