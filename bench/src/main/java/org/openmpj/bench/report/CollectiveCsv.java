package org.openmpj.bench.report;

import java.util.List;
import java.util.Locale;

import org.openmpj.bench.CollectiveResult;

/** The collectives timings as CSV, one row per implementation, operation, job size and message size. */
public final class CollectiveCsv
{
    /** The header row. */
    public static final String HEADER = "impl,op,ranks,bytes,bytes_moved,us_median,us_min,"
        + "aggregated_gbs_median,aggregated_gbs_max,iterations,repetitions";

    private CollectiveCsv()
    {
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
}
