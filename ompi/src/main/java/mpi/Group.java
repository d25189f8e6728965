package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.ProcessGroup;

/**
 * An ordered set of processes: the group of a communicator ({@link Comm#getGroup()}), or one made from others by the set
 * operations here. The group itself never changes; {@link #free()} makes this object the null group. Failures go to the
 * error handler of {@link MPI#COMM_WORLD}. Thread-safety: safe for concurrent use.
 */
public final class Group implements Freeable
{
    private volatile ProcessGroup group;

    private Group(final ProcessGroup group)
    {
        this.group = group;
    }

    /** @return the group of the processes of {@code worldRanks}, seen from the process of world rank {@code myWorldRank}. */
    static Group of(final int[] worldRanks, final int myWorldRank)
    {
        return new Group(new ProcessGroup(worldRanks, myWorldRank));
    }

    /** @return a new empty group, for {@link MPI#GROUP_EMPTY}. */
    static Group empty()
    {
        return new Group(new ProcessGroup(new int[0], -1));
    }

    /**
     * @return the number of processes in the group.
     * @throws MPIException when MPI is not active or the group is null.
     */
    public int getSize() throws MPIException
    {
        return group("getSize").size();
    }

    /**
     * @return the calling process's rank in the group, or {@link MPI#UNDEFINED} when it is not a member.
     * @throws MPIException when MPI is not active or the group is null.
     */
    public int getRank() throws MPIException
    {
        return undefinedIfNone(group("getRank").rank());
    }

    /** Makes this object the null group; the group's processes are not affected. Freeing {@link MPI#GROUP_EMPTY} does nothing. */
    @Override
    public void free() throws MPIException
    {
        MPI.check("Group.free");
        if (this != MPI.GROUP_EMPTY)
        {
            group = null;
        }
    }

    /** @return whether this is the null group: one that was freed. */
    public boolean isNull()
    {
        return group == null;
    }

    /**
     * @param group1 the group of {@code ranks1}.
     * @param ranks1 ranks in {@code group1}.
     * @param group2 the other group.
     * @return for each rank of {@code ranks1}, the rank of the same process in {@code group2}, or {@link MPI#UNDEFINED}
     *         when it is not there; {@link MPI#PROC_NULL} stays {@code PROC_NULL}.
     * @throws MPIException {@code ERR_RANK} for a rank out of range in {@code group1}.
     */
    public static int[] translateRanks(final Group group1, final int[] ranks1, final Group group2) throws MPIException
    {
        final ProcessGroup from = required("translateRanks", "group1", group1);
        final ProcessGroup to = required("translateRanks", "group2", group2);
        if (ranks1 == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, "translateRanks: ranks1 is null"));
        }
        final int[] translated;
        try
        {
            translated = from.translate("translateRanks", ranks1, to, MPI.PROC_NULL);
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
     * @return {@link MPI#IDENT} for the same processes in the same order, {@link MPI#SIMILAR} for the same processes in
     *         another order, {@link MPI#UNEQUAL} otherwise.
     * @throws MPIException when either group is null.
     */
    public static int compare(final Group group1, final Group group2) throws MPIException
    {
        final ProcessGroup first = required("compare", "group1", group1);
        final ProcessGroup second = required("compare", "group2", group2);
        return switch (first.compare(second))
        {
            case IDENTICAL -> MPI.IDENT;
            case SIMILAR -> MPI.SIMILAR;
            case UNEQUAL -> MPI.UNEQUAL;
        };
    }

    /**
     * @return the processes of {@code group1}, then those of {@code group2} that are not in {@code group1}.
     * @throws MPIException when either group is null.
     */
    public static Group union(final Group group1, final Group group2) throws MPIException
    {
        return new Group(required("union", "group1", group1).union(required("union", "group2", group2)));
    }

    /**
     * @return the processes of {@code group1} that are also in {@code group2}, in {@code group1}'s order.
     * @throws MPIException when either group is null.
     */
    public static Group intersection(final Group group1, final Group group2) throws MPIException
    {
        return new Group(required("intersection", "group1", group1).intersection(required("intersection", "group2", group2)));
    }

    /**
     * @return the processes of {@code group1} that are not in {@code group2}, in {@code group1}'s order.
     * @throws MPIException when either group is null.
     */
    public static Group difference(final Group group1, final Group group2) throws MPIException
    {
        return new Group(required("difference", "group1", group1).difference(required("difference", "group2", group2)));
    }

    /**
     * @param ranks ranks in this group, each once.
     * @return the processes at {@code ranks}, in that order.
     * @throws MPIException {@code ERR_RANK} for a rank out of range or given twice.
     */
    public Group incl(final int[] ranks) throws MPIException
    {
        final ProcessGroup members = group("incl");
        requireRanks("incl", ranks);
        try
        {
            return new Group(members.include("incl", ranks));
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    /**
     * @param ranks ranks in this group, each once.
     * @return the processes of this group but those at {@code ranks}, in order.
     * @throws MPIException {@code ERR_RANK} for a rank out of range or given twice.
     */
    public Group excl(final int[] ranks) throws MPIException
    {
        final ProcessGroup members = group("excl");
        requireRanks("excl", ranks);
        try
        {
            return new Group(members.exclude("excl", ranks));
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    /**
     * @param ranges triplets {first, last, stride} of ranks in this group.
     * @return the processes at the ranks of the triplets, in order.
     * @throws MPIException {@code ERR_ARG} for a bad triplet, {@code ERR_RANK} for a rank out of range.
     */
    public Group rangeIncl(final int[][] ranges) throws MPIException
    {
        return incl(expand("rangeIncl", ranges));
    }

    /**
     * @param ranges triplets {first, last, stride} of ranks in this group.
     * @return the processes of this group but those at the ranks of the triplets, in order.
     * @throws MPIException {@code ERR_ARG} for a bad triplet, {@code ERR_RANK} for a rank out of range.
     */
    public Group rangeExcl(final int[][] ranges) throws MPIException
    {
        return excl(expand("rangeExcl", ranges));
    }

    /** @return the world ranks of the members, in group order. */
    int[] members(final String call) throws MPIException
    {
        return group(call).worldRanks();
    }

    /** @return the calling process's rank in the group, or -1 when it is not a member. */
    int memberRank(final String call) throws MPIException
    {
        return group(call).rank();
    }

    private ProcessGroup group(final String call) throws MPIException
    {
        MPI.check("Group." + call);
        final ProcessGroup members = group;
        if (members == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_GROUP, "Group." + call + ": the group is null (freed)"));
        }
        return members;
    }

    private static ProcessGroup required(final String call, final String argument, final Group group) throws MPIException
    {
        if (group == null)
        {
            MPI.check("Group." + call);
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_GROUP, "Group." + call + ": " + argument + " is null"));
        }
        return group.group(call);
    }

    private static int undefinedIfNone(final int rank)
    {
        return rank == ProcessGroup.NOT_A_MEMBER ? MPI.UNDEFINED : rank;
    }

    private static int[] expand(final String call, final int[][] ranges) throws MPIException
    {
        MPI.check("Group." + call);
        if (ranges == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, "Group." + call + ": ranges is null"));
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

    private static void requireRanks(final String call, final int[] ranks) throws MPIException
    {
        if (ranks == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG, "Group." + call + ": ranks is null"));
        }
    }

    @Override
    public String toString()
    {
        final ProcessGroup members = group;
        return members == null ? "the null group" : members.toString();
    }
}
