package org.openmpj.engine;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Primitive;

/**
 * Two disjoint groups joined so that each rank talks to the ranks of the other group: point-to-point through
 * {@link #remote()}, whose ranks are the other group's and whose messages carry the sender's rank in its own
 * group; and, for the steps a group takes alone inside intercommunicator collectives, {@link #local()}, its own
 * group on a context pair of its own. The leader of each group is its rank 0.
 *
 * <p>Thread-safety: immutable.
 */
public final class Intercommunicator
{
    /** The root argument of the rank that is the root of an intercommunicator collective. */
    public static final int ROOT = -4;

    /** Tags of the leaders' messages on the collective context, apart from those of {@link InterCollectives}. */
    private static final int TAG_MERGE = 101;
    private static final int TAG_AGREE = 102;

    private final Communicator local;
    private final Communicator remote;

    /**
     * @param local  this rank's group, on a context pair of its own.
     * @param remote the other group's ranks, with this rank's rank in its own group, on another context pair.
     */
    public Intercommunicator(final Communicator local, final Communicator remote)
    {
        this.local = local;
        this.remote = remote;
    }

    /** @return this rank's own group. */
    public Communicator local()
    {
        return local;
    }

    /** @return the other group, for point-to-point across. */
    public Communicator remote()
    {
        return remote;
    }

    /** @return this rank's rank in its own group. */
    public int rank()
    {
        return local.rank();
    }

    /** @return the number of ranks in this rank's group. */
    public int localSize()
    {
        return local.size();
    }

    /** @return the number of ranks in the other group. */
    public int remoteSize()
    {
        return remote.size();
    }

    /** @return the link between the two groups' leaders (rank 0 of each) on the collective context. */
    public LeaderLink leaders(final int tag)
    {
        return new LeaderLink(remote.collectives(), 0, tag);
    }

    /**
     * Joins the group of {@code group} with another: the leaders swap their groups' world ranks over {@code link},
     * each leader passes the other group on, and both groups agree on fresh context pairs. Collective over both
     * groups.
     *
     * @param ids    this rank's contexts.
     * @param group  this rank's group.
     * @param leader the rank of this group's leader in {@code group}.
     * @param link   how the leader reaches the other group's leader; used on the leader only.
     * @throws OpenMpjException {@code ERR_COMM} on every rank of a group when the two groups share a process.
     */
    public static Intercommunicator join(final ContextIds ids, final Communicator group, final int leader, final LeaderLink link)
    {
        int[] remoteRanks = null;
        final int[] header = new int[2];
        if (group.rank() == leader)
        {
            remoteRanks = link.exchange(group.worldRanks());
            header[0] = sharedProcess(group.worldRanks(), remoteRanks);
            header[1] = remoteRanks.length;
        }
        Collectives.bcast(group, header, Primitive.INT, 0, 2, leader);
        if (header[0] >= 0)
        {
            throw new OpenMpjException(ErrorClass.ERR_COMM, "the two groups of an intercommunicator must be disjoint, but both hold"
                + " the process of world rank " + header[0]);
        }
        if (remoteRanks == null)
        {
            remoteRanks = new int[header[1]];
        }
        Collectives.bcast(group, remoteRanks, Primitive.INT, 0, remoteRanks.length, leader);
        final int localContext = ids.agree(group);
        final Communicator local = new Communicator(group.device(), localContext, group.rank(), group.worldRanks());
        final int remoteContext = agreeAcross(ids, localContext, local, leader, link);
        return new Intercommunicator(local, new Communicator(group.device(), remoteContext, group.rank(), remoteRanks));
    }

    /** @return the same two groups on fresh context pairs; collective over both groups. */
    public Intercommunicator dup(final ContextIds ids)
    {
        final int localContext = ids.agree(local);
        final Communicator newLocal = new Communicator(local.device(), localContext, local.rank(), local.worldRanks());
        final int remoteContext = agreeAcross(ids, localContext, newLocal, 0, leaders(TAG_AGREE));
        return new Intercommunicator(newLocal, new Communicator(local.device(), remoteContext, rank(), remote.worldRanks()));
    }

    /**
     * @return one communicator of both groups: the group that gave {@code high} false first, and when both gave the
     *         same, the group whose leader has the lower world rank. Collective over both groups.
     */
    public Communicator merge(final ContextIds ids, final boolean high)
    {
        final int[] mine = {high ? 1 : 0, local.worldRank(0)};
        final int[] theirs = new int[2];
        if (rank() == 0)
        {
            leaders(TAG_MERGE).exchange(mine, Primitive.INT, 2, theirs, 2);
        }
        Collectives.bcast(local, theirs, Primitive.INT, 0, 2, 0);
        final boolean localFirst = mine[0] != theirs[0] ? !high : mine[1] < theirs[1];
        final int[] first = localFirst ? local.worldRanks() : remote.worldRanks();
        final int[] second = localFirst ? remote.worldRanks() : local.worldRanks();
        final int[] union = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, union, first.length, second.length);
        final int context = agreeAcross(ids, local.context(), local, 0, leaders(TAG_AGREE));
        return new Communicator(local.device(), context, localFirst ? rank() : remoteSize() + rank(), union);
    }

    /**
     * Agrees on a context pair free on every rank of two groups: each group intersects its offers, the leaders
     * swap and intersect the two results, and each leader passes the outcome on. Collective over both groups.
     *
     * @param ids     this rank's contexts.
     * @param creator a context that names this creation on this rank; see {@link ContextIds#agree(int, ContextIds.Intersection)}.
     * @param group   this rank's group.
     * @param leader  the rank of this group's leader in {@code group}.
     * @param link    how the leader reaches the other group's leader; used on the leader only.
     * @return the point-to-point context of the pair.
     */
    public static int agreeAcross(
        final ContextIds ids, final int creator, final Communicator group, final int leader, final LeaderLink link)
    {
        final Reduction and = PredefinedReduction.of(PredefinedReduction.Operation.BAND, Primitive.LONG);
        return ids.agree(creator, (mine, common) ->
        {
            Collectives.reduce(group, mine, 0, common, 0, Primitive.LONG, mine.length, 1, and, leader);
            if (group.rank() == leader)
            {
                final long[] theirs = new long[common.length];
                link.exchange(common, Primitive.LONG, common.length, theirs, theirs.length);
                and.reduce(theirs, 0, common, 0, common.length);
            }
            Collectives.bcast(group, common, Primitive.LONG, 0, common.length, leader);
        });
    }

    /** @return a world rank in both arrays, or -1. */
    private static int sharedProcess(final int[] mine, final int[] theirs)
    {
        for (final int a : mine)
        {
            for (final int b : theirs)
            {
                if (a == b)
                {
                    return a;
                }
            }
        }
        return -1;
    }
}
