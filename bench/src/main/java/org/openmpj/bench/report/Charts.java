package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;
import org.openmpj.bench.plot.Axis;
import org.openmpj.bench.plot.LinePlot;
import org.openmpj.bench.plot.MarkerLine;
import org.openmpj.bench.plot.Series;

/** The report's two plots: one-way time against size (log-log) and bandwidth against size (log x). */
public final class Charts
{
    private Charts()
    {
    }

    /**
     * @param device          the OpenMPJ device measured, named on the eager limit's marker.
     * @param eagerLimitBytes that device's eager limit, marked on the size axis.
     * @return median one-way microseconds per size, one line per implementation.
     */
    public static LinePlot latency(
        final List<Implementation> implementations, final ResultSet results, final String device, final long eagerLimitBytes)
    {
        final List<SizeResult> all = results.sizes();
        final double low = all.stream().mapToDouble(SizeResult::onewayUsMedian).min().orElse(0.01);
        final double high = all.stream().mapToDouble(SizeResult::onewayUsMedian).max().orElse(1);
        return new LinePlot("Ping-pong one-way time (median, lower is better)",
            sizeAxis(results), Axis.log10("one-way time (µs)", low, high),
            series(implementations, results, SizeResult::onewayUsMedian), eagerLimit(device, eagerLimitBytes));
    }

    /**
     * @param device          the OpenMPJ device measured, named on the eager limit's marker.
     * @param eagerLimitBytes that device's eager limit, marked on the size axis.
     * @return bandwidth at the median one-way time per size, one line per implementation.
     */
    public static LinePlot bandwidth(
        final List<Implementation> implementations, final ResultSet results, final String device, final long eagerLimitBytes)
    {
        final double high = results.sizes().stream().mapToDouble(SizeResult::bandwidthGbsMedian).max().orElse(1);
        return new LinePlot("Ping-pong bandwidth (at median one-way time, higher is better)",
            sizeAxis(results), Axis.linear("bandwidth (GB/s, 1 GB = 10^9 B)", 0, high),
            series(implementations, results, SizeResult::bandwidthGbsMedian), eagerLimit(device, eagerLimitBytes));
    }

    private static Axis sizeAxis(final ResultSet results)
    {
        final int low = results.sizes().stream().mapToInt(SizeResult::bytes).min().orElse(1);
        final int high = results.sizes().stream().mapToInt(SizeResult::bytes).max().orElse(2);
        return Axis.log2("message size", low, Math.max(high, 2 * low), value -> ByteSizes.label((long)value));
    }

    private static List<Series> series(
        final List<Implementation> implementations, final ResultSet results, final ToDoubleFunction<SizeResult> metric)
    {
        final List<Series> lines = new ArrayList<>();
        for (final Implementation implementation : implementations)
        {
            final List<SizeResult> points = results.sizes().stream()
                .filter(result -> result.impl().equals(implementation.id()))
                .sorted(Comparator.comparingInt(SizeResult::bytes))
                .toList();
            if (!points.isEmpty())
            {
                lines.add(new Series(implementation.label(),
                    points.stream().mapToDouble(SizeResult::bytes).toArray(),
                    points.stream().mapToDouble(metric).toArray()));
            }
        }
        return lines;
    }

    private static List<MarkerLine> eagerLimit(final String device, final long eagerLimitBytes)
    {
        return List.of(new MarkerLine(eagerLimitBytes, "OpenMPJ " + device + " eager limit " + ByteSizes.label(eagerLimitBytes)));
    }
}
