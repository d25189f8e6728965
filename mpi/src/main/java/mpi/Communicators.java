package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.CommunicatorCreation;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.LeaderLink;

/**
 * Making and ending communicators: duplicates, splits and subsets of a parent, each with a context block
 * agreed by every rank of the parent (see {@link org.openmpj.engine.ContextIds}), and their comparison.
 */
final class Communicators
{
    private Communicators()
    {
    }

    static Group group(final Comm comm, final Communicator communicator)
    {
        return new Group(communicator.worldRanks(), communicator.worldRank(communicator.rank()));
    }

    static int compare(final Comm comm1, final Comm comm2)
    {
        if (comm1 == null || comm2 == null)
        {
            throw MPIException.of(ErrorClass.ERR_COMM, "Compare: communicator is null");
        }
        if (comm1 instanceof Intercomm || comm2 instanceof Intercomm)
        {
            return compareInter(comm1, comm2);
        }
        final Communicator a = comm1.engine("Compare");
        final Communicator b = comm2.engine("Compare");
        if (comm1 == comm2 || a.context() == b.context() && Arrays.equals(a.worldRanks(), b.worldRanks()))
        {
            return MPI.IDENT;
        }
        final int groups = Group.Compare(group(comm1, a), group(comm2, b));
        return groups == MPI.IDENT ? MPI.CONGRUENT : groups;
    }

    private static int compareInter(final Comm comm1, final Comm comm2)
    {
        if (!(comm1 instanceof Intercomm a) || !(comm2 instanceof Intercomm b))
        {
            return MPI.UNEQUAL;
        }
        final Intercommunicator first = a.inter("Compare");
        final Intercommunicator second = b.inter("Compare");
        if (a == b || first.local().context() == second.local().context() && first.remote().context() == second.remote().context())
        {
            return MPI.IDENT;
        }
        final int locals = Group.Compare(a.Group(), b.Group());
        final int remotes = Group.Compare(a.Remote_group(), b.Remote_group());
        if (locals == MPI.IDENT && remotes == MPI.IDENT)
        {
            return MPI.CONGRUENT;
        }
        return locals == MPI.UNEQUAL || remotes == MPI.UNEQUAL ? MPI.UNEQUAL : MPI.SIMILAR;
    }

    static Intracomm dup(final Comm parent, final String call)
    {
        final Communicator communicator = parent.engine(call);
        final Communicator created;
        try
        {
            created = CommunicatorCreation.dup(communicator, parent.session().contextIds());
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
        return bind(parent, "dup of " + parent, created);
    }

    static Intracomm split(final Comm parent, final int color, final int key)
    {
        final Communicator communicator = parent.engine("Split");
        if (color < 0 && color != MPI.UNDEFINED)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_ARG, "Split: color=" + color
                + " is negative; expected 0 or more, or MPI.UNDEFINED"));
        }
        final Communicator created;
        try
        {
            created = CommunicatorCreation.split(communicator, parent.session().contextIds(), color == MPI.UNDEFINED ? -1 : color, key);
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
        return created == null ? MPI.COMM_NULL : bind(parent, "split " + color + " of " + parent, created);
    }

    static Intracomm create(final Comm parent, final Group group)
    {
        final Communicator communicator = parent.engine("Create");
        if (group == null)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_GROUP, "Create: group is null"));
        }
        final int[] members = group.members();
        final int[] parentRanks = communicator.worldRanks();
        for (final int member : members)
        {
            if (Arrays.stream(parentRanks).noneMatch(r -> r == member))
            {
                throw parent.raise(MPIException.of(ErrorClass.ERR_GROUP, "Create: the group holds process " + member
                    + " (world rank), which is not in " + parent));
            }
        }
        final Communicator created;
        try
        {
            created = CommunicatorCreation.create(communicator, parent.session().contextIds(), members,
                group.Rank() == MPI.UNDEFINED ? -1 : group.Rank());
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
        return created == null ? MPI.COMM_NULL : bind(parent, "subset of " + parent, created);
    }

    /**
     * @return the intercommunicator of {@code local}'s group and another; see {@link Comm#Create_intercomm}. Arguments only
     *         the leader uses are checked there, and a failure there fails every rank of both groups.
     */
    static Intercomm intercomm(final Comm local, final Comm peer, final int localLeader, final int remoteLeader, final int tag)
    {
        final String call = "Create_intercomm";
        if (local == null)
        {
            throw peer.raise(MPIException.of(ErrorClass.ERR_COMM, call + ": localComm is null; expected this rank's intracommunicator"));
        }
        final Communicator group = local.engine(call);
        if (local instanceof Intercomm)
        {
            throw local.raise(MPIException.of(ErrorClass.ERR_COMM, call + ": localComm " + local + " is an intercommunicator; expected"
                + " an intracommunicator"));
        }
        final LeaderLink link = usableLink(peer, remoteLeader, tag);
        MPIException refusal = null;
        if (group.rank() == localLeader)
        {
            try
            {
                checkLeaderArguments(call, peer, group, remoteLeader, tag);
            }
            catch (final MPIException ex)
            {
                refusal = ex;
            }
        }
        try
        {
            return Intercomm.wrap("intercommunicator of " + local, Intercommunicator.join(local.session().contextIds(), group,
                localLeader, link, refusal == null ? null : new OpenMpjException(ErrorClass.of(refusal.getErrorClass()), refusal.getMessage())),
                local);
        }
        catch (final OpenMpjException ex)
        {
            throw local.raise(ex);
        }
    }

    /** @return how this rank would reach the other leader with these arguments, or null when they cannot reach it. */
    private static LeaderLink usableLink(final Comm peer, final int remoteLeader, final int tag)
    {
        if (peer instanceof Intercomm || !peer.isUsable())
        {
            return null;
        }
        final Communicator channel = peer.engine("Create_intercomm");
        final boolean reachable = remoteLeader >= 0 && remoteLeader < channel.size() && remoteLeader != channel.rank() && tag >= 0;
        return reachable ? new LeaderLink(channel, remoteLeader, tag) : null;
    }

    /** Checks what only the local leader uses: the peer communicator, the other leader's rank in it, and the tag. */
    private static void checkLeaderArguments(
        final String call, final Comm peer, final Communicator group, final int remoteLeader, final int tag)
    {
        final Communicator channel = peer.engine(call);
        if (peer instanceof Intercomm)
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
                + " rank's own group, the local communicator; expected the leader of the other, disjoint group (is the call"
                + " made on the peer communicator, peer.Create_intercomm(localComm, localLeader, remoteLeader, tag)?)");
        }
        Checks.sendTag(call, tag);
    }

    static void free(final Comm comm)
    {
        final Communicator communicator = comm.engine("Free");
        if (comm == MPI.COMM_WORLD || comm == MPI.COMM_SELF)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_COMM, "Free: " + comm + " cannot be freed"));
        }
        comm.markFreed();
        comm.session().contextIds().release(communicator.context());
    }

    /**
     * @return on the parent's first {@code members} ranks, the new communicator {@code factory} makes for the given name,
     *         bound to the engine's prefix communicator; null on the other ranks.
     */
    static <C extends Intracomm> C prefix(final Comm parent, final String call, final int members,
        final java.util.function.Function<String, C> factory)
    {
        final Communicator communicator = parent.engine(call);
        final Communicator prefix;
        try
        {
            prefix = CommunicatorCreation.prefix(communicator, parent.session().contextIds(), members);
        }
        catch (final OpenMpjException ex)
        {
            throw parent.raise(ex);
        }
        if (prefix == null)
        {
            return null;
        }
        final C created = factory.apply(call + " of " + parent);
        created.bind(prefix, parent.session());
        created.Errhandler_set(parent.Errhandler_get());
        return created;
    }

    private static Intracomm bind(final Comm parent, final String name, final Communicator communicator)
    {
        final Intracomm created = new Intracomm(name);
        created.bind(communicator, parent.session());
        created.Errhandler_set(parent.Errhandler_get());
        return created;
    }
}
