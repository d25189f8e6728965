package org.openmpj.engine;

import java.util.Arrays;
import java.util.stream.IntStream;

import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.SendMode;

/**
 * New intracommunicators from existing ones: duplicates, splits by color and key, subsets by group and prefixes (the
 * communicators of topologies). Each call is collective over the parent, agrees on a context for the new communicator
 * with {@link ContextIds}, and returns null on the ranks that are not in it, after giving the context back.
 *
 * <p>Thread-safety: as collectives, one call at a time per parent communicator.
 */
public final class CommunicatorCreation
{
    private CommunicatorCreation()
    {
    }

    /**
     * @return a communicator of the parent's ranks in the same order, with a context of its own.
     * @throws org.openmpj.OpenMpjException when the ranks cannot agree on a context.
     */
    public static Communicator dup(final Communicator parent, final ContextIds ids)
    {
        return derived(parent, ids.agree(parent), parent.rank(), parent.worldRanks());
    }

    /**
     * @param color the group this rank joins; a negative color joins none.
     * @param key   orders the ranks of a group, ties broken by their rank in the parent.
     * @return the communicator of the ranks that gave this rank's color, or null for a negative color.
     * @throws org.openmpj.OpenMpjException when the exchange of colors fails or no context can be agreed.
     */
    public static Communicator split(final Communicator parent, final ContextIds ids, final int color, final int key)
    {
        final int n = parent.size();
        final int[] choices = new int[2 * n];
        Collectives.allgatherv(parent, new int[] {color, key}, 0, 2, choices, 0, Collectives.counts(n, 2), Collectives.blocks(n, 2),
            Primitive.INT);
        final int context = ids.agree(parent);
        if (color < 0)
        {
            ids.release(context);
            return null;
        }
        final int[] chosen = IntStream.range(0, n).filter(r -> choices[2 * r] == color).boxed()
            .sorted((r1, r2) -> choices[2 * r1 + 1] != choices[2 * r2 + 1]
                ? Integer.compare(choices[2 * r1 + 1], choices[2 * r2 + 1]) : Integer.compare(r1, r2))
            .mapToInt(Integer::intValue).toArray();
        final int[] worldRanks = new int[chosen.length];
        int myRank = -1;
        for (int i = 0; i < chosen.length; i++)
        {
            worldRanks[i] = parent.worldRank(chosen[i]);
            if (chosen[i] == parent.rank())
            {
                myRank = i;
            }
        }
        return derived(parent, context, myRank, worldRanks);
    }

    /**
     * @param members     the world ranks of the new communicator, in its rank order; all ranks of the parent.
     * @param rankInGroup this rank's place among {@code members}; negative when it is not one of them.
     * @return the communicator of {@code members}, or null on the ranks that are not among them.
     * @throws org.openmpj.OpenMpjException when no context can be agreed.
     */
    public static Communicator create(final Communicator parent, final ContextIds ids, final int[] members, final int rankInGroup)
    {
        final int context = ids.agree(parent);
        if (rankInGroup < 0)
        {
            ids.release(context);
            return null;
        }
        return derived(parent, context, rankInGroup, members);
    }

    /**
     * Makes the communicator of {@code members}, a subset of the parent's ranks, collectively over those ranks only
     * ({@code MPI_Comm_create_group}): they agree on a context among themselves, offering their free blocks to the first
     * member and getting the intersection back through point-to-point messages in the parent's context with {@code tag},
     * so that the other ranks of the parent are not involved.
     *
     * @param members     the world ranks of the new communicator, in its rank order; this rank among them.
     * @param rankInGroup this rank's place among {@code members}.
     * @param tag         the tag of the agreement's messages in the parent, which tells concurrent creations apart.
     * @return the communicator of {@code members}.
     * @throws org.openmpj.OpenMpjException when no context can be agreed.
     */
    public static Communicator createGroup(final Communicator parent, final ContextIds ids, final int[] members, final int rankInGroup,
        final int tag)
    {
        final Communicator among = derived(parent, parent.context(), rankInGroup, members);
        final Reduction and = PredefinedReduction.of(PredefinedReduction.Operation.BAND, Primitive.LONG);
        final int context = ids.agree(parent.context(), (mine, common) ->
        {
            System.arraycopy(mine, 0, common, 0, mine.length);
            if (rankInGroup == 0)
            {
                final long[] theirs = new long[common.length];
                for (int member = 1; member < members.length; member++)
                {
                    throwOnError(among.recv(theirs, Primitive.LONG, 0, theirs.length, member, tag).error());
                    and.reduce(theirs, 0, common, 0, common.length);
                }
                for (int member = 1; member < members.length; member++)
                {
                    among.await(among.isend(common, Primitive.LONG, 0, common.length, member, tag, SendMode.STANDARD));
                }
            }
            else
            {
                among.await(among.isend(mine, Primitive.LONG, 0, mine.length, 0, tag, SendMode.STANDARD));
                throwOnError(among.recv(common, Primitive.LONG, 0, common.length, 0, tag).error());
            }
        });
        return derived(parent, context, rankInGroup, members);
    }

    private static void throwOnError(final OpenMpjException error)
    {
        if (error != null)
        {
            throw error;
        }
    }

    /**
     * @return the communicator of the parent's first {@code members} ranks, or null on the others.
     * @throws org.openmpj.OpenMpjException when no context can be agreed.
     */
    public static Communicator prefix(final Communicator parent, final ContextIds ids, final int members)
    {
        final int context = ids.agree(parent);
        if (parent.rank() >= members)
        {
            ids.release(context);
            return null;
        }
        return derived(parent, context, parent.rank(), Arrays.copyOf(parent.worldRanks(), members));
    }

    private static Communicator derived(final Communicator parent, final int context, final int rank, final int[] worldRanks)
    {
        return new Communicator(parent.device(), context, rank, worldRanks);
    }
}
