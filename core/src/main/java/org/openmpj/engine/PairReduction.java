package org.openmpj.engine;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;

/**
 * MAXLOC and MINLOC: each item is a (value, index) pair of two consecutive elements; the result keeps the
 * larger (smaller) value and, between equal values, the smaller index, as MPI defines.
 */
final class PairReduction implements Reduction
{
    private final boolean max;
    private final Primitive kind;

    private PairReduction(final boolean max, final Primitive kind)
    {
        this.max = max;
        this.kind = kind;
    }

    static Reduction of(final boolean max, final Primitive kind)
    {
        return switch (kind)
        {
            case SHORT, INT, LONG, FLOAT, DOUBLE -> new PairReduction(max, kind);
            default -> throw new OpenMpjException(ErrorClass.ERR_OP, "MPI." + (max ? "MAXLOC" : "MINLOC")
                + " is not defined on pairs of " + kind + "; it takes SHORT2, INT2, LONG2, FLOAT2 or DOUBLE2 pairs");
        };
    }

    @Override
    public boolean isCommutative()
    {
        return true;
    }

    @Override
    public void reduce(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
    {
        if (max)
        {
            switch (kind)
            {
                case SHORT -> maxlocShort(in, inOffset, inout, inoutOffset, items);
                case INT -> maxlocInt(in, inOffset, inout, inoutOffset, items);
                case LONG -> maxlocLong(in, inOffset, inout, inoutOffset, items);
                case FLOAT -> maxlocFloat(in, inOffset, inout, inoutOffset, items);
                case DOUBLE -> maxlocDouble(in, inOffset, inout, inoutOffset, items);
                default -> throw new IllegalStateException("no pairs of " + kind);
            }
        }
        else
        {
            switch (kind)
            {
                case SHORT -> minlocShort(in, inOffset, inout, inoutOffset, items);
                case INT -> minlocInt(in, inOffset, inout, inoutOffset, items);
                case LONG -> minlocLong(in, inOffset, inout, inoutOffset, items);
                case FLOAT -> minlocFloat(in, inOffset, inout, inoutOffset, items);
                case DOUBLE -> minlocDouble(in, inOffset, inout, inoutOffset, items);
                default -> throw new IllegalStateException("no pairs of " + kind);
            }
        }
    }

    private static void maxlocShort(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final short[] a = (short[])in;
        final short[] b = (short[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] > b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void maxlocInt(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final int[] a = (int[])in;
        final int[] b = (int[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] > b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void maxlocLong(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final long[] a = (long[])in;
        final long[] b = (long[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] > b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void maxlocFloat(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final float[] a = (float[])in;
        final float[] b = (float[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] > b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void maxlocDouble(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final double[] a = (double[])in;
        final double[] b = (double[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] > b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void minlocShort(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final short[] a = (short[])in;
        final short[] b = (short[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] < b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void minlocInt(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final int[] a = (int[])in;
        final int[] b = (int[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] < b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void minlocLong(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final long[] a = (long[])in;
        final long[] b = (long[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] < b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void minlocFloat(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final float[] a = (float[])in;
        final float[] b = (float[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] < b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }

    private static void minlocDouble(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int pairs)
    {
        final double[] a = (double[])in;
        final double[] b = (double[])inout;
        for (int p = 0; p < pairs; p++)
        {
            final int i = inOffset + 2 * p;
            final int o = inoutOffset + 2 * p;
            if (a[i] < b[o] || a[i] == b[o] && a[i + 1] < b[o + 1])
            {
                b[o] = a[i];
                b[o + 1] = a[i + 1];
            }
        }
    }
}
