package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;

/** MAXLOC and MINLOC on (value, index) pairs packed as C structs: a value, then an int index, in native order. */
class StructPairReductionTest
{
    @Test
    void maxlocKeepsTheLargerValueAndTheSmallerIndexOfEquals()
    {
        for (final Primitive kind : new Primitive[] {Primitive.SHORT, Primitive.INT, Primitive.LONG, Primitive.FLOAT, Primitive.DOUBLE})
        {
            final Reduction max = PredefinedReduction.ofStructPairs(PredefinedReduction.Operation.MAXLOC, kind);
            final byte[] in = pairs(kind, new double[] {5, 1, 3}, new int[] {7, 2, 1}, 1);
            final byte[] inout = pairs(kind, new double[] {4, 2, 3}, new int[] {0, 9, 4}, 1);
            max.reduce(in, structBytes(kind), inout, structBytes(kind), 3);
            assertPairs(kind, inout, 1, new double[] {5, 2, 3}, new int[] {7, 9, 1});
            final Reduction min = PredefinedReduction.ofStructPairs(PredefinedReduction.Operation.MINLOC, kind);
            final byte[] other = pairs(kind, new double[] {4, 2, 3}, new int[] {0, 9, 4}, 0);
            min.reduce(pairs(kind, new double[] {5, 1, 3}, new int[] {7, 2, 5}, 0), 0, other, 0, 3);
            assertPairs(kind, other, 0, new double[] {4, 1, 3}, new int[] {0, 2, 4});
        }
    }

    @Test
    void valuesFarApartCompareBySignNotByDistance()
    {
        for (final Primitive kind : new Primitive[] {Primitive.SHORT, Primitive.INT, Primitive.LONG, Primitive.FLOAT, Primitive.DOUBLE})
        {
            final Reduction min = PredefinedReduction.ofStructPairs(PredefinedReduction.Operation.MINLOC, kind);
            final byte[] inout = pairs(kind, new double[] {2, -300, 7}, new int[] {2, 1, 1}, 0);
            min.reduce(pairs(kind, new double[] {0, 300, -7}, new int[] {0, 3, 3}, 0), 0, inout, 0, 3);
            assertPairs(kind, inout, 0, new double[] {0, -300, -7}, new int[] {0, 1, 3});
            final Reduction max = PredefinedReduction.ofStructPairs(PredefinedReduction.Operation.MAXLOC, kind);
            max.reduce(pairs(kind, new double[] {9, -1000, 5}, new int[] {4, 4, 4}, 0), 0, inout, 0, 3);
            assertPairs(kind, inout, 0, new double[] {9, -300, 5}, new int[] {4, 1, 4});
        }
    }

    @Test
    void nanNeitherWinsNorTiesOnIndex()
    {
        final Reduction max = PredefinedReduction.ofStructPairs(PredefinedReduction.Operation.MAXLOC, Primitive.DOUBLE);
        final byte[] inout = pairs(Primitive.DOUBLE, new double[] {2}, new int[] {5}, 0);
        max.reduce(pairs(Primitive.DOUBLE, new double[] {Double.NaN}, new int[] {1}, 0), 0, inout, 0, 1);
        assertPairs(Primitive.DOUBLE, inout, 0, new double[] {2}, new int[] {5});
    }

    @Test
    void refusesOtherOperationsAndKinds()
    {
        final OpenMpjException sum = assertThrows(OpenMpjException.class,
            () -> PredefinedReduction.ofStructPairs(PredefinedReduction.Operation.SUM, Primitive.INT));
        assertEquals(ErrorClass.ERR_OP, sum.errorClass());
        assertThrows(OpenMpjException.class, () -> PredefinedReduction.ofStructPairs(PredefinedReduction.Operation.MAXLOC, Primitive.BOOLEAN));
        assertEquals(12, PredefinedReduction.structPairBytes(Primitive.DOUBLE));
        assertEquals(6, PredefinedReduction.structPairBytes(Primitive.SHORT));
    }

    private static int structBytes(final Primitive kind)
    {
        return PredefinedReduction.structPairBytes(kind);
    }

    /** @return {@code skip} empty pairs, then the pairs of {@code values} and {@code indexes}, packed. */
    private static byte[] pairs(final Primitive kind, final double[] values, final int[] indexes, final int skip)
    {
        final int pair = structBytes(kind);
        final ByteBuffer bytes = ByteBuffer.allocate(pair * (values.length + skip)).order(ByteOrder.nativeOrder());
        for (int i = 0; i < values.length; i++)
        {
            final int at = (i + skip) * pair;
            switch (kind)
            {
                case SHORT -> bytes.putShort(at, (short)values[i]);
                case INT -> bytes.putInt(at, (int)values[i]);
                case LONG -> bytes.putLong(at, (long)values[i]);
                case FLOAT -> bytes.putFloat(at, (float)values[i]);
                default -> bytes.putDouble(at, values[i]);
            }
            bytes.putInt(at + kind.sizeBytes(), indexes[i]);
        }
        return bytes.array();
    }

    private static void assertPairs(final Primitive kind, final byte[] packed, final int skip, final double[] values, final int[] indexes)
    {
        final ByteBuffer bytes = ByteBuffer.wrap(packed).order(ByteOrder.nativeOrder());
        final int pair = structBytes(kind);
        for (int i = 0; i < values.length; i++)
        {
            final int at = (i + skip) * pair;
            final double value = switch (kind)
            {
                case SHORT -> bytes.getShort(at);
                case INT -> bytes.getInt(at);
                case LONG -> bytes.getLong(at);
                case FLOAT -> bytes.getFloat(at);
                default -> bytes.getDouble(at);
            };
            assertEquals(values[i], value, kind + " value " + i);
            assertEquals(indexes[i], bytes.getInt(at + kind.sizeBytes()), kind + " index " + i);
        }
    }
}
