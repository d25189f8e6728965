package org.openmpj.engine;

import java.util.Arrays;
import java.util.function.IntPredicate;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;

/**
 * The matching contexts one rank can give to new communicators, as pairs: pair p is context 2p for
 * point-to-point and 2p + 1 for collectives. A new communicator's pair is agreed by all ranks of the parent
 * with {@link #agree}: each offers the pairs free on it, a bitwise AND over the parent finds the pairs free
 * everywhere, and the lowest is taken. When several threads of a rank create communicators at once, only the
 * one whose parent has the lowest context may offer pairs; the others offer none, see an empty intersection
 * and try again. The globally lowest parent is then offered pairs on all its ranks, so creation always
 * progresses; no two creations ever hold the same pair, and no lock is held while agreeing.
 *
 * <p>Thread-safety: safe for concurrent use.
 */
public final class ContextIds
{
    /** Pairs a rank can hold at once. */
    static final int PAIRS = 4096;

    private final long[] free = new long[PAIRS / 64];
    /** Pairs of freed communicators whose traffic has not yet drained on this rank. */
    private final long[] draining = new long[PAIRS / 64];
    private final IntPredicate isQuiet;
    /** Parent contexts of the creations in progress on this rank, with multiplicity. */
    private final java.util.TreeMap<Integer, Integer> contenders = new java.util.TreeMap<>();
    /** The parent context whose creation holds the offer of free pairs, or -1. */
    private int offering = -1;

    /**
     * @param firstFreeContext contexts below it are taken (the world's and self's).
     * @param isQuiet          whether a context has no posted receive and no waiting message on this rank.
     */
    public ContextIds(final int firstFreeContext, final IntPredicate isQuiet)
    {
        this.isQuiet = isQuiet;
        Arrays.fill(free, -1L);
        for (int pair = 0; pair < (firstFreeContext + 1) / 2; pair++)
        {
            free[pair >>> 6] &= ~(1L << pair);
        }
    }

    /**
     * Agrees on a context pair with every rank of {@code parent}; collective over {@code parent}.
     *
     * @return the point-to-point context of the pair; the next context is for collectives.
     */
    public int agree(final Communicator parent)
    {
        final Reduction intersection = PredefinedReduction.of(PredefinedReduction.Operation.BAND, Primitive.LONG);
        return agree(parent.context(),
            (mine, common) -> Collectives.allreduce(parent, mine, 0, common, 0, Primitive.LONG, mine.length, 1, intersection));
    }

    /**
     * Agrees on a context pair with every rank that takes part in {@code intersection}, which may span two groups.
     * Collective over those ranks.
     *
     * @param creator      a context that names this creation on this rank (the parent's, or one the creation
     *                     already holds); the lowest among the creations in progress on a rank offers first.
     * @param intersection the collective bitwise AND of every taking part rank's free pairs.
     * @return the point-to-point context of the pair; the next context is for collectives.
     */
    public int agree(final int creator, final Intersection intersection)
    {
        enter(creator);
        try
        {
            for (int attempt = 0; ; attempt++)
            {
                final long[] mine = offer(creator);
                final long[] common = new long[mine.length];
                final int pair;
                try
                {
                    intersection.intersect(mine, common);
                }
                finally
                {
                    pair = settle(creator, common);
                }
                if (pair >= 0)
                {
                    return 2 * pair;
                }
                if (attempt > 1000 && isExhausted())
                {
                    throw new OpenMpjException(ErrorClass.ERR_OTHER, "no matching context is free on every rank: " + PAIRS
                        + " communicators exist at once; free some with Comm.Free");
                }
                // Another creation on this rank or a peer holds the offer: let it finish.
                Thread.yield();
            }
        }
        finally
        {
            leave(creator);
        }
    }

    /**
     * Gives the pair of {@code context} back once its communicator is freed on this rank. Receives still posted
     * in it complete normally, as MPI requires, so the pair is offered again only once its traffic has drained:
     * no receive posted and no message waiting in either context on this rank.
     */
    public synchronized void release(final int context)
    {
        final int pair = context / 2;
        draining[pair >>> 6] |= 1L << pair;
    }

    private synchronized void enter(final int creator)
    {
        contenders.merge(creator, 1, Integer::sum);
    }

    private synchronized void leave(final int creator)
    {
        contenders.computeIfPresent(creator, (context, count) -> count == 1 ? null : count - 1);
    }

    /** @return the free pairs, when this creation is the lowest contender and nobody holds the offer; else none. */
    private synchronized long[] offer(final int creator)
    {
        final long[] mine = new long[free.length];
        if (offering < 0 && contenders.firstKey() == creator)
        {
            offering = creator;
            freeDrainedPairs();
            System.arraycopy(free, 0, mine, 0, free.length);
        }
        return mine;
    }

    /** The bitwise AND of the free pairs offered by every rank taking part in an agreement; collective over them. */
    @FunctionalInterface
    public interface Intersection
    {
        /**
         * @param mine   this rank's offer, a bit per pair.
         * @param common filled with the AND of every rank's offer; of the same length as {@code mine}.
         */
        void intersect(long[] mine, long[] common);
    }

    /** Takes the lowest pair of the intersection when this creation held the offer, and gives the offer up. */
    private synchronized int settle(final int creator, final long[] common)
    {
        final int pair = lowestSet(common);
        if (offering == creator)
        {
            offering = -1;
            if (pair >= 0)
            {
                free[pair >>> 6] &= ~(1L << pair);
            }
        }
        return pair;
    }

    private void freeDrainedPairs()
    {
        for (int word = 0; word < draining.length; word++)
        {
            for (long bits = draining[word]; bits != 0; bits &= bits - 1)
            {
                final int pair = word * 64 + Long.numberOfTrailingZeros(bits);
                if (isQuiet.test(2 * pair) && isQuiet.test(2 * pair + 1))
                {
                    draining[word] &= ~(1L << pair);
                    free[word] |= 1L << pair;
                }
            }
        }
    }

    private synchronized boolean isExhausted()
    {
        for (final long word : free)
        {
            if (word != 0)
            {
                return false;
            }
        }
        return true;
    }

    private static int lowestSet(final long[] bits)
    {
        for (int i = 0; i < bits.length; i++)
        {
            if (bits[i] != 0)
            {
                return i * 64 + Long.numberOfTrailingZeros(bits[i]);
            }
        }
        return -1;
    }
}
