package org.openmpj.engine;

/**
 * Reductions for tests of the collective algorithms: a non-commutative one (products of 2x2 matrices), and a
 * commutative one on items of three elements whose fields combine differently, so that splitting an item
 * gives a wrong result.
 */
final class TestReductions
{
    /** Matrices are taken mod this prime, so products stay ints and never repeat by accident. */
    static final int PRIME = 10_007;

    /** Items of four ints, {@code a b; c d}; {@code inout = in x inout}, so the lower ranks' product comes first. */
    static final Reduction MATRIX_PRODUCT = new Reduction()
    {
        @Override
        public void reduce(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
        {
            final int[] a = (int[])in;
            final int[] b = (int[])inout;
            for (int m = 0; m < items; m++)
            {
                multiplyInto(a, inOffset + 4 * m, b, inoutOffset + 4 * m);
            }
        }

        @Override
        public boolean isCommutative()
        {
            return false;
        }
    };

    /** Items of three ints: (sum, max, xor). */
    static final Reduction SUM_MAX_XOR = new Reduction()
    {
        @Override
        public void reduce(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
        {
            final int[] a = (int[])in;
            final int[] b = (int[])inout;
            for (int t = 0; t < items; t++)
            {
                final int i = inOffset + 3 * t;
                final int o = inoutOffset + 3 * t;
                b[o] += a[i];
                b[o + 1] = Math.max(a[i + 1], b[o + 1]);
                b[o + 2] ^= a[i + 2];
            }
        }

        @Override
        public boolean isCommutative()
        {
            return true;
        }
    };

    private TestReductions()
    {
    }

    /** @return rank {@code rank}'s element {@code i}: varied, small enough that sums of eight never overflow. */
    static int value(final int rank, final int i)
    {
        return (rank * 131 + i * 17 + (i >> 3) * 7) % 1_001 - 300;
    }

    /** @return rank {@code rank}'s matrix {@code m}, four ints in [0, PRIME). */
    static int[] matrix(final int rank, final int m)
    {
        return new int[] {
            (rank * 7 + m * 3 + 1) % PRIME, (rank + 2 * m + 2) % PRIME, (rank * rank + m + 3) % PRIME, (int)((rank + (long)m * m + 1) % PRIME)};
    }

    /** {@code b = a x b} for the matrices at {@code a[ai]} and {@code b[bi]}. */
    static void multiplyInto(final int[] a, final int ai, final int[] b, final int bi)
    {
        final long p = ((long)a[ai] * b[bi] + (long)a[ai + 1] * b[bi + 2]) % PRIME;
        final long q = ((long)a[ai] * b[bi + 1] + (long)a[ai + 1] * b[bi + 3]) % PRIME;
        final long r = ((long)a[ai + 2] * b[bi] + (long)a[ai + 3] * b[bi + 2]) % PRIME;
        final long s = ((long)a[ai + 2] * b[bi + 1] + (long)a[ai + 3] * b[bi + 3]) % PRIME;
        b[bi] = (int)p;
        b[bi + 1] = (int)q;
        b[bi + 2] = (int)r;
        b[bi + 3] = (int)s;
    }

    /** @return {@code matrices} matrices of rank {@code rank}, one after another. */
    static int[] matrices(final int rank, final int matrices)
    {
        final int[] all = new int[4 * matrices];
        for (int m = 0; m < matrices; m++)
        {
            System.arraycopy(matrix(rank, m), 0, all, 4 * m, 4);
        }
        return all;
    }

    /** @return the product, in rank order, of ranks {@code 0 .. upTo}'s matrices. */
    static int[] orderedProduct(final int upTo, final int matrices)
    {
        final int[] product = matrices(upTo, matrices);
        for (int rank = upTo - 1; rank >= 0; rank--)
        {
            final int[] lower = matrices(rank, matrices);
            for (int m = 0; m < matrices; m++)
            {
                multiplyInto(lower, 4 * m, product, 4 * m);
            }
        }
        return product;
    }

    /** @return rank {@code rank}'s triples for {@link #SUM_MAX_XOR}. */
    static int[] triples(final int rank, final int triples)
    {
        final int[] all = new int[3 * triples];
        for (int i = 0; i < all.length; i++)
        {
            all[i] = value(rank, i);
        }
        return all;
    }

    /** @return the serial {@link #SUM_MAX_XOR} of ranks {@code 0 .. n - 1}'s triples. */
    static int[] combinedTriples(final int n, final int triples)
    {
        final int[] result = triples(0, triples);
        for (int rank = 1; rank < n; rank++)
        {
            SUM_MAX_XOR.reduce(triples(rank, triples), 0, result, 0, triples);
        }
        return result;
    }
}
