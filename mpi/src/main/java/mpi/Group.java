package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;

/**
 * An ordered set of processes, named by their world ranks; the group of a communicator, or one made from
 * others by set operations. Immutable.
 */
public class Group implements Freeable
{
    /** The code of an empty group, as mpiJava named it. */
    public static final int EMPTY = 0;

    private final int[] members;
    private final int myWorldRank;
    private final int myRank;

    Group(final int[] worldRanks, final int myWorldRank)
    {
        this.members = worldRanks;
        this.myWorldRank = myWorldRank;
        int rank = MPI.UNDEFINED;
        for (int i = 0; i < worldRanks.length; i++)
        {
            if (worldRanks[i] == myWorldRank)
            {
                rank = i;
            }
        }
        this.myRank = rank;
    }

    /** @return the number of processes in the group. */
    public int Size()
    {
        return members.length;
    }

    /** @return this process's rank in the group, or {@code MPI.UNDEFINED} when it is not a member. */
    public int Rank()
    {
        return myRank;
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
        final int[] translated = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++)
        {
            final int rank = ranks1[i];
            if (rank == MPI.PROC_NULL)
            {
                translated[i] = MPI.PROC_NULL;
                continue;
            }
            group1.checkRank("Translate_ranks", rank);
            translated[i] = group2.indexOf(group1.members[rank]);
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
        if (Arrays.equals(group1.members, group2.members))
        {
            return MPI.IDENT;
        }
        final int[] a = group1.members.clone();
        final int[] b = group2.members.clone();
        Arrays.sort(a);
        Arrays.sort(b);
        return Arrays.equals(a, b) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** @return the processes of {@code group1}, then those of {@code group2} not in {@code group1}. */
    public static Group Union(final Group group1, final Group group2)
    {
        requireGroup("Union", group1);
        requireGroup("Union", group2);
        final int[] union = Arrays.copyOf(group1.members, group1.members.length + group2.members.length);
        int size = group1.members.length;
        for (final int member : group2.members)
        {
            if (group1.indexOf(member) == MPI.UNDEFINED)
            {
                union[size++] = member;
            }
        }
        return group1.derived(Arrays.copyOf(union, size));
    }

    /** @return the processes of {@code group1} that are also in {@code group2}, in {@code group1}'s order. */
    public static Group Intersection(final Group group1, final Group group2)
    {
        requireGroup("Intersection", group1);
        requireGroup("Intersection", group2);
        return group1.derived(Arrays.stream(group1.members).filter(m -> group2.indexOf(m) != MPI.UNDEFINED).toArray());
    }

    /** @return the processes of {@code group1} that are not in {@code group2}, in {@code group1}'s order. */
    public static Group Difference(final Group group1, final Group group2)
    {
        requireGroup("Difference", group1);
        requireGroup("Difference", group2);
        return group1.derived(Arrays.stream(group1.members).filter(m -> group2.indexOf(m) == MPI.UNDEFINED).toArray());
    }

    /** @return the processes at ranks {@code ranks} of this group, in that order. */
    public Group Incl(final int[] ranks)
    {
        final int[] included = new int[checkDistinct("Incl", ranks).length];
        for (int i = 0; i < ranks.length; i++)
        {
            included[i] = members[ranks[i]];
        }
        return derived(included);
    }

    /** @return the processes of this group except those at ranks {@code ranks}, in order. */
    public Group Excl(final int[] ranks)
    {
        final boolean[] excluded = new boolean[members.length];
        for (final int rank : checkDistinct("Excl", ranks))
        {
            excluded[rank] = true;
        }
        final int[] kept = new int[members.length - ranks.length];
        for (int i = 0, k = 0; i < members.length; i++)
        {
            if (!excluded[i])
            {
                kept[k++] = members[i];
            }
        }
        return derived(kept);
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

    int[] members()
    {
        return members.clone();
    }

    private Group derived(final int[] worldRanks)
    {
        return new Group(worldRanks, myWorldRank);
    }

    private int indexOf(final int worldRank)
    {
        for (int i = 0; i < members.length; i++)
        {
            if (members[i] == worldRank)
            {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    private void checkRank(final String call, final int rank)
    {
        if (rank < 0 || rank >= members.length)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_RANK,
                call + ": rank " + rank + " out of range for a group of size " + members.length));
        }
    }

    private int[] checkDistinct(final String call, final int[] ranks)
    {
        if (ranks == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, call + ": ranks is null"));
        }
        final boolean[] seen = new boolean[members.length];
        for (final int rank : ranks)
        {
            checkRank(call, rank);
            if (seen[rank])
            {
                throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_RANK, call + ": rank " + rank + " appears twice; ranks must be distinct"));
            }
            seen[rank] = true;
        }
        return ranks;
    }

    private static int[] expand(final String call, final int[][] ranges)
    {
        if (ranges == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, call + ": ranges is null"));
        }
        int[] ranks = new int[0];
        for (final int[] range : ranges)
        {
            if (range == null || range.length != 3 || range[2] == 0)
            {
                throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG,
                    call + ": a range is {first, last, stride} with a stride other than 0; got "
                    + Arrays.toString(range)));
            }
            for (int rank = range[0]; range[2] > 0 ? rank <= range[1] : rank >= range[1]; rank += range[2])
            {
                ranks = Arrays.copyOf(ranks, ranks.length + 1);
                ranks[ranks.length - 1] = rank;
            }
        }
        return ranks;
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
        return "Group" + Arrays.toString(members);
    }
}
