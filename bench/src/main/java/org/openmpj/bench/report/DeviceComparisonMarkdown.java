package org.openmpj.bench.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;

/**
 * One Markdown table of OpenMPJ's collectives on several devices, each against the Open MPI of its own report: a row
 * per job size, operation and message size, a column per device with OpenMPJ's median time per call over Open MPI's
 * and the two times.
 */
public final class DeviceComparisonMarkdown
{
    private static final String MISSING = "–";

    private DeviceComparisonMarkdown()
    {
    }

    /**
     * @param byDevice   each device's combined results as its report's CSV holds them, in column order.
     * @param rankCounts the job sizes shown; empty for every one found.
     * @return the Markdown text.
     */
    public static String render(final Map<BenchDevice, List<CollectiveResult>> byDevice, final List<Integer> rankCounts)
    {
        final StringBuilder md = new StringBuilder("# Collectives: OpenMPJ's devices against Open MPI\n\n");
        md.append("Each cell is OpenMPJ's median time per call over Open MPI's in the same report (below 1: OpenMPJ ")
            .append("faster), then the two times in µs. Each device was measured in a run of its own, taking turns with its ")
            .append("own Open MPI run (thread and shm against Open MPI's default transport, shared memory; tcp against Open ")
            .append("MPI over TCP), so compare the ratios across columns rather than the times. From ");
        md.append(String.join(", ", byDevice.keySet().stream().map(device -> "`" + CollectiveCsv.fileName(device) + "`").toList()))
            .append(".\n\n| operation | ranks | size |");
        for (final BenchDevice device : byDevice.keySet())
        {
            md.append(' ').append(device.deviceName()).append(" ÷ ").append(device.openmpi().label()).append(" |");
        }
        md.append("\n|---|---:|---:|").append("---:|".repeat(byDevice.size())).append('\n');
        for (final int ranks : rankCounts.isEmpty() ? allRanks(byDevice) : new TreeSet<>(rankCounts))
        {
            for (final CollectiveOperation operation : CollectiveOperation.values())
            {
                for (final int bytes : sizes(byDevice, operation, ranks))
                {
                    md.append("| ").append(operation.label()).append(" | ").append(ranks).append(" | ")
                        .append(operation.hasMessage() ? ByteSizes.label(bytes) : MISSING).append(" |");
                    byDevice.forEach((device, results) -> md.append(' ').append(cell(device, results, operation, ranks, bytes)).append(" |"));
                    md.append('\n');
                }
            }
        }
        return md.toString();
    }

    /** @return e.g. {@code 1.25 (50.0 / 40.0)}, or a dash when the device's report lacks either time. */
    private static String cell(
        final BenchDevice device, final List<CollectiveResult> results, final CollectiveOperation operation, final int ranks, final int bytes)
    {
        final double ratio = CollectiveMarkdown.ratio(results, device.openmpj(), device.openmpi(), operation, ranks, bytes);
        if (Double.isNaN(ratio))
        {
            return MISSING;
        }
        return CollectiveMarkdown.times(ratio) + " (" + micros(results, device.openmpj(), operation, ranks, bytes) + " / "
            + micros(results, device.openmpi(), operation, ranks, bytes) + ")";
    }

    private static String micros(
        final List<CollectiveResult> results, final Implementation implementation, final CollectiveOperation operation,
        final int ranks, final int bytes)
    {
        final Optional<CollectiveResult> found = CollectiveMarkdown.find(results, implementation, operation, ranks, bytes);
        return found.map(result -> MarkdownReport.micros(result.usMedian())).orElse(MISSING);
    }

    private static TreeSet<Integer> allRanks(final Map<BenchDevice, List<CollectiveResult>> byDevice)
    {
        final TreeSet<Integer> ranks = new TreeSet<>();
        byDevice.values().forEach(results -> results.forEach(result -> ranks.add(result.ranks())));
        return ranks;
    }

    private static TreeSet<Integer> sizes(
        final Map<BenchDevice, List<CollectiveResult>> byDevice, final CollectiveOperation operation, final int ranks)
    {
        final TreeSet<Integer> sizes = new TreeSet<>();
        byDevice.values().forEach(results -> sizes.addAll(CollectiveMarkdown.sizes(results, operation, ranks)));
        return sizes;
    }
}
