package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.List;

import org.openmpj.bench.OptionParser;

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

    private static final OptionParser.Option<Path> RESULTS = OptionParser.path("--results", "DIR",
        "where run-collectives.sh wrote each device's CSV (collectives.csv, collectives-shm.csv, collectives-tcp.csv)", "bench/results");
    private static final OptionParser.Option<List<BenchDevice>> DEVICES = OptionParser.list("--devices", "NAME,NAME,...",
        "the devices compared, one column each, in this order", DEFAULT_DEVICES, BenchDevice::parse);
    private static final OptionParser.Option<List<Integer>> RANKS = OptionParser.wholeList("--ranks", "the job sizes shown; default every one found",
        List.of(), 1, Integer.MAX_VALUE);
    private static final OptionParser.Option<Path> OUTPUT = OptionParser.path("--output", "FILE", "the Markdown table written",
        "RESULTS/" + DEFAULT_OUTPUT);

    /** The options and help of {@code CollectivesComparison}. */
    public static final OptionParser PARSER = new OptionParser("CollectivesComparison", """
        One Markdown table of OpenMPJ's collectives on several devices, each against the Open MPI of its own report, from the
        CSV files bench/run-collectives.sh wrote for each.""", List.of(RESULTS, DEVICES, RANKS, OUTPUT));

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
        final OptionParser.Values values = PARSER.parse(args);
        final Path results = values.get(RESULTS) != null ? values.get(RESULTS) : Path.of("bench/results").toAbsolutePath();
        return new DeviceComparisonOptions(results, values.get(DEVICES), values.get(RANKS),
            values.get(OUTPUT) != null ? values.get(OUTPUT) : results.resolve(DEFAULT_OUTPUT));
    }

    /** @return the CSV file of {@code device}'s collectives report. */
    public Path csv(final BenchDevice device)
    {
        return results.resolve(CollectiveCsv.fileName(device));
    }
}
