package org.openmpj.engine;

/**
 * Folds {@code n} ranks onto the largest power of two {@code p <= n}, for algorithms that pair ranks by flipping
 * one bit: the first {@code 2 (n - p)} ranks form pairs (0, 1), (2, 3), …, whose even rank stands for both, and
 * the ranks after them stand for themselves. Virtual ranks keep the ranks' order, each standing for a run of
 * consecutive ranks, so a reduction that combines virtual ranks in order combines the ranks in order.
 * Ranks here are relative to a chosen root: rank {@code root} is relative rank 0.
 */
final class Fold
{
    private Fold()
    {
    }

    /** @return the largest power of two not above {@code n}. */
    static int powerOfTwo(final int n)
    {
        return Integer.highestOneBit(n);
    }

    /** @return whether relative rank {@code rel} hands its data to its even neighbour and takes no part in the pairing. */
    static boolean isFoldedAway(final int rel, final int extra)
    {
        return rel < 2 * extra && (rel & 1) != 0;
    }

    /**
     * @param rel   a relative rank that is not folded away.
     * @param extra {@code n - p}, the number of pairs.
     * @return the virtual rank of relative rank {@code rel}.
     */
    static int virtualRank(final int rel, final int extra)
    {
        return rel < 2 * extra ? rel / 2 : rel - extra;
    }

    /** @return the communicator rank that virtual rank {@code v} stands for, the even one of a pair. */
    static int rankOf(final int v, final int extra, final int root, final int n)
    {
        final int rel = v < extra ? 2 * v : v + extra;
        return (rel + root) % n;
    }
}
