package org.openmpj.bench.report;

import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;
import org.openmpj.bench.plot.LineChart;

/** The report's two plots: one-way time against size (log-log) and bandwidth against size (log x). */
public final class Charts
{
    /** Message sizes, a label per power of two (every second one over a wide range). */
    static final LineChart.Axis SIZE_AXIS = new LineChart.Axis("message size", LineChart.Scale.LOG2, value -> ByteSizes.label(value.longValue()));

    private Charts()
    {
    }

    /**
     * @param device          the OpenMPJ device measured, named on the eager limit's marker.
     * @param eagerLimitBytes that device's eager limit, marked on the size axis.
     * @return median one-way microseconds per size, one line per implementation.
     */
    public static LineChart latency(
        final List<Implementation> implementations, final ResultSet results, final String device, final long eagerLimitBytes)
    {
        return lines(new LineChart("Ping-pong one-way time (median, lower is better)",
            SIZE_AXIS, new LineChart.Axis("one-way time (µs)", LineChart.Scale.LOG10)),
            implementations, results, SizeResult::onewayUsMedian, device, eagerLimitBytes);
    }

    /**
     * @param device          the OpenMPJ device measured, named on the eager limit's marker.
     * @param eagerLimitBytes that device's eager limit, marked on the size axis.
     * @return bandwidth at the median one-way time per size, one line per implementation.
     */
    public static LineChart bandwidth(
        final List<Implementation> implementations, final ResultSet results, final String device, final long eagerLimitBytes)
    {
        return lines(new LineChart("Ping-pong bandwidth (at median one-way time, higher is better)",
            SIZE_AXIS, new LineChart.Axis("bandwidth (GB/s, 1 GB = 10^9 B)", LineChart.Scale.LINEAR)),
            implementations, results, SizeResult::bandwidthGbsMedian, device, eagerLimitBytes);
    }

    /** A line per implementation and the eager limit's marker. */
    private static LineChart lines(
        final LineChart chart, final List<Implementation> implementations, final ResultSet results, final ToDoubleFunction<SizeResult> metric,
        final String device, final long eagerLimitBytes)
    {
        for (final Implementation implementation : implementations)
        {
            final List<SizeResult> points = results.sizes().stream()
                .filter(result -> result.impl().equals(implementation.id()))
                .sorted(Comparator.comparingInt(SizeResult::bytes))
                .toList();
            if (!points.isEmpty())
            {
                chart.line(implementation.label(), points.stream().mapToDouble(SizeResult::bytes).toArray(),
                    points.stream().mapToDouble(metric).toArray());
            }
        }
        return chart.marker(eagerLimitBytes, "OpenMPJ " + device + " eager limit " + ByteSizes.label(eagerLimitBytes));
    }
}
