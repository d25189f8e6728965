package org.openmpj.bench;

import java.util.List;

/**
 * The results read from one or more benchmark programs' output.
 *
 * @param sizes        timings, one per implementation and size.
 * @param allocations  allocation per message, one per implementation and size measured.
 */
public record ResultSet(List<SizeResult> sizes, List<AllocationResult> allocations)
{
    /** Copies the lists. */
    public ResultSet
    {
        sizes = List.copyOf(sizes);
        allocations = List.copyOf(allocations);
    }
}
