package org.openmpj.nas;

/**
 * NPB FT's three-dimensional complex FFT over the slab decomposition of {@link SlabLayout}: the x and y transforms on the
 * space shape, where each rank holds whole x-y planes; one global transpose to the frequency shape; the z transform
 * there. The inverse runs the same steps backwards. Complex values are interleaved (real part first).
 *
 * <p>Each batch of 1-D transforms copies {@value #BLOCK} lines into a small split (real, imaginary) block, transforms
 * them together with {@link StockhamFft}, and copies them back, as NPB's {@code cffts1}/{@code cffts2} do: the block
 * stays in cache and the FFT's inner loop runs across the lines at unit stride.
 *
 * <p>An instance is one rank's: it owns its scratch and is not thread-safe. It allocates nothing after construction.
 */
final class SlabFft3d
{
    /** Lines transformed together (NPB's {@code fftblock}). */
    static final int BLOCK = 16;

    /** The collective step of the transpose: every rank sends block p of {@code send} to rank p, into block r there. */
    @FunctionalInterface
    interface BlockExchange
    {
        /**
         * @param send         {@code processes} blocks of {@code blockDoubles} doubles, the p-th for rank p.
         * @param receive      receives the block from rank p at position p.
         * @param blockDoubles the doubles in one block.
         */
        void allToAll(double[] send, double[] receive, int blockDoubles);
    }

    /** The phases {@link #clock} counts, after the kernel's own. */
    static final int LINES = 0;
    static final int TRANSPOSES = 1;
    static final int ALLTOALL = 2;

    private final SlabLayout layout;
    private final StockhamFft fft;
    private final PhaseClock clock;
    private final int firstPhase;
    private final BlockExchange exchange;
    private final double[] blockRe;
    private final double[] blockIm;
    private final double[] scratchRe;
    private final double[] scratchIm;

    /**
     * @param layout   this rank's part of the grid; all three dimensions powers of two.
     * @param fft      the 1-D transform, its roots computed for the longest dimension at least.
     * @param exchange the Alltoall among the layout's ranks; not called when there is one rank.
     * @param clock    counts the 1-D transforms, the local transposes and the Alltoalls as its phases {@code firstPhase},
     *                 {@code firstPhase + 1} and {@code firstPhase + 2}.
     */
    SlabFft3d(final SlabLayout layout, final StockhamFft fft, final BlockExchange exchange, final PhaseClock clock,
        final int firstPhase)
    {
        final int longest = Math.max(layout.nx(), Math.max(layout.ny(), layout.nz()));
        if (fft.largestSize() < longest)
        {
            throw new IllegalArgumentException("the 1-D transform reaches " + fft.largestSize() + " points, the grid " + longest);
        }
        this.layout = layout;
        this.fft = fft;
        this.exchange = exchange;
        this.clock = clock;
        this.firstPhase = firstPhase;
        blockRe = new double[BLOCK * longest];
        blockIm = new double[BLOCK * longest];
        scratchRe = new double[BLOCK * longest];
        scratchIm = new double[BLOCK * longest];
    }

    /**
     * The forward transform (exponent sign +1): {@code space} in the space shape to {@code frequency} in the frequency
     * shape. {@code space} is used as scratch and left undefined.
     */
    void forward(final double[] space, final double[] frequency)
    {
        final int nx = layout.nx();
        final int ny = layout.ny();
        final int zPlanes = layout.zPlanes();
        clock.start();
        alongFirst(1, space, nx, ny, zPlanes);
        alongSecond(1, space, nx, ny, zPlanes);
        clock.stop(firstPhase + LINES);
        transpose(space, frequency, nx * ny, zPlanes);
        clock.start();
        alongFirst(1, frequency, layout.nz(), nx, layout.yPlanes());
        clock.stop(firstPhase + LINES);
    }

    /**
     * The inverse transform (exponent sign -1, not scaled): {@code frequency} in the frequency shape to {@code space} in
     * the space shape. {@code frequency} is used as scratch and left undefined.
     */
    void inverse(final double[] frequency, final double[] space)
    {
        final int nx = layout.nx();
        final int nz = layout.nz();
        final int yPlanes = layout.yPlanes();
        clock.start();
        alongFirst(-1, frequency, nz, nx, yPlanes);
        clock.stop(firstPhase + LINES);
        transpose(frequency, space, nz, nx * yPlanes);
        clock.start();
        alongSecond(-1, space, nx, layout.ny(), layout.zPlanes());
        alongFirst(-1, space, nx, layout.ny(), layout.zPlanes());
        clock.stop(firstPhase + LINES);
    }

    /**
     * Transposes this rank's {@code (n1, n2)} matrix, whose columns the ranks share, into {@code out} as
     * {@code (n2 * processes, n1 / processes)}; {@code in} is the Alltoall's receive buffer and is left undefined.
     */
    private void transpose(final double[] in, final double[] out, final int n1, final int n2)
    {
        clock.start();
        Transpose.local(in, out, n1, n2);
        clock.stop(firstPhase + TRANSPOSES);
        final int processes = layout.processes();
        if (processes > 1)
        {
            clock.start();
            exchange.allToAll(out, in, 2 * layout.blockPoints());
            clock.stop(firstPhase + ALLTOALL);
            clock.start();
            Transpose.finish(in, out, n1, n2, processes);
            clock.stop(firstPhase + TRANSPOSES);
        }
    }

    /** 1-D transforms along the first dimension of a {@code (d1, d2, d3)} array, in place; blocks run along d2. */
    private void alongFirst(final int direction, final double[] x, final int d1, final int d2, final int d3)
    {
        final int lines = Math.min(BLOCK, d2);
        for (int k = 0; k < d3; k++)
        {
            for (int j0 = 0; j0 < d2; j0 += lines)
            {
                final int base = 2 * (j0 + k * d2) * d1;
                gatherRows(x, base, d1, lines);
                fft.transform(direction, d1, lines, blockRe, blockIm, scratchRe, scratchIm);
                scatterRows(x, base, d1, lines);
            }
        }
    }

    // The copies into and out of the block are methods of their own, as are the second dimension's: called once per
    // block, the JIT compiles each small and early, instead of compiling the whole sweep on the stack once per loop.

    /** Copies {@code lines} rows of {@code d1} points from {@code x} at {@code base} into the block, point-major. */
    private void gatherRows(final double[] x, final int base, final int d1, final int lines)
    {
        for (int j = 0; j < lines; j++)
        {
            int from = base + 2 * j * d1;
            for (int i = 0, to = j; i < d1; i++, to += lines)
            {
                blockRe[to] = x[from];
                blockIm[to] = x[from + 1];
                from += 2;
            }
        }
    }

    /** The inverse of {@link #gatherRows}. */
    private void scatterRows(final double[] x, final int base, final int d1, final int lines)
    {
        for (int j = 0; j < lines; j++)
        {
            int to = base + 2 * j * d1;
            for (int i = 0, from = j; i < d1; i++, from += lines)
            {
                x[to] = blockRe[from];
                x[to + 1] = blockIm[from];
                to += 2;
            }
        }
    }

    /** 1-D transforms along the second dimension of a {@code (d1, d2, d3)} array, in place; blocks run along d1. */
    private void alongSecond(final int direction, final double[] x, final int d1, final int d2, final int d3)
    {
        final int lines = Math.min(BLOCK, d1);
        for (int k = 0; k < d3; k++)
        {
            for (int i0 = 0; i0 < d1; i0 += lines)
            {
                final int base = 2 * (i0 + k * d2 * d1);
                gatherColumns(x, base, d1, d2, lines);
                fft.transform(direction, d2, lines, blockRe, blockIm, scratchRe, scratchIm);
                scatterColumns(x, base, d1, d2, lines);
            }
        }
    }

    /** Copies {@code lines} columns of {@code d2} points from {@code x} at {@code base} into the block, point-major. */
    private void gatherColumns(final double[] x, final int base, final int d1, final int d2, final int lines)
    {
        for (int j = 0; j < d2; j++)
        {
            final int from = base + 2 * j * d1;
            final int to = j * lines;
            for (int i = 0; i < lines; i++)
            {
                blockRe[to + i] = x[from + 2 * i];
                blockIm[to + i] = x[from + 2 * i + 1];
            }
        }
    }

    /** The inverse of {@link #gatherColumns}. */
    private void scatterColumns(final double[] x, final int base, final int d1, final int d2, final int lines)
    {
        for (int j = 0; j < d2; j++)
        {
            final int to = base + 2 * j * d1;
            final int from = j * lines;
            for (int i = 0; i < lines; i++)
            {
                x[to + 2 * i] = blockRe[from + i];
                x[to + 2 * i + 1] = blockIm[from + i];
            }
        }
    }
}
