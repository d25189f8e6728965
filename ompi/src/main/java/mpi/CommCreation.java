package mpi;

import java.util.Arrays;
import java.util.function.Function;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.CommunicatorCreation;

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
        final int[] parentRanks = communicator.worldRanks();
        for (final int member : members)
        {
            if (Arrays.stream(parentRanks).noneMatch(r -> r == member))
            {
                throw parent.raise(MPIException.of(ErrorClass.ERR_GROUP, call + ": the group holds the process of world rank " + member
                    + ", which is not in " + parent));
            }
        }
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

    static void free(final Comm comm) throws MPIException
    {
        final Communicator communicator = comm.engine("free");
        if (comm == MPI.COMM_WORLD || comm == MPI.COMM_SELF)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_COMM, "free: " + comm + " is predefined and cannot be freed"));
        }
        comm.unbind();
        comm.session().contextIds().release(communicator.context());
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
        final int[] first = a.worldRanks();
        final int[] second = b.worldRanks();
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
