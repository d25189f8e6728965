package mpi;

import java.util.Arrays;
import java.util.function.Function;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.CommunicatorCreation;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.LeaderLink;

/**
 * Making, comparing and freeing communicators: duplicates, splits and subsets of a parent, each with a context the ranks
 * of the parent agree on in the engine ({@link CommunicatorCreation}). A new communicator inherits its parent's error
 * handler. A rank left out of a split or subset gets a null communicator ({@link Comm#isNull()}), as in Open MPI.
 */
final class CommCreation
{
    private CommCreation()
    {
    }

    static Intracomm dup(final Comm parent, final String call) throws MPIException
    {
        return dup(parent, call, Intracomm::new);
    }

    /** @return a duplicate of {@code parent} made by {@code factory} from its name; see {@link Comm#dup()}. */
    static <C extends Comm> C dup(final Comm parent, final String call, final Function<String, C> factory) throws MPIException
    {
        final Communicator communicator = parent.engine(call);
        try
        {
            return bind(parent, factory.apply("dup of " + parent), CommunicatorCreation.dup(communicator, parent.session().contextIds()));
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
    }

    static Intracomm split(final Comm parent, final int color, final int key) throws MPIException
    {
        return split(parent, "split", color, key, Intracomm::new);
    }

    /** @return the communicator of this rank's colour made by {@code factory}; see {@link Intracomm#split}. */
    static <C extends Comm> C split(final Comm parent, final String call, final int color, final int key, final Function<String, C> factory)
        throws MPIException
    {
        final Communicator communicator = parent.engine(call);
        if (color < 0 && color != MPI.UNDEFINED)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": colour=" + color
                + " is negative; expected 0 or more, or MPI.UNDEFINED"));
        }
        try
        {
            return bind(parent, factory.apply(call + " " + color + " of " + parent), CommunicatorCreation.split(communicator,
                parent.session().contextIds(), color == MPI.UNDEFINED ? -1 : color, key));
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
    }

    static Intracomm create(final Comm parent, final Group group) throws MPIException
    {
        return create(parent, "create", group);
    }

    /** @return the communicator of {@code group}, a subset of {@code parent}'s ranks; see {@link Intracomm#create}. */
    static Intracomm create(final Comm parent, final String call, final Group group) throws MPIException
    {
        final Communicator communicator = parent.engine(call);
        if (group == null)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_GROUP, call + ": group is null"));
        }
        final int[] members;
        final int rankInGroup;
        try
        {
            members = group.members(call);
            rankInGroup = group.memberRank(call);
        }
        catch (final MPIException ex)
        {
            throw parent.raise(ex);
        }
        subset(parent, call, communicator, members);
        try
        {
            return bind(parent, new Intracomm("subset of " + parent), CommunicatorCreation.create(communicator,
                parent.session().contextIds(), members, rankInGroup));
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
    }

    /**
     * @return the intercommunicator of {@code local}'s group and another; see {@link Comm#createIntercomm}. What only the
     *         local leader uses is checked there, and a refusal there fails every rank of both groups in the engine.
     */
    static Intercomm intercomm(final Comm local, final Comm peer, final int localLeader, final int remoteLeader, final int tag)
        throws MPIException
    {
        final String call = "createIntercomm";
        peer.engine(call);
        if (local == null)
        {
            throw peer.raise(MPIException.of(ErrorClass.ERR_COMM, call + ": localComm is null; expected this rank's intracommunicator"));
        }
        final Communicator group = local.engine(call);
        if (local.intercommunicator() != null)
        {
            throw local.raise(MPIException.of(ErrorClass.ERR_COMM, call + ": localComm " + local + " is an intercommunicator; expected an"
                + " intracommunicator"));
        }
        final LeaderLink link = usableLink(peer, remoteLeader, tag);
        OpenMpjException refusal = null;
        if (group.rank() == localLeader)
        {
            try
            {
                checkLeaderArguments(call, peer, group, remoteLeader, tag);
            }
            catch (final MPIException ex)
            {
                refusal = new OpenMpjException(ErrorClass.of(ex.getErrorClass()), ex.getMessage());
            }
        }
        try
        {
            return Intercomm.wrap("intercommunicator of " + local, Intercommunicator.join(local.session().contextIds(), group, localLeader,
                link, refusal), local);
        }
        catch (final OpenMpjException ex)
        {
            throw local.raise(ex);
        }
    }

    /** @return how this rank would reach the other leader with these arguments, or null when they cannot reach it. */
    private static LeaderLink usableLink(final Comm peer, final int remoteLeader, final int tag)
    {
        final Communicator channel = peer.bound();
        if (peer.intercommunicator() != null || channel == null)
        {
            return null;
        }
        final boolean reachable = remoteLeader >= 0 && remoteLeader < channel.size() && remoteLeader != channel.rank() && tag >= 0;
        return reachable ? new LeaderLink(channel, remoteLeader, tag) : null;
    }

    /** Checks what only the local leader uses: the peer communicator, the other leader's rank in it, and the tag. */
    private static void checkLeaderArguments(final String call, final Comm peer, final Communicator group, final int remoteLeader,
        final int tag) throws MPIException
    {
        final Communicator channel = peer.engine(call);
        if (peer.intercommunicator() != null)
        {
            throw MPIException.of(ErrorClass.ERR_COMM, call + ": the peer communicator " + peer + " is an intercommunicator; expected an"
                + " intracommunicator that holds both leaders");
        }
        if (remoteLeader < 0 || remoteLeader >= channel.size() || remoteLeader == channel.rank())
        {
            throw MPIException.of(ErrorClass.ERR_RANK, call + ": remoteLeader=" + remoteLeader + " in " + peer + " of size "
                + channel.size() + "; expected the rank there of the other group's leader, 0 to " + (channel.size() - 1)
                + " but not this rank (" + channel.rank() + ")");
        }
        if (group.holds(channel, remoteLeader))
        {
            throw MPIException.of(ErrorClass.ERR_RANK, call + ": remoteLeader=" + remoteLeader + " in " + peer + " is a rank of this"
                + " rank's own group; expected the leader of the other, disjoint group (is the call made on the peer communicator,"
                + " peer.createIntercomm(localComm, localLeader, remoteLeader, tag)?)");
        }
        Args.sendTag(call, channel, tag);
    }

    /**
     * @return the communicator of {@code group}, made by its members only; see {@link Intracomm#createGroup}.
     */
    static Intracomm createGroup(final Comm parent, final Group group, final int tag) throws MPIException
    {
        final String call = "createGroup";
        final Communicator communicator = parent.engine(call);
        if (group == null)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_GROUP, call + ": group is null"));
        }
        final int[] members;
        final int rankInGroup;
        try
        {
            members = group.members(call);
            rankInGroup = group.memberRank(call);
        }
        catch (final MPIException ex)
        {
            throw parent.raise(ex);
        }
        if (rankInGroup < 0)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_GROUP, call + ": the calling process is not in the group; only the group's"
                + " members call createGroup"));
        }
        if (tag < 0)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_TAG, call + ": tag=" + tag + " is negative; expected 0 or more"));
        }
        subset(parent, call, communicator, members);
        try
        {
            return bind(parent, new Intracomm("group of " + parent), CommunicatorCreation.createGroup(communicator,
                parent.session().contextIds(), members, rankInGroup, tag));
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
    }

    /**
     * @return the communicator of the ranks that share this rank's host ({@link Comm#TYPE_SHARED}, ordered by {@code key}),
     *         or a null communicator for {@link MPI#UNDEFINED}. Collective: the ranks learn each other's host names first,
     *         and the ranks of a host take the lowest rank among them as their colour.
     */
    static Intracomm splitType(final Comm parent, final int splitType, final int key) throws MPIException
    {
        final String call = "splitType";
        parent.engine(call);
        if (splitType != Comm.TYPE_SHARED && splitType != MPI.UNDEFINED)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": splitType=" + splitType + " is not a split type; expected"
                + " Comm.TYPE_SHARED or MPI.UNDEFINED"));
        }
        final int colour = hostColour(parent);
        return split(parent, call, splitType == MPI.UNDEFINED ? MPI.UNDEFINED : colour, key, Intracomm::new);
    }

    /** @return the lowest rank of {@code parent} on this rank's host, from every rank's host name. Collective. */
    private static int hostColour(final Comm parent) throws MPIException
    {
        final int n = parent.getSize();
        final char[] mine = parent.session().processorName().toCharArray();
        final int[] lengths = new int[n];
        parent.allGather(new int[] {mine.length}, 1, MPI.INT, lengths, 1, MPI.INT);
        final int[] displs = new int[n];
        for (int r = 1; r < n; r++)
        {
            displs[r] = displs[r - 1] + lengths[r - 1];
        }
        final char[] names = new char[displs[n - 1] + lengths[n - 1]];
        parent.allGatherv(mine, mine.length, MPI.CHAR, names, lengths, displs, MPI.CHAR);
        final int rank = parent.getRank();
        for (int r = 0; r < rank; r++)
        {
            if (Arrays.equals(names, displs[r], displs[r] + lengths[r], mine, 0, mine.length))
            {
                return r;
            }
        }
        return rank;
    }

    /** Checks that the world ranks {@code members} are all ranks of {@code parent}. */
    private static void subset(final Comm parent, final String call, final Communicator communicator, final int[] members)
        throws MPIException
    {
        final int[] parentRanks = communicator.worldRanks();
        for (final int member : members)
        {
            if (Arrays.stream(parentRanks).noneMatch(r -> r == member))
            {
                throw parent.raise(MPIException.of(ErrorClass.ERR_GROUP, call + ": the group holds the process of world rank " + member
                    + ", which is not in " + parent));
            }
        }
    }

    static void free(final Comm comm) throws MPIException
    {
        final Communicator communicator = comm.engine("free");
        if (comm == MPI.COMM_WORLD || comm == MPI.COMM_SELF)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_COMM, "free: " + comm + " is predefined and cannot be freed"));
        }
        final Intercommunicator inter = comm.intercommunicator();
        comm.unbind();
        comm.session().contextIds().release(communicator.context());
        if (inter != null)
        {
            comm.session().contextIds().release(inter.local().context());
        }
    }

    static int compare(final Comm comm1, final Comm comm2) throws MPIException
    {
        MPI.check("compare");
        if (comm1 == null || comm2 == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_COMM, "compare: " + (comm1 == null ? "comm1" : "comm2") + " is null"));
        }
        final Communicator a = comm1.engine("compare");
        final Communicator b = comm2.engine("compare");
        if (comm1 == comm2 || a == b)
        {
            return MPI.IDENT;
        }
        final Intercommunicator interA = comm1.intercommunicator();
        final Intercommunicator interB = comm2.intercommunicator();
        if (interA == null || interB == null)
        {
            return interA == interB ? compareRanks(a.worldRanks(), b.worldRanks()) : MPI.UNEQUAL;
        }
        // Intercommunicators compare by both groups: the weaker of the two results.
        final int locals = compareRanks(interA.local().worldRanks(), interB.local().worldRanks());
        final int remotes = compareRanks(interA.remote().worldRanks(), interB.remote().worldRanks());
        return Math.max(locals, remotes);
    }

    /** @return {@link MPI#CONGRUENT} for the same ranks in the same order, {@link MPI#SIMILAR} in another, else UNEQUAL. */
    private static int compareRanks(final int[] first, final int[] second)
    {
        if (Arrays.equals(first, second))
        {
            return MPI.CONGRUENT;
        }
        final int[] sortedFirst = first.clone();
        final int[] sortedSecond = second.clone();
        Arrays.sort(sortedFirst);
        Arrays.sort(sortedSecond);
        return Arrays.equals(sortedFirst, sortedSecond) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /**
     * @return on {@code parent}'s first {@code members} ranks, the communicator {@code factory} makes, bound to a new context of
     *         theirs; a null communicator of the same class on the other ranks. Collective over {@code parent}.
     */
    static <C extends Comm> C prefix(final Comm parent, final String call, final int members, final Function<String, C> factory)
        throws MPIException
    {
        final Communicator communicator = parent.engine(call);
        try
        {
            return bind(parent, factory.apply(call + " of " + parent), CommunicatorCreation.prefix(communicator,
                parent.session().contextIds(), members));
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
    }

    /** @return {@code created} bound to {@code communicator}, with the parent's handler; the null communicator for null. */
    static <C extends Comm> C bind(final Comm parent, final C created, final Communicator communicator)
    {
        created.handler(parent.handler());
        if (communicator != null)
        {
            created.bind(communicator, parent.session());
        }
        return created;
    }
}
