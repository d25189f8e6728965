package org.openmpj.engine;

import java.nio.charset.StandardCharsets;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * Two disjoint groups joined so that each rank talks to the ranks of the other group: point-to-point through
 * {@link #remote()}, whose ranks are the other group's and whose messages carry the sender's rank in its own
 * group; and, for the steps a group takes alone inside intercommunicator collectives, {@link #local()}, its own
 * group on a context block of its own. The leader of each group is its rank 0.
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
    /** The tag of the leader's word to its group on how the greeting went, on the group's collective context. */
    private static final int TAG_JOIN = 103;

    private final Communicator local;
    private final Communicator remote;

    /**
     * @param local  this rank's group, on a context block of its own.
     * @param remote the other group's ranks, with this rank's rank in its own group, on another context block.
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
     * Joins the group of {@code group} with another: the leaders greet each other over {@code link} and swap their
     * groups' world ranks ({@link LeaderHandshake}), each leader passes the outcome on to its group, and both groups
     * agree on fresh context blocks. Collective over both groups. Mismatched calls fail on every rank rather than wait:
     * ranks of one group that name different leaders, a leader that gives up, leaders that greet the wrong rank or
     * with different tags, and groups that share a process.
     *
     * @param ids     this rank's contexts.
     * @param group   this rank's group.
     * @param leader  the rank of this group's leader in {@code group}, as this rank gave it.
     * @param link    how this rank would reach the other group's leader, or null when its arguments cannot; a leader
     *                greets over it, and every rank watches its communicator for greetings meant for a leader.
     * @param refusal why this rank, when it is the leader, gives up before greeting (arguments only it checks), or null.
     * @throws OpenMpjException on every rank of both groups when the creation fails.
     */
    public static Intercommunicator join(
        final ContextIds ids, final Communicator group, final int leader, final LeaderLink link, final OpenMpjException refusal)
    {
        agreeOnLeader(group, leader, link);
        final int[] remoteRanks = group.rank() == leader ? leadJoin(group, link, refusal) : followJoin(group, leader, link);
        final int localContext = ids.agree(group);
        final Communicator local = new Communicator(group.device(), localContext, group.rank(), group.worldRanks());
        final int remoteContext = agreeAcross(ids, localContext, local, leader, link);
        return new Intercommunicator(local, new Communicator(group.device(), remoteContext, group.rank(), remoteRanks));
    }

    /**
     * Checks that every rank of the group named the same leader, in range; otherwise every rank fails, and a rank that
     * took itself for the leader tells the other leader, so that it does not wait for a greeting.
     */
    private static void agreeOnLeader(final Communicator group, final int leader, final LeaderLink link)
    {
        final int[] bounds = {leader, -leader};
        Collectives.allreduce(group, bounds.clone(), 0, bounds, 0, Primitive.INT, 2, 1,
            PredefinedReduction.of(PredefinedReduction.Operation.MAX, Primitive.INT));
        final int highest = bounds[0];
        final int lowest = -bounds[1];
        if (highest != lowest)
        {
            if (group.rank() == leader && link != null)
            {
                LeaderHandshake.refuse(link, ErrorClass.ERR_RANK);
            }
            throw new OpenMpjException(ErrorClass.ERR_RANK, "Create_intercomm: the ranks of the local communicator gave different"
                + " localLeader values, from " + lowest + " to " + highest + " (this rank gave " + leader + "); all must give the same");
        }
        if (leader < 0 || leader >= group.size())
        {
            throw new OpenMpjException(ErrorClass.ERR_RANK, "Create_intercomm: localLeader=" + leader + " out of range for the local"
                + " communicator of size " + group.size() + "; expected 0 to " + (group.size() - 1));
        }
    }

    /** The leader's part: greets the other leader unless it gives up, and tells its group the outcome. */
    private static int[] leadJoin(final Communicator group, final LeaderLink link, final OpenMpjException refusal)
    {
        OpenMpjException failure = refusal;
        int[] remoteRanks = new int[0];
        if (failure != null)
        {
            if (link != null)
            {
                LeaderHandshake.refuse(link, failure.errorClass());
            }
        }
        else
        {
            try
            {
                remoteRanks = LeaderHandshake.exchangeGroups(link, group.worldRanks());
                final int shared = sharedProcess(group.worldRanks(), remoteRanks);
                if (shared >= 0)
                {
                    failure = new OpenMpjException(ErrorClass.ERR_COMM, "Create_intercomm: the two groups of an intercommunicator must be"
                        + " disjoint, but both hold the process of world rank " + shared);
                }
            }
            catch (final OpenMpjException ex)
            {
                failure = ex;
            }
        }
        final byte[] text = failure == null ? new byte[0] : failure.getMessage().getBytes(StandardCharsets.UTF_8);
        final int[] outcome = {failure == null ? 0 : failure.errorClass().code(), failure == null ? remoteRanks.length : text.length};
        final Communicator toGroup = group.collectives();
        final Request[] told = new Request[group.size()];
        for (int member = 0; member < group.size(); member++)
        {
            if (member != group.rank())
            {
                told[member] = toGroup.isend(outcome, Primitive.INT, 0, outcome.length, member, TAG_JOIN, SendMode.STANDARD);
            }
        }
        for (final Request request : told)
        {
            if (request != null)
            {
                toGroup.await(request);
            }
        }
        if (failure != null)
        {
            Collectives.bcast(group, text, Primitive.BYTE, 0, text.length, group.rank());
            throw failure;
        }
        Collectives.bcast(group, remoteRanks, Primitive.INT, 0, remoteRanks.length, group.rank());
        return remoteRanks;
    }

    /**
     * A member's part: waits for the leader's outcome, meanwhile refusing greetings that leaders of other groups send
     * this rank by mistake (so that they fail rather than wait for it).
     */
    private static int[] followJoin(final Communicator group, final int leader, final LeaderLink link)
    {
        final int[] outcome = new int[2];
        final ReceiveRequest told = group.collectives().irecv(outcome, Primitive.INT, 0, outcome.length, leader, TAG_JOIN);
        if (link == null)
        {
            group.await(told);
        }
        else
        {
            LeaderHandshake.awaitAnswering(link.channel(), told, null, LeaderHandshake.rankOf(link.channel(), group.worldRank(leader)));
        }
        if (told.error() != null)
        {
            throw told.error();
        }
        if (outcome[0] != 0)
        {
            final byte[] text = new byte[outcome[1]];
            Collectives.bcast(group, text, Primitive.BYTE, 0, text.length, leader);
            throw new OpenMpjException(ErrorClass.of(outcome[0]), new String(text, StandardCharsets.UTF_8) + " (found by the local leader, rank "
                + leader + ")");
        }
        final int[] remoteRanks = new int[outcome[1]];
        Collectives.bcast(group, remoteRanks, Primitive.INT, 0, remoteRanks.length, leader);
        return remoteRanks;
    }

    /** @return the same two groups on fresh context blocks; collective over both groups. */
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
     * Agrees on a context block free on every rank of two groups: each group intersects its offers, the leaders
     * swap and intersect the two results, and each leader passes the outcome on. Collective over both groups.
     *
     * @param ids     this rank's contexts.
     * @param creator a context that names this creation on this rank; see {@link ContextIds#agree(int, ContextIds.Intersection)}.
     * @param group   this rank's group.
     * @param leader  the rank of this group's leader in {@code group}.
     * @param link    how the leader reaches the other group's leader; used on the leader only.
     * @return the point-to-point context of the block.
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
