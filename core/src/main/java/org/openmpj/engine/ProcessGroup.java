package org.openmpj.engine;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * An ordered set of processes, named by their world ranks, as seen from one process: MPI's groups, and the set
 * operations that make new ones (union, intersection, difference, inclusion and exclusion by rank or by ranges,
 * translation of ranks from one group to another). Failures are {@link OpenMpjException}s naming the call and the value.
 *
 * <p>Immutable and thread-safe.
 */
public final class ProcessGroup
{
    /** A rank that is in no group: the calling process's rank in a group without it, or a rank with no counterpart. */
    public static final int NOT_A_MEMBER = -1;

    /** How two groups compare. */
    public enum Likeness
    {
        /** The same processes in the same order. */
        IDENTICAL,
        /** The same processes in another order. */
        SIMILAR,
        /** Other processes. */
        UNEQUAL
    }

    private final int[] members;
    private final int viewer;
    private final int rank;

    /**
     * @param worldRanks the world ranks of the members, in group order; kept, not copied.
     * @param viewer     the world rank of the process that sees the group.
     */
    public ProcessGroup(final int[] worldRanks, final int viewer)
    {
        this.members = worldRanks;
        this.viewer = viewer;
        int found = NOT_A_MEMBER;
        for (int i = 0; i < worldRanks.length; i++)
        {
            if (worldRanks[i] == viewer)
            {
                found = i;
            }
        }
        this.rank = found;
    }

    /** @return the number of members. */
    public int size()
    {
        return members.length;
    }

    /** @return the viewing process's rank in the group, or {@link #NOT_A_MEMBER}. */
    public int rank()
    {
        return rank;
    }

    /** @return a copy of the members' world ranks, in group order. */
    public int[] worldRanks()
    {
        return members.clone();
    }

    /**
     * @param ranks     ranks in this group; {@code procNull} passes through as it is.
     * @param procNull  the façade's null process.
     * @return the rank in {@code other} of each, or {@link #NOT_A_MEMBER} for a process {@code other} does not hold.
     * @throws OpenMpjException {@code ERR_RANK} for a rank outside this group.
     */
    public int[] translate(final String call, final int[] ranks, final ProcessGroup other, final int procNull)
    {
        final int[] translated = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++)
        {
            if (ranks[i] == procNull)
            {
                translated[i] = procNull;
                continue;
            }
            checkRank(call, ranks[i]);
            translated[i] = other.indexOf(members[ranks[i]]);
        }
        return translated;
    }

    /** @return how this group compares with {@code other}. */
    public Likeness compare(final ProcessGroup other)
    {
        if (Arrays.equals(members, other.members))
        {
            return Likeness.IDENTICAL;
        }
        final int[] a = members.clone();
        final int[] b = other.members.clone();
        Arrays.sort(a);
        Arrays.sort(b);
        return Arrays.equals(a, b) ? Likeness.SIMILAR : Likeness.UNEQUAL;
    }

    /** @return this group's members, then those of {@code other} that it does not hold. */
    public ProcessGroup union(final ProcessGroup other)
    {
        final int[] union = Arrays.copyOf(members, members.length + other.members.length);
        int size = members.length;
        for (final int member : other.members)
        {
            if (indexOf(member) == NOT_A_MEMBER)
            {
                union[size++] = member;
            }
        }
        return derived(Arrays.copyOf(union, size));
    }

    /** @return this group's members that {@code other} holds too, in this group's order. */
    public ProcessGroup intersection(final ProcessGroup other)
    {
        return derived(Arrays.stream(members).filter(m -> other.indexOf(m) != NOT_A_MEMBER).toArray());
    }

    /** @return this group's members that {@code other} does not hold, in this group's order. */
    public ProcessGroup difference(final ProcessGroup other)
    {
        return derived(Arrays.stream(members).filter(m -> other.indexOf(m) == NOT_A_MEMBER).toArray());
    }

    /**
     * @return the members of the given ranks, in their order.
     * @throws OpenMpjException {@code ERR_RANK} for a rank outside the group or given twice.
     */
    public ProcessGroup include(final String call, final int[] ranks)
    {
        checkDistinct(call, ranks);
        final int[] included = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++)
        {
            included[i] = members[ranks[i]];
        }
        return derived(included);
    }

    /**
     * @return the members but those of the given ranks, in group order.
     * @throws OpenMpjException {@code ERR_RANK} for a rank outside the group or given twice.
     */
    public ProcessGroup exclude(final String call, final int[] ranks)
    {
        checkDistinct(call, ranks);
        final boolean[] excluded = new boolean[members.length];
        for (final int r : ranks)
        {
            excluded[r] = true;
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

    /**
     * @param ranges {first, last, stride} triples; the stride may be negative but not 0.
     * @return the ranks the ranges name, range after range.
     * @throws OpenMpjException {@code ERR_ARG} for a range that is not such a triple.
     */
    public static int[] rangeRanks(final String call, final int[][] ranges)
    {
        int[] ranks = new int[0];
        for (final int[] range : ranges)
        {
            if (range == null || range.length != 3 || range[2] == 0)
            {
                throw new OpenMpjException(ErrorClass.ERR_ARG, call + ": a range is {first, last, stride} with a stride other than 0; got "
                    + Arrays.toString(range));
            }
            for (int r = range[0]; range[2] > 0 ? r <= range[1] : r >= range[1]; r += range[2])
            {
                ranks = Arrays.copyOf(ranks, ranks.length + 1);
                ranks[ranks.length - 1] = r;
            }
        }
        return ranks;
    }

    private ProcessGroup derived(final int[] worldRanks)
    {
        return new ProcessGroup(worldRanks, viewer);
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
        return NOT_A_MEMBER;
    }

    private void checkRank(final String call, final int r)
    {
        if (r < 0 || r >= members.length)
        {
            throw new OpenMpjException(ErrorClass.ERR_RANK, call + ": rank " + r + " out of range for a group of size " + members.length);
        }
    }

    private void checkDistinct(final String call, final int[] ranks)
    {
        final boolean[] seen = new boolean[members.length];
        for (final int r : ranks)
        {
            checkRank(call, r);
            if (seen[r])
            {
                throw new OpenMpjException(ErrorClass.ERR_RANK, call + ": rank " + r + " appears twice; ranks must be distinct");
            }
            seen[r] = true;
        }
    }

    @Override
    public String toString()
    {
        return "Group" + Arrays.toString(members);
    }
}
