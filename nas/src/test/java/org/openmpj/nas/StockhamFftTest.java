package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class StockhamFftTest
{
    /** Line lengths with an odd and an even number of stages, so both ends of the stage loop are covered. */
    private static final int[] SIZES = {2, 4, 8, 16, 32, 64, 128, 256, 512};
    private static final int[] LINES = {1, 3, 16};

    /** The textbook O(n^2) sum, {@code X(k) = sum x(t) e^(sign 2 pi i t k / n)}, for line {@code j} of a block. */
    private static double[] naive(final int sign, final int n, final int lines, final int j, final double[] re, final double[] im)
    {
        final double[] result = new double[2 * n];
        for (int k = 0; k < n; k++)
        {
            double sumRe = 0;
            double sumIm = 0;
            for (int t = 0; t < n; t++)
            {
                final double angle = sign * 2 * Math.PI * ((long) t * k % n) / n;
                final double c = Math.cos(angle);
                final double s = Math.sin(angle);
                final double xr = re[t * lines + j];
                final double xi = im[t * lines + j];
                sumRe += xr * c - xi * s;
                sumIm += xr * s + xi * c;
            }
            result[2 * k] = sumRe;
            result[2 * k + 1] = sumIm;
        }
        return result;
    }

    private static double[] random(final SplittableRandom random, final int length)
    {
        final double[] values = new double[length];
        for (int i = 0; i < length; i++)
        {
            // Divided by 3 so that sums are inexact, as a change in the order of operations would then show.
            values[i] = random.nextDouble(-1, 1) / 3;
        }
        return values;
    }

    @Test
    void everyLineEqualsTheNaiveTransformInBothDirections()
    {
        final SplittableRandom random = new SplittableRandom(11);
        final StockhamFft fft = new StockhamFft(512);
        for (final int n : SIZES)
        {
            for (final int lines : LINES)
            {
                for (final int direction : new int[] {1, -1})
                {
                    final double[] re = random(random, n * lines);
                    final double[] im = random(random, n * lines);
                    final double[][] expected = new double[lines][];
                    for (int j = 0; j < lines; j++)
                    {
                        expected[j] = naive(direction, n, lines, j, re, im);
                    }
                    fft.transform(direction, n, lines, re, im, new double[n * lines], new double[n * lines]);
                    final double tolerance = 1e-13 * n * Math.sqrt(n);
                    for (int j = 0; j < lines; j++)
                    {
                        for (int k = 0; k < n; k++)
                        {
                            final String where = "n=" + n + " lines=" + lines + " direction=" + direction + " line " + j + " point " + k;
                            assertEquals(expected[j][2 * k], re[k * lines + j], tolerance, where);
                            assertEquals(expected[j][2 * k + 1], im[k * lines + j], tolerance, where);
                        }
                    }
                }
            }
        }
    }

    @Test
    void forwardThenInverseGivesTheInputTimesTheLength()
    {
        final SplittableRandom random = new SplittableRandom(12);
        final StockhamFft fft = new StockhamFft(1024);
        for (final int n : new int[] {2, 8, 64, 1024})
        {
            final int lines = 16;
            final double[] re = random(random, n * lines);
            final double[] im = random(random, n * lines);
            final double[] re0 = re.clone();
            final double[] im0 = im.clone();
            final double[] scratchRe = new double[n * lines];
            final double[] scratchIm = new double[n * lines];
            fft.transform(1, n, lines, re, im, scratchRe, scratchIm);
            fft.transform(-1, n, lines, re, im, scratchRe, scratchIm);
            for (int i = 0; i < n * lines; i++)
            {
                assertEquals(re0[i], re[i] / n, 1e-14 * n, "n=" + n + " index " + i);
                assertEquals(im0[i], im[i] / n, 1e-14 * n, "n=" + n + " index " + i);
            }
        }
    }

    @Test
    void theVectorStagesGiveThePlainLoopsBits()
    {
        assertTrue(VectorApi.PRESENT, "the tests run with --add-modules jdk.incubator.vector (see the module's pom)");
        final SplittableRandom random = new SplittableRandom(13);
        final StockhamFft plain = new StockhamFft(512, false);
        final StockhamFft vector = new StockhamFft(512, true);
        for (final int n : SIZES)
        {
            for (final int lines : LINES)
            {
                for (final int direction : new int[] {1, -1})
                {
                    final double[] plainRe = random(random, n * lines);
                    final double[] plainIm = random(random, n * lines);
                    final double[] vectorRe = plainRe.clone();
                    final double[] vectorIm = plainIm.clone();
                    plain.transform(direction, n, lines, plainRe, plainIm, new double[n * lines], new double[n * lines]);
                    vector.transform(direction, n, lines, vectorRe, vectorIm, new double[n * lines], new double[n * lines]);
                    final String where = "n=" + n + " lines=" + lines + " direction=" + direction;
                    assertArrayEquals(plainRe, vectorRe, where);
                    assertArrayEquals(plainIm, vectorIm, where);
                }
            }
        }
    }

    @Test
    void rejectsLengthsItHasNoRootsFor()
    {
        final StockhamFft fft = new StockhamFft(16);
        final double[] block = new double[64];
        assertThrows(IllegalArgumentException.class, () -> fft.transform(1, 32, 2, block, block, block, block));
        assertThrows(IllegalArgumentException.class, () -> fft.transform(1, 12, 2, block, block, block, block));
        assertThrows(IllegalArgumentException.class, () -> fft.transform(0, 8, 2, block, block, block, block));
        assertThrows(IllegalArgumentException.class, () -> new StockhamFft(24));
    }
}
