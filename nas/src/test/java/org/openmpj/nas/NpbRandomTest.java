package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class NpbRandomTest
{
    private static final double R23 = 0x1p-23;
    private static final double T23 = 0x1p23;
    private static final double R46 = 0x1p-46;
    private static final double T46 = 0x1p46;

    /** The specification's double-precision step, written out here as the reference the integer form must match. */
    private static double[] referenceStep(final double x, final double a)
    {
        final double a1 = (int) (R23 * a);
        final double a2 = a - T23 * a1;
        final double x1 = (int) (R23 * x);
        final double x2 = x - T23 * x1;
        final double cross = a1 * x2 + a2 * x1;
        final double z = cross - T23 * (int) (R23 * cross);
        final double t3 = T23 * z + a2 * x2;
        final double next = t3 - T46 * (int) (R46 * t3);
        return new double[] {next, R46 * next};
    }

    @Test
    void everyStepEqualsTheDoublePrecisionReference()
    {
        final SplittableRandom choose = new SplittableRandom(7);
        for (int trial = 0; trial < 20_000; trial++)
        {
            final long a = choose.nextLong(1, 1L << 46);
            final long x = choose.nextLong(1, 1L << 46);
            final double[] expected = referenceStep(x, a);
            final long actual = NpbRandom.multiply(a, x);
            assertEquals(expected[0], actual, 0.0, () -> "a=" + a + " x=" + x);
            assertEquals(expected[1], NpbRandom.toUnit(actual), 0.0);
        }
    }

    @Test
    void aStreamFollowsTheReferenceAndFillMatchesNext()
    {
        final NpbRandom stepped = new NpbRandom(NpbRandom.DEFAULT_SEED, NpbRandom.MULTIPLIER);
        final NpbRandom filled = new NpbRandom(NpbRandom.DEFAULT_SEED, NpbRandom.MULTIPLIER);
        final double[] values = new double[1000];
        filled.fill(values, 0, values.length);
        double reference = NpbRandom.DEFAULT_SEED;
        for (final double value : values)
        {
            final double[] step = referenceStep(reference, NpbRandom.MULTIPLIER);
            reference = step[0];
            assertEquals(step[1], stepped.next(), 0.0);
            assertEquals(step[1], value, 0.0);
        }
        assertEquals(stepped.seed(), filled.seed());
    }

    @Test
    void powerEqualsRepeatedMultiplication()
    {
        long repeated = 1;
        for (int n = 0; n < 300; n++)
        {
            assertEquals(repeated, NpbRandom.power(NpbRandom.MULTIPLIER, n), "n=" + n);
            repeated = NpbRandom.multiply(NpbRandom.MULTIPLIER, repeated);
        }
    }

    @Test
    void statesOutsideTheModulusAreRefusedByName()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> new NpbRandom(0, NpbRandom.MULTIPLIER));
        assertEquals("seed=0 must be in (0, 2^46)", ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new NpbRandom(1, 1L << 46));
    }
}
