package org.openmpj.nas;

/**
 * NPB FT's one-dimensional complex FFT: Swarztrauber's variant of the Stockham autosort algorithm, applied to a block of
 * lines at once so that the innermost loop runs across lines (unit stride) rather than along one.
 *
 * <p>A block holds {@code lines} lines of {@code n = 2^m} points each, split into real and imaginary arrays, point
 * {@code k} of line {@code j} at index {@code k * lines + j}. Direction +1 computes {@code X(k) = sum x(t) e^(+2 pi i t k / n)},
 * direction -1 the same with {@code e^-}; neither scales, so a forward then an inverse transform multiplies by n.
 *
 * <p>The roots of unity are computed once for the largest length; the roots a shorter length needs are a prefix of that
 * table. An instance is not thread-safe: it is one rank's.
 */
final class StockhamFft
{
    private final int largestLog;
    private final double[] rootRe;
    private final double[] rootIm;
    /** Whether the stages' butterflies go through {@link FftVectorStage}. */
    private final boolean vectorStages;

    /**
     * @param largestSize the longest line to transform, a power of two of at least 2.
     */
    StockhamFft(final int largestSize)
    {
        this(largestSize, VectorApi.PRESENT);
    }

    /**
     * @param largestSize  the longest line to transform, a power of two of at least 2.
     * @param vectorStages whether the butterflies use the Vector API; only where this JVM has it.
     */
    StockhamFft(final int largestSize, final boolean vectorStages)
    {
        if (largestSize < 2 || Integer.bitCount(largestSize) != 1)
        {
            throw new IllegalArgumentException("largestSize=" + largestSize + " must be a power of two of at least 2");
        }
        this.vectorStages = vectorStages;
        largestLog = Integer.numberOfTrailingZeros(largestSize);
        rootRe = new double[largestSize];
        rootIm = new double[largestSize];
        computeRoots();
    }

    /**
     * (Re)computes the table of roots: for every {@code len = 1, 2, 4 .. largestSize / 2}, entries {@code len .. 2 len - 1}
     * hold {@code e^(i pi t / len)} for {@code t = 0 .. len - 1}, so each stage reads its roots at unit stride. NPB counts
     * this in the timed section, so the kernel calls it there again.
     */
    void computeRoots()
    {
        for (int len = 1; len < rootRe.length; len <<= 1)
        {
            final double angle = Math.PI / len;
            for (int t = 0; t < len; t++)
            {
                rootRe[len + t] = Math.cos(t * angle);
                rootIm[len + t] = Math.sin(t * angle);
            }
        }
    }

    /** @return the longest line this instance transforms. */
    int largestSize()
    {
        return rootRe.length;
    }

    /**
     * Transforms a block of lines in place.
     *
     * @param direction +1 or -1, the sign of the exponent.
     * @param n         the line length, a power of two from 2 up to {@link #largestSize()}.
     * @param lines     the lines in the block, the stride between consecutive points of a line.
     * @param xRe       the block's real parts, input and output; {@code n * lines} long at least.
     * @param xIm       the block's imaginary parts.
     * @param yRe       scratch of the block's size, overwritten.
     * @param yIm       scratch of the block's size, overwritten.
     */
    void transform(final int direction, final int n, final int lines, final double[] xRe, final double[] xIm,
        final double[] yRe, final double[] yIm)
    {
        final int m = Integer.numberOfTrailingZeros(n);
        if (Integer.bitCount(n) != 1 || m < 1 || m > largestLog || (direction != 1 && direction != -1))
        {
            throw new IllegalArgumentException("n=" + n + " must be a power of two in [2, " + rootRe.length + "] and direction="
                + direction + " one of +1, -1");
        }
        // Stages alternate between x and y; an odd number of stages leaves the result in y, to be copied back.
        for (int stage = 1; stage <= m; stage += 2)
        {
            stage(direction, stage, m, lines, xRe, xIm, yRe, yIm);
            if (stage == m)
            {
                final int length = n * lines;
                System.arraycopy(yRe, 0, xRe, 0, length);
                System.arraycopy(yIm, 0, xIm, 0, length);
                return;
            }
            stage(direction, stage + 1, m, lines, yRe, yIm, xRe, xIm);
        }
    }

    /**
     * Stage {@code l} of {@code m}: butterflies of span {@code 2^(l-1)} from {@code in} to {@code out}. Point {@code k} of
     * the butterfly group {@code g} reads the pair {@code (g 2^(l-1) + k, g 2^(l-1) + k + n/2)} and writes the sum to
     * {@code g 2^l + k} and the rotated difference to {@code g 2^l + k + 2^(l-1)}; with the lines innermost, each of
     * these four ranges is one contiguous run of {@code 2^(l-1) * lines} elements.
     */
    private void stage(final int direction, final int l, final int m, final int lines, final double[] inRe, final double[] inIm,
        final double[] outRe, final double[] outIm)
    {
        final int span = 1 << (l - 1);
        final int groups = 1 << (m - l);
        final int run = span * lines;
        final int halfOffset = groups * run;
        final double sign = direction;
        for (int g = 0; g < groups; g++)
        {
            final double wRe = rootRe[groups + g];
            final double wIm = sign * rootIm[groups + g];
            final int first = g * run;
            final int second = first + halfOffset;
            final int sum = 2 * g * run;
            final int difference = sum + run;
            final int vectored = vectorStages ? FftVectorStage.butterflies(inRe, inIm, outRe, outIm, first, second, sum, difference,
                run, wRe, wIm) : 0;
            for (int t = vectored; t < run; t++)
            {
                final double aRe = inRe[first + t];
                final double aIm = inIm[first + t];
                final double bRe = inRe[second + t];
                final double bIm = inIm[second + t];
                outRe[sum + t] = aRe + bRe;
                outIm[sum + t] = aIm + bIm;
                final double dRe = aRe - bRe;
                final double dIm = aIm - bIm;
                outRe[difference + t] = wRe * dRe - wIm * dIm;
                outIm[difference + t] = wRe * dIm + wIm * dRe;
            }
        }
    }
}
