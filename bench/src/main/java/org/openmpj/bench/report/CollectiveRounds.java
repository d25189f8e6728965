package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;
import org.openmpj.bench.Samples;

/**
 * Combines the collectives results of several rounds, in which the implementations took turns, into one result
 * per implementation, operation, job size and message size.
 */
public final class CollectiveRounds
{
    private CollectiveRounds()
    {
    }

    /**
     * @param rounds the results of each round.
     * @return in order of first appearance: the median of the rounds' medians, the minimum of their minimums, the
     *         fewest calls per batch and the batches of all rounds added up.
     */
    public static List<CollectiveResult> combine(final List<List<CollectiveResult>> rounds)
    {
        final Map<Key, List<CollectiveResult>> grouped = new LinkedHashMap<>();
        for (final List<CollectiveResult> round : rounds)
        {
            for (final CollectiveResult result : round)
            {
                grouped.computeIfAbsent(new Key(result.impl(), result.operation(), result.ranks(), result.bytes()),
                    key -> new ArrayList<>()).add(result);
            }
        }
        final List<CollectiveResult> combined = new ArrayList<>();
        for (final Map.Entry<Key, List<CollectiveResult>> entry : grouped.entrySet())
        {
            final Key key = entry.getKey();
            final List<CollectiveResult> results = entry.getValue();
            combined.add(new CollectiveResult(key.impl(), key.operation(), key.ranks(), key.bytes(),
                results.stream().mapToLong(CollectiveResult::iterations).min().orElseThrow(),
                results.stream().mapToInt(CollectiveResult::repetitions).sum(),
                Samples.median(results.stream().mapToDouble(CollectiveResult::usMedian).toArray()),
                Samples.min(results.stream().mapToDouble(CollectiveResult::usMin).toArray())));
        }
        return List.copyOf(combined);
    }

    /** One implementation, operation, job size and message size. */
    private record Key(String impl, CollectiveOperation operation, int ranks, int bytes)
    {
    }
}
