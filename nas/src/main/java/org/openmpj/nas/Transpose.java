package org.openmpj.nas;

/**
 * The two local steps of NPB FT's global transpose of a complex matrix whose columns are spread over the ranks (complex
 * values interleaved, real part first). Between them the ranks swap blocks with an Alltoall:
 * <ol>
 *   <li>{@link #local}: this rank's {@code (n1, n2)} matrix becomes {@code (n2, n1)}, so that the rows bound for rank
 *       {@code p}, {@code n1 / processes} of them, are the p-th contiguous block;</li>
 *   <li>the Alltoall: block p goes to rank p, and the block from rank p lands at position p;</li>
 *   <li>{@link #finish}: the blocks, each {@code (n2, n1 / processes)}, are interleaved into one
 *       {@code (n2 * processes, n1 / processes)} matrix, block p's columns at {@code p * n2}.</li>
 * </ol>
 * All methods are pure functions of their arguments and allocate nothing.
 */
final class Transpose
{
    /** Side of the square tiles the local transpose works through, so that both matrices' lines stay in cache. */
    private static final int TILE = 32;

    private Transpose()
    {
    }

    /**
     * {@code out(j, i) = in(i, j)} for an {@code (n1, n2)} complex matrix {@code in}, first index fastest.
     */
    static void local(final double[] in, final double[] out, final int n1, final int n2)
    {
        for (int j0 = 0; j0 < n2; j0 += TILE)
        {
            final int jEnd = Math.min(j0 + TILE, n2);
            for (int i0 = 0; i0 < n1; i0 += TILE)
            {
                final int iEnd = Math.min(i0 + TILE, n1);
                for (int i = i0; i < iEnd; i++)
                {
                    int to = 2 * (j0 + i * n2);
                    int from = 2 * (i + j0 * n1);
                    final int step = 2 * n1;
                    for (int j = j0; j < jEnd; j++)
                    {
                        out[to] = in[from];
                        out[to + 1] = in[from + 1];
                        to += 2;
                        from += step;
                    }
                }
            }
        }
    }

    /**
     * Interleaves the blocks an Alltoall delivered: {@code in} holds {@code processes} blocks of {@code (n2, n1 / processes)}
     * complex values, and {@code out(i + p n2, j) = in_p(i, j)}.
     */
    static void finish(final double[] in, final double[] out, final int n1, final int n2, final int processes)
    {
        final int columns = n1 / processes;
        final int run = 2 * n2;
        for (int p = 0; p < processes; p++)
        {
            final int block = p * run * columns;
            for (int j = 0; j < columns; j++)
            {
                System.arraycopy(in, block + j * run, out, (p + j * processes) * run, run);
            }
        }
    }
}
