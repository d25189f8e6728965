package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.ProcessGroup;

/**
 * An ordered set of processes, named by their world ranks; the group of a communicator, or one made from
 * others by set operations. Immutable.
 */
public class Group implements Freeable
{
    /** The code of an empty group, as mpiJava named it. */
    public static final int EMPTY = 0;

    private final ProcessGroup group;

    Group(final int[] worldRanks, final int myWorldRank)
    {
        this(new ProcessGroup(worldRanks, myWorldRank));
    }

    private Group(final ProcessGroup group)
    {
        this.group = group;
    }

    /** @return the number of processes in the group. */
    public int Size()
    {
        return group.size();
    }

    /** @return this process's rank in the group, or {@code MPI.UNDEFINED} when it is not a member. */
    public int Rank()
    {
        return undefinedIfNone(group.rank());
    }

    /** Does nothing: groups hold no resources. */
    @Override
    public void free()
    {
    }

    /** Same as {@link #free()}. */
    public void Free()
    {
    }

    /** @return for each rank of {@code ranks1} in {@code group1}, the rank of that process in {@code group2}, or {@code MPI.UNDEFINED}. */
    public static int[] Translate_ranks(final Group group1, final int[] ranks1, final Group group2)
    {
        requireGroup("Translate_ranks", group1);
        requireGroup("Translate_ranks", group2);
        if (ranks1 == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, "Translate_ranks: ranks1 is null"));
        }
        final int[] translated;
        try
        {
            translated = group1.group.translate("Translate_ranks", ranks1, group2.group, MPI.PROC_NULL);
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
        for (int i = 0; i < translated.length; i++)
        {
            translated[i] = undefinedIfNone(translated[i]);
        }
        return translated;
    }

    /**
     * @return {@code MPI.IDENT} for the same processes in the same order, {@code MPI.SIMILAR} for the same
     *         processes in another order, {@code MPI.UNEQUAL} otherwise.
     */
    public static int Compare(final Group group1, final Group group2)
    {
        requireGroup("Compare", group1);
        requireGroup("Compare", group2);
        return switch (group1.group.compare(group2.group))
        {
            case IDENTICAL -> MPI.IDENT;
            case SIMILAR -> MPI.SIMILAR;
            case UNEQUAL -> MPI.UNEQUAL;
        };
    }

    /** @return the processes of {@code group1}, then those of {@code group2} not in {@code group1}. */
    public static Group Union(final Group group1, final Group group2)
    {
        requireGroup("Union", group1);
        requireGroup("Union", group2);
        return new Group(group1.group.union(group2.group));
    }

    /** @return the processes of {@code group1} that are also in {@code group2}, in {@code group1}'s order. */
    public static Group Intersection(final Group group1, final Group group2)
    {
        requireGroup("Intersection", group1);
        requireGroup("Intersection", group2);
        return new Group(group1.group.intersection(group2.group));
    }

    /** @return the processes of {@code group1} that are not in {@code group2}, in {@code group1}'s order. */
    public static Group Difference(final Group group1, final Group group2)
    {
        requireGroup("Difference", group1);
        requireGroup("Difference", group2);
        return new Group(group1.group.difference(group2.group));
    }

    /** @return the processes at ranks {@code ranks} of this group, in that order. */
    public Group Incl(final int[] ranks)
    {
        requireRanks("Incl", ranks);
        try
        {
            return new Group(group.include("Incl", ranks));
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    /** @return the processes of this group except those at ranks {@code ranks}, in order. */
    public Group Excl(final int[] ranks)
    {
        requireRanks("Excl", ranks);
        try
        {
            return new Group(group.exclude("Excl", ranks));
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    /** @return the processes at the ranks of the triplets {first, last, stride}, in order. */
    public Group Range_incl(final int[][] ranges)
    {
        return Incl(expand("Range_incl", ranges));
    }

    /** @return the processes of this group except those at the ranks of the triplets {first, last, stride}. */
    public Group Range_excl(final int[][] ranges)
    {
        return Excl(expand("Range_excl", ranges));
    }

    /** @return the world ranks of the members, in group order. */
    int[] members()
    {
        return group.worldRanks();
    }

    private static int undefinedIfNone(final int rank)
    {
        return rank == ProcessGroup.NOT_A_MEMBER ? MPI.UNDEFINED : rank;
    }

    private static int[] expand(final String call, final int[][] ranges)
    {
        if (ranges == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, call + ": ranges is null"));
        }
        try
        {
            return ProcessGroup.rangeRanks(call, ranges);
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    private static void requireRanks(final String call, final int[] ranks)
    {
        if (ranks == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, call + ": ranks is null"));
        }
    }

    private static void requireGroup(final String call, final Group group)
    {
        if (group == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_GROUP, call + ": group is null"));
        }
    }

    @Override
    public String toString()
    {
        return group.toString();
    }
}
