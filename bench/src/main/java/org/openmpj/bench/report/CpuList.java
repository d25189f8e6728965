package org.openmpj.bench.report;

import java.util.LinkedHashSet;
import java.util.Set;

/** Reads a CPU list in {@code taskset -c} syntax, such as {@code 0,1} or {@code 0-3,6}. */
final class CpuList
{
    private static final int MAX_CPU = 4095;

    private CpuList()
    {
    }

    /**
     * @param list CPU numbers and ranges, separated by commas.
     * @return how many distinct CPUs the list names.
     * @throws IllegalArgumentException saying the list is not one, as {@link org.openmpj.bench.OptionParser} wants, when a
     *                                  part is not a number or a range.
     */
    static int count(final String list)
    {
        return cpus(list).length;
    }

    /**
     * @param list CPU numbers and ranges, separated by commas.
     * @return the distinct CPUs the list names, in the order it names them.
     * @throws IllegalArgumentException saying the list is not one, as {@link org.openmpj.bench.OptionParser} wants, when a
     *                                  part is not a number or a range.
     */
    static int[] cpus(final String list)
    {
        final Set<Integer> cpus = new LinkedHashSet<>();
        for (final String part : list.split(","))
        {
            final String[] ends = part.trim().split("-", -1);
            if (ends.length > 2)
            {
                throw invalid(list);
            }
            final int first = cpu(ends[0], list);
            final int last = ends.length == 2 ? cpu(ends[1], list) : first;
            if (last < first)
            {
                throw invalid(list);
            }
            for (int cpu = first; cpu <= last; cpu++)
            {
                cpus.add(cpu);
            }
        }
        return cpus.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int cpu(final String text, final String list)
    {
        try
        {
            final int cpu = Integer.parseInt(text.trim());
            if (cpu >= 0 && cpu <= MAX_CPU)
            {
                return cpu;
            }
        }
        catch (final NumberFormatException ex)
        {
            throw invalid(list);
        }
        throw invalid(list);
    }

    private static IllegalArgumentException invalid(final String list)
    {
        return new IllegalArgumentException("is not a CPU list such as 0,1 or 0-3");
    }
}
