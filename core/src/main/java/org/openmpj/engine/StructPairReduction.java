package org.openmpj.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;

/**
 * MAXLOC and MINLOC on (value, index) pairs laid out as C structs in raw memory, as Open MPI's Java API defines
 * {@code MPI.INT2}, {@code SHORT_INT}, {@code LONG_INT}, {@code FLOAT_INT} and {@code DOUBLE_INT}: the collectives hand
 * the items over packed, each a value of the value kind followed at once by a 4-byte {@code int} index, in native byte
 * order in a {@code byte[]}. Offsets are in bytes, counts in pairs. The result keeps the larger (smaller) value and,
 * between equal values, the smaller index, as MPI defines.
 *
 * <p>Immutable and thread-safe.
 */
final class StructPairReduction implements Reduction
{
    private static final ByteOrder NATIVE = ByteOrder.nativeOrder();
    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, NATIVE);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, NATIVE);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, NATIVE);
    private static final VarHandle FLOATS = MethodHandles.byteArrayViewVarHandle(float[].class, NATIVE);
    private static final VarHandle DOUBLES = MethodHandles.byteArrayViewVarHandle(double[].class, NATIVE);
    /** What comparing a NaN value gives: neither pair wins on its value, and they are not equal either. */
    private static final int UNORDERED = 2;
    /** The bytes of the index that follows each value. */
    private static final int INDEX_BYTES = Integer.BYTES;

    private final boolean max;
    private final Primitive valueKind;
    private final int pairBytes;

    private StructPairReduction(final boolean max, final Primitive valueKind)
    {
        this.max = max;
        this.valueKind = valueKind;
        this.pairBytes = valueKind.sizeBytes() + INDEX_BYTES;
    }

    /**
     * @return MAXLOC ({@code max}) or MINLOC on packed pairs of a {@code valueKind} value and an {@code int} index.
     * @throws OpenMpjException {@code ERR_OP} for a value kind MPI defines no such pair of.
     */
    static Reduction of(final boolean max, final Primitive valueKind)
    {
        return switch (valueKind)
        {
            case SHORT, INT, LONG, FLOAT, DOUBLE -> new StructPairReduction(max, valueKind);
            default -> throw new OpenMpjException(ErrorClass.ERR_OP, "MPI." + (max ? "MAXLOC" : "MINLOC")
                + " is not defined on pairs of a " + valueKind + " value and an int index");
        };
    }

    /** @return the bytes of one packed pair. */
    int pairBytes()
    {
        return pairBytes;
    }

    @Override
    public boolean isCommutative()
    {
        return true;
    }

    @Override
    public void reduce(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
    {
        final byte[] a = (byte[])in;
        final byte[] b = (byte[])inout;
        for (int p = 0; p < items; p++)
        {
            final int i = inOffset + p * pairBytes;
            final int o = inoutOffset + p * pairBytes;
            final int order = compareValues(a, i, b, o);
            final boolean takeIn = max ? order == 1 : order == -1;
            final int indexIn = (int)INTS.get(a, i + valueKind.sizeBytes());
            final int indexOut = (int)INTS.get(b, o + valueKind.sizeBytes());
            if (takeIn || order == 0 && indexIn < indexOut)
            {
                System.arraycopy(a, i, b, o, pairBytes);
            }
        }
    }

    /**
     * @return the sign of the value at {@code a[i]} against that at {@code b[o]} (-1, 0 or 1: {@code Short.compare} gives the
     *         difference), or {@link #UNORDERED} when either is NaN, which C compares neither larger, smaller nor equal.
     */
    private int compareValues(final byte[] a, final int i, final byte[] b, final int o)
    {
        return switch (valueKind)
        {
            case SHORT -> Integer.signum(Short.compare((short)SHORTS.get(a, i), (short)SHORTS.get(b, o)));
            case INT -> Integer.signum(Integer.compare((int)INTS.get(a, i), (int)INTS.get(b, o)));
            case LONG -> Integer.signum(Long.compare((long)LONGS.get(a, i), (long)LONGS.get(b, o)));
            case FLOAT -> signOf((float)FLOATS.get(a, i), (float)FLOATS.get(b, o));
            case DOUBLE -> signOf((double)DOUBLES.get(a, i), (double)DOUBLES.get(b, o));
            default -> throw new IllegalStateException("no pairs of " + valueKind);
        };
    }

    private static int signOf(final double x, final double y)
    {
        return x > y ? 1 : x < y ? -1 : x == y ? 0 : UNORDERED;
    }
}
