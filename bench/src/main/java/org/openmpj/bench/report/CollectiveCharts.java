package org.openmpj.bench.report;

import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;
import org.openmpj.bench.plot.LineChart;

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
    public static LineChart bandwidth(
        final CollectiveOperation operation, final List<Implementation> implementations, final List<Integer> rankCounts,
        final List<CollectiveResult> results)
    {
        final List<CollectiveResult> shown = results.stream()
            .filter(result -> result.operation() == operation && result.aggregatedGbsMedian() > 0)
            .toList();
        final LineChart chart = new LineChart(
            operation.label() + " aggregated bandwidth (bytes moved / median time per call, higher is better)",
            new LineChart.Axis("per-rank message size", LineChart.Scale.LOG2, Charts.SIZE_AXIS.labels()),
            new LineChart.Axis("aggregated bandwidth (GB/s, 1 GB = 10^9 B)", LineChart.Scale.LOG10));
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
                    chart.line(implementation.label() + ", " + ranks + " ranks",
                        points.stream().mapToDouble(CollectiveResult::bytes).toArray(),
                        points.stream().mapToDouble(CollectiveResult::aggregatedGbsMedian).toArray(),
                        r, i > 0);
                }
            }
        }
        return chart;
    }

    /**
     * @param implementations the implementations, the first drawn solid.
     * @param results         the combined results.
     * @return median Barrier time per call against the job size.
     */
    public static LineChart barrier(final List<Implementation> implementations, final List<CollectiveResult> results)
    {
        final List<CollectiveResult> shown = results.stream()
            .filter(result -> result.operation() == CollectiveOperation.BARRIER && result.usMedian() > 0)
            .toList();
        final LineChart chart = new LineChart("Barrier latency (median time per call, lower is better)",
            new LineChart.Axis("ranks", LineChart.Scale.LINEAR), new LineChart.Axis("time per call (µs)", LineChart.Scale.LOG10));
        for (int i = 0; i < implementations.size(); i++)
        {
            final Implementation implementation = implementations.get(i);
            final List<CollectiveResult> points = select(shown, result -> result.impl().equals(implementation.id()));
            if (!points.isEmpty())
            {
                chart.line(implementation.label(),
                    points.stream().mapToDouble(CollectiveResult::ranks).toArray(),
                    points.stream().mapToDouble(CollectiveResult::usMedian).toArray(),
                    LineChart.AUTO_COLOUR, i > 0);
            }
        }
        return chart;
    }

    private static List<CollectiveResult> select(final List<CollectiveResult> results, final Predicate<CollectiveResult> wanted)
    {
        return results.stream()
            .filter(wanted)
            .sorted(Comparator.comparingInt(CollectiveResult::ranks).thenComparingInt(CollectiveResult::bytes))
            .toList();
    }
}
