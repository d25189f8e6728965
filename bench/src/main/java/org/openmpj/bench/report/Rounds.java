package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openmpj.bench.AllocationResult;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.Samples;
import org.openmpj.bench.SizeResult;

/**
 * Combines the results of several rounds, in which the implementations took turns, into one result per
 * implementation and size.
 */
public final class Rounds
{
    private Rounds()
    {
    }

    /**
     * @param rounds the results of each round.
     * @return per implementation and size, in order of first appearance: the median of the rounds' medians,
     *         the minimum of their minimums, the fewest round trips per batch and the batches of all rounds
     *         added up; per implementation and size measured for allocation, the round with the most per message.
     */
    public static ResultSet combine(final List<ResultSet> rounds)
    {
        final Map<Key, List<SizeResult>> sizes = new LinkedHashMap<>();
        final Map<Key, AllocationResult> allocations = new LinkedHashMap<>();
        for (final ResultSet round : rounds)
        {
            for (final SizeResult result : round.sizes())
            {
                sizes.computeIfAbsent(new Key(result.impl(), result.bytes()), key -> new ArrayList<>()).add(result);
            }
            for (final AllocationResult result : round.allocations())
            {
                allocations.merge(new Key(result.impl(), result.bytes()), result,
                    (kept, next) -> next.bytesPerMessage() > kept.bytesPerMessage() ? next : kept);
            }
        }
        final List<SizeResult> combined = new ArrayList<>();
        for (final Map.Entry<Key, List<SizeResult>> entry : sizes.entrySet())
        {
            final List<SizeResult> results = entry.getValue();
            combined.add(new SizeResult(
                entry.getKey().impl(),
                entry.getKey().bytes(),
                results.stream().mapToLong(SizeResult::iterations).min().orElseThrow(),
                results.stream().mapToInt(SizeResult::repetitions).sum(),
                Samples.median(results.stream().mapToDouble(SizeResult::onewayUsMedian).toArray()),
                Samples.min(results.stream().mapToDouble(SizeResult::onewayUsMin).toArray())));
        }
        return new ResultSet(combined, List.copyOf(allocations.values()));
    }

    /** One implementation at one size. */
    private record Key(String impl, int bytes)
    {
    }
}
