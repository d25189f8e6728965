package org.openmpj.bench.report;

import java.util.List;
import java.util.Locale;

import org.openmpj.bench.SizeResult;

/** The timings as CSV, one row per implementation and size. */
public final class CsvReport
{
    /** The header row. */
    public static final String HEADER =
        "impl,bytes,oneway_us_median,oneway_us_min,bandwidth_gbs_median,bandwidth_gbs_max,iterations,repetitions";

    private CsvReport()
    {
    }

    /** @return the CSV text, header first, rows in the given order, each line ending in a newline. */
    public static String render(final List<SizeResult> results)
    {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final SizeResult result : results)
        {
            csv.append(String.format(Locale.ROOT, "%s,%d,%.4f,%.4f,%.4f,%.4f,%d,%d",
                result.impl(), result.bytes(), result.onewayUsMedian(), result.onewayUsMin(),
                result.bandwidthGbsMedian(), result.bandwidthGbsMax(), result.iterations(), result.repetitions())).append('\n');
        }
        return csv.toString();
    }
}
