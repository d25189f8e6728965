package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;
import org.openmpj.bench.plot.Axis;
import org.openmpj.bench.plot.LinePlot;
import org.openmpj.bench.plot.Series;

/**
 * The collectives report's plots: aggregated bandwidth against message size per operation (log-log), a line per
 * implementation and job size, coloured by job size, solid for the first implementation and dashed for the others;
 * and Barrier latency against job size, a line per implementation.
 */
public final class CollectiveCharts
{
    private CollectiveCharts()
    {
    }

    /**
     * @param device    the OpenMPJ device measured.
     * @param operation the operation plotted.
     * @return the plot's file name, e.g. {@code collectives-bcast.png} or {@code collectives-tcp-bcast.png}; Barrier's
     *         is the latency plot.
     */
    public static String fileName(final BenchDevice device, final CollectiveOperation operation)
    {
        return "collectives" + device.fileSuffix() + "-" + operation.id() + ".png";
    }

    /**
     * @param operation       a collective that moves data.
     * @param implementations the implementations, the first drawn solid.
     * @param rankCounts      the job sizes, one colour each.
     * @param results         the combined results.
     * @return aggregated bandwidth at the median time per call, against the per-rank message size.
     */
    public static LinePlot bandwidth(
        final CollectiveOperation operation, final List<Implementation> implementations, final List<Integer> rankCounts,
        final List<CollectiveResult> results)
    {
        final List<CollectiveResult> shown = results.stream()
            .filter(result -> result.operation() == operation && result.aggregatedGbsMedian() > 0)
            .toList();
        final double lowGbs = shown.stream().mapToDouble(CollectiveResult::aggregatedGbsMedian).min().orElse(0.001);
        final double highGbs = shown.stream().mapToDouble(CollectiveResult::aggregatedGbsMedian).max().orElse(1);
        final int lowBytes = shown.stream().mapToInt(CollectiveResult::bytes).min().orElse(1);
        final int highBytes = shown.stream().mapToInt(CollectiveResult::bytes).max().orElse(2);
        final List<Series> lines = new ArrayList<>();
        for (int r = 0; r < rankCounts.size(); r++)
        {
            final int ranks = rankCounts.get(r);
            for (int i = 0; i < implementations.size(); i++)
            {
                final Implementation implementation = implementations.get(i);
                final List<CollectiveResult> points = select(shown,
                    result -> result.impl().equals(implementation.id()) && result.ranks() == ranks);
                if (!points.isEmpty())
                {
                    lines.add(new Series(implementation.label() + ", " + ranks + " ranks",
                        points.stream().mapToDouble(CollectiveResult::bytes).toArray(),
                        points.stream().mapToDouble(CollectiveResult::aggregatedGbsMedian).toArray(),
                        r, i > 0));
                }
            }
        }
        return new LinePlot(operation.label() + " aggregated bandwidth (bytes moved / median time per call, higher is better)",
            Axis.log2("per-rank message size", lowBytes, Math.max(highBytes, 2 * lowBytes), value -> ByteSizes.label((long)value)),
            Axis.log10("aggregated bandwidth (GB/s, 1 GB = 10^9 B)", lowGbs, highGbs),
            lines, List.of());
    }

    /**
     * @param implementations the implementations, the first drawn solid.
     * @param results         the combined results.
     * @return median Barrier time per call against the job size.
     */
    public static LinePlot barrier(final List<Implementation> implementations, final List<CollectiveResult> results)
    {
        final List<CollectiveResult> shown = results.stream()
            .filter(result -> result.operation() == CollectiveOperation.BARRIER && result.usMedian() > 0)
            .toList();
        final double lowUs = shown.stream().mapToDouble(CollectiveResult::usMedian).min().orElse(0.1);
        final double highUs = shown.stream().mapToDouble(CollectiveResult::usMedian).max().orElse(1);
        final int mostRanks = shown.stream().mapToInt(CollectiveResult::ranks).max().orElse(2);
        final List<Series> lines = new ArrayList<>();
        for (int i = 0; i < implementations.size(); i++)
        {
            final Implementation implementation = implementations.get(i);
            final List<CollectiveResult> points = select(shown, result -> result.impl().equals(implementation.id()));
            if (!points.isEmpty())
            {
                lines.add(new Series(implementation.label(),
                    points.stream().mapToDouble(CollectiveResult::ranks).toArray(),
                    points.stream().mapToDouble(CollectiveResult::usMedian).toArray(),
                    Series.AUTO_COLOUR, i > 0));
            }
        }
        return new LinePlot("Barrier latency (median time per call, lower is better)",
            Axis.linear("ranks", 1, Math.max(mostRanks, 2)),
            Axis.log10("time per call (µs)", lowUs, highUs),
            lines, List.of());
    }

    private static List<CollectiveResult> select(final List<CollectiveResult> results, final Predicate<CollectiveResult> wanted)
    {
        return results.stream()
            .filter(wanted)
            .sorted(Comparator.comparingInt(CollectiveResult::ranks).thenComparingInt(CollectiveResult::bytes))
            .toList();
    }
}
