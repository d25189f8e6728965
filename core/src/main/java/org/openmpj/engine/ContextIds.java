package org.openmpj.engine;

import java.util.Arrays;
import java.util.function.IntPredicate;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;

/**
 * The matching contexts one rank can give to new communicators, in blocks of {@link #PER_COMMUNICATOR}: block b is
 * context 3b for point-to-point, 3b + 1 for blocking collectives and 3b + 2 for non-blocking ones. A new communicator's
 * block is agreed by all ranks of the parent with {@link #agree}: each offers the blocks free on it, a bitwise AND over
 * the parent finds the blocks free everywhere, and the lowest is taken. When several threads of a rank create
 * communicators at once, only the one whose parent has the lowest context may offer blocks; the others offer none, see
 * an empty intersection and try again. The globally lowest parent is then offered blocks on all its ranks, so creation
 * always progresses; no two creations ever hold the same block, and no lock is held while agreeing.
 *
 * <p>Thread-safety: safe for concurrent use.
 */
public final class ContextIds
{
    /** Contexts a communicator holds: point-to-point, blocking collectives, non-blocking collectives. */
    public static final int PER_COMMUNICATOR = 3;
    /** Blocks a rank can hold at once. */
    static final int BLOCKS = 4096;

    private final long[] free = new long[BLOCKS / 64];
    /** Blocks of freed communicators whose traffic has not yet drained on this rank. */
    private final long[] draining = new long[BLOCKS / 64];
    private final IntPredicate isQuiet;
    /** Parent contexts of the creations in progress on this rank, with multiplicity. */
    private final java.util.TreeMap<Integer, Integer> contenders = new java.util.TreeMap<>();
    /** The parent context whose creation holds the offer of free blocks, or -1. */
    private int offering = -1;

    /**
     * @param firstFreeContext contexts below it are taken (the world's and self's).
     * @param isQuiet          whether a context has no posted receive and no waiting message on this rank.
     */
    public ContextIds(final int firstFreeContext, final IntPredicate isQuiet)
    {
        this.isQuiet = isQuiet;
        Arrays.fill(free, -1L);
        for (int block = 0; block < (firstFreeContext + PER_COMMUNICATOR - 1) / PER_COMMUNICATOR; block++)
        {
            free[block >>> 6] &= ~(1L << block);
        }
    }

    /**
     * Agrees on a context block with every rank of {@code parent}; collective over {@code parent}.
     *
     * @return the point-to-point context of the block; the next two are for blocking and non-blocking collectives.
     */
    public int agree(final Communicator parent)
    {
        final Reduction intersection = PredefinedReduction.of(PredefinedReduction.Operation.BAND, Primitive.LONG);
        return agree(parent.context(),
            (mine, common) -> Collectives.allreduce(parent, mine, 0, common, 0, Primitive.LONG, mine.length, 1, intersection));
    }

    /**
     * Agrees on a context block with every rank that takes part in {@code intersection}, which may span two groups.
     * Collective over those ranks.
     *
     * @param creator      a context that names this creation on this rank (the parent's, or one the creation
     *                     already holds); the lowest among the creations in progress on a rank offers first.
     * @param intersection the collective bitwise AND of every taking part rank's free blocks.
     * @return the point-to-point context of the block; the next two are for blocking and non-blocking collectives.
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
                final int block;
                try
                {
                    intersection.intersect(mine, common);
                }
                finally
                {
                    block = settle(creator, common);
                }
                if (block >= 0)
                {
                    return PER_COMMUNICATOR * block;
                }
                if (attempt > 1000 && isExhausted())
                {
                    throw new OpenMpjException(ErrorClass.ERR_OTHER, "no matching context is free on every rank: " + BLOCKS
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
     * Gives the block of {@code context} back once its communicator is freed on this rank. Receives still posted
     * in it complete normally, as MPI requires, so the block is offered again only once its traffic has drained:
     * no receive posted and no message waiting in either context on this rank.
     */
    public synchronized void release(final int context)
    {
        final int block = context / PER_COMMUNICATOR;
        draining[block >>> 6] |= 1L << block;
    }

    private synchronized void enter(final int creator)
    {
        contenders.merge(creator, 1, Integer::sum);
    }

    private synchronized void leave(final int creator)
    {
        contenders.computeIfPresent(creator, (context, count) -> count == 1 ? null : count - 1);
    }

    /** @return the free blocks, when this creation is the lowest contender and nobody holds the offer; else none. */
    private synchronized long[] offer(final int creator)
    {
        final long[] mine = new long[free.length];
        if (offering < 0 && contenders.firstKey() == creator)
        {
            offering = creator;
            freeDrainedBlocks();
            System.arraycopy(free, 0, mine, 0, free.length);
        }
        return mine;
    }

    /** The bitwise AND of the free blocks offered by every rank taking part in an agreement; collective over them. */
    @FunctionalInterface
    public interface Intersection
    {
        /**
         * @param mine   this rank's offer, a bit per block.
         * @param common filled with the AND of every rank's offer; of the same length as {@code mine}.
         */
        void intersect(long[] mine, long[] common);
    }

    /** Takes the lowest block of the intersection when this creation held the offer, and gives the offer up. */
    private synchronized int settle(final int creator, final long[] common)
    {
        final int block = lowestSet(common);
        if (offering == creator)
        {
            offering = -1;
            if (block >= 0)
            {
                free[block >>> 6] &= ~(1L << block);
            }
        }
        return block;
    }

    private void freeDrainedBlocks()
    {
        for (int word = 0; word < draining.length; word++)
        {
            for (long bits = draining[word]; bits != 0; bits &= bits - 1)
            {
                final int block = word * 64 + Long.numberOfTrailingZeros(bits);
                if (isQuiet(block))
                {
                    draining[word] &= ~(1L << block);
                    free[word] |= 1L << block;
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

    /** @return whether no context of {@code block} has a posted receive or a waiting message on this rank. */
    private boolean isQuiet(final int block)
    {
        for (int context = PER_COMMUNICATOR * block; context < PER_COMMUNICATOR * (block + 1); context++)
        {
            if (!isQuiet.test(context))
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
