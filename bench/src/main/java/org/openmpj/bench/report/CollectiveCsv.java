package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.openmpj.bench.CollectiveLines;
import org.openmpj.bench.CollectiveResult;

/** The collectives timings as CSV, one row per implementation, operation, job size and message size, and back. */
public final class CollectiveCsv
{
    /** The header row. */
    public static final String HEADER = "impl,op,ranks,bytes,bytes_moved,us_median,us_min,"
        + "aggregated_gbs_median,aggregated_gbs_max,iterations,repetitions";

    private CollectiveCsv()
    {
    }

    /** @return the CSV file's name for a device's report, e.g. {@code collectives.csv} or {@code collectives-shm.csv}. */
    public static String fileName(final BenchDevice device)
    {
        return "collectives" + device.fileSuffix() + ".csv";
    }

    /** @return the CSV text, header first, rows in the given order, each line ending in a newline. */
    public static String render(final List<CollectiveResult> results)
    {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final CollectiveResult result : results)
        {
            csv.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%.4f,%.4f,%.4f,%.4f,%d,%d",
                result.impl(), result.operation().id(), result.ranks(), result.bytes(), result.bytesMoved(),
                result.usMedian(), result.usMin(), result.aggregatedGbsMedian(), result.aggregatedGbsMax(),
                result.iterations(), result.repetitions())).append('\n');
        }
        return csv.toString();
    }

    /**
     * Reads what {@link #render} wrote. Each row becomes a result line, its cells named by the header, and goes
     * through {@link CollectiveLines#parse}: one parser for both forms. The derived columns are read and left unused.
     *
     * @param lines the CSV's lines, the header first; blank lines are skipped.
     * @return the results, in row order.
     * @throws IllegalArgumentException naming the line when the header lacks {@code impl} or a row has a different
     *                                  number of cells, and quoting it when a cell is not a valid value.
     */
    public static List<CollectiveResult> parse(final List<String> lines)
    {
        if (lines.isEmpty() || !List.of(lines.getFirst().trim().split(",")).contains("impl"))
        {
            throw new IllegalArgumentException("not a collectives CSV: the first line is not a header naming impl");
        }
        final String[] names = lines.getFirst().trim().split(",");
        final List<String> resultLines = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++)
        {
            final String row = lines.get(i).trim();
            if (row.isEmpty())
            {
                continue;
            }
            final String[] cells = row.split(",", -1);
            if (cells.length != names.length)
            {
                throw new IllegalArgumentException("line " + (i + 1) + " has " + cells.length + " cells, the header " + names.length + ": " + row);
            }
            final StringBuilder line = new StringBuilder(CollectiveLines.COLLECTIVE);
            for (int cell = 0; cell < cells.length; cell++)
            {
                line.append(' ').append(names[cell]).append('=').append(cells[cell]);
            }
            resultLines.add(line.toString());
        }
        return CollectiveLines.parse(resultLines);
    }
}
