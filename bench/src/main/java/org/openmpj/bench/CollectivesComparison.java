package org.openmpj.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openmpj.bench.report.BenchDevice;
import org.openmpj.bench.report.CollectiveCsv;
import org.openmpj.bench.report.DeviceComparisonMarkdown;
import org.openmpj.bench.report.DeviceComparisonOptions;

/**
 * Reads the CSV files that {@code CollectivesReport} wrote for several devices and writes one Markdown table of each
 * device's time per call over its own Open MPI's. Started by {@code bench/compare-collectives.sh}.
 */
public final class CollectivesComparison
{
    private CollectivesComparison()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        if (OptionParser.wantsHelp(args))
        {
            System.out.print(DeviceComparisonOptions.PARSER.usage());
            return;
        }
        final DeviceComparisonOptions options;
        final Map<BenchDevice, List<CollectiveResult>> byDevice = new LinkedHashMap<>();
        try
        {
            options = DeviceComparisonOptions.parse(args);
            for (final BenchDevice device : options.devices())
            {
                byDevice.put(device, read(options.csv(device), device));
            }
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("CollectivesComparison: " + ex.getMessage());
            System.exit(2);
            return;
        }
        Files.writeString(options.output(), DeviceComparisonMarkdown.render(byDevice, options.rankCounts()), StandardCharsets.UTF_8);
        System.out.println("== wrote " + options.output());
    }

    private static List<CollectiveResult> read(final Path csv, final BenchDevice device) throws IOException
    {
        if (!Files.isRegularFile(csv))
        {
            throw new IllegalArgumentException(csv + " is missing; write it with bench/run-collectives.sh --device " + device.deviceName());
        }
        try
        {
            return CollectiveCsv.parse(Files.readAllLines(csv, StandardCharsets.UTF_8));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(csv + ": " + ex.getMessage(), ex);
        }
    }
}
