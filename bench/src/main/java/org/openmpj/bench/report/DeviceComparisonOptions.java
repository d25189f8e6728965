package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.openmpj.bench.OptionPairs;

/**
 * The options of {@code CollectivesComparison}.
 *
 * @param results    where the devices' CSV files are, as {@code bench/run-collectives.sh} wrote them.
 * @param devices    the devices compared, in the table's column order.
 * @param rankCounts the job sizes shown, ascending; empty for every job size found.
 * @param output     the Markdown file written.
 */
public record DeviceComparisonOptions(Path results, List<BenchDevice> devices, List<Integer> rankCounts, Path output)
{
    /** Every device, thread first: the order of the table's columns unless chosen. */
    public static final List<BenchDevice> DEFAULT_DEVICES = List.of(BenchDevice.THREAD, BenchDevice.SHM, BenchDevice.TCP);
    /** The output's name, in the results directory, unless chosen. */
    public static final String DEFAULT_OUTPUT = "collectives-devices.md";

    /** The usage text. */
    public static final String USAGE = """
        Usage: CollectivesComparison [--results DIR] [--devices thread,shm,tcp] [--ranks N,N,...] [--output FILE]
          --results  where run-collectives.sh wrote each device's CSV (collectives.csv, collectives-shm.csv,
                     collectives-tcp.csv); default bench/results.
          --devices  the devices compared, one column each, in this order; default thread,shm,tcp.
          --ranks    the job sizes shown; default every one found.
          --output   the Markdown table written; default RESULTS/%s.
        """.formatted(DEFAULT_OUTPUT);

    /** Copies the lists and checks them. */
    public DeviceComparisonOptions
    {
        devices = List.copyOf(devices);
        rankCounts = List.copyOf(rankCounts);
        if (devices.isEmpty())
        {
            throw new IllegalArgumentException("--devices needs at least one device");
        }
    }

    /**
     * @param args the command line.
     * @return the options.
     * @throws IllegalArgumentException naming the option that is unknown, lacks a value or is invalid.
     */
    public static DeviceComparisonOptions parse(final String[] args)
    {
        Path results = Path.of("bench/results").toAbsolutePath();
        List<BenchDevice> devices = DEFAULT_DEVICES;
        List<Integer> rankCounts = List.of();
        Path output = null;
        for (final OptionPairs.Option option : OptionPairs.of(args))
        {
            switch (option.name())
            {
                case "--results" -> results = Path.of(option.value()).toAbsolutePath();
                case "--devices" -> devices = Arrays.stream(option.value().split(",")).map(BenchDevice::parse).distinct().toList();
                case "--ranks" -> rankCounts = CollectiveReportOptions.parseRankCounts(option.value());
                case "--output" -> output = Path.of(option.value()).toAbsolutePath();
                default -> throw new IllegalArgumentException(option.name() + " is not an option of CollectivesComparison");
            }
        }
        return new DeviceComparisonOptions(results, devices, rankCounts, output != null ? output : results.resolve(DEFAULT_OUTPUT));
    }

    /** @return the CSV file of {@code device}'s collectives report. */
    public Path csv(final BenchDevice device)
    {
        return results.resolve(CollectiveCsv.fileName(device));
    }
}
