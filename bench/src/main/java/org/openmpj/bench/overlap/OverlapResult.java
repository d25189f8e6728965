package org.openmpj.bench.overlap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.openmpj.bench.ResultFields;
import org.openmpj.bench.report.StepRun;

/**
 * The result line of one {@link IallreduceOverlap} run, from a round of the overlap report: {@code overlap progress=thread
 * ranks=2 bytes=4194304 repetitions=11 batch=10 operation_us=2100.0 compute_us=2105.3 both_us=2500.2 hidden_pct=81.2
 * hidden_min_pct=70.1 hidden_max_pct=90.3}.
 *
 * @param round       the round it ran in, from 1.
 * @param device      the device the job ran on.
 * @param progress    {@code none} or {@code thread}.
 * @param bytes       the reduced vector's size.
 * @param operationUs the median time of the operation alone.
 * @param computeUs   the median time of the computation alone.
 * @param bothUs      the median time of the operation started before the computation and waited for after it.
 * @param hiddenPct   the median share of the operation's time the computation hid.
 * @param minPct      the least share hidden in a repetition.
 * @param maxPct      the most share hidden in a repetition.
 */
record OverlapResult(int round, String device, String progress, long bytes, double operationUs, double computeUs, double bothUs,
    double hiddenPct, double minPct, double maxPct)
{
    private static final String PREFIX = "overlap ";

    /** @return the result line of a run, or null when it printed none. */
    static OverlapResult parse(final StepRun<OverlapReport.Job> run)
    {
        for (final String line : run.output())
        {
            if (line.startsWith(PREFIX))
            {
                final ResultFields fields = ResultFields.of(line);
                return new OverlapResult(run.round(), run.step().job().device(), fields.text("progress"), fields.whole("bytes"),
                    fields.decimal("operation_us"), fields.decimal("compute_us"), fields.decimal("both_us"), fields.decimal("hidden_pct"),
                    fields.decimal("hidden_min_pct"), fields.decimal("hidden_max_pct"));
            }
        }
        return null;
    }

    /** @return every result as CSV, with a header. */
    static String csv(final List<OverlapResult> results)
    {
        final StringBuilder csv = new StringBuilder(
            "round,device,progress,bytes,operation_us,compute_us,both_us,hidden_pct,hidden_min_pct,hidden_max_pct\n");
        for (final OverlapResult r : results)
        {
            csv.append(String.format(Locale.ROOT, "%d,%s,%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f%n", r.round, r.device, r.progress, r.bytes,
                r.operationUs, r.computeUs, r.bothUs, r.hiddenPct, r.minPct, r.maxPct));
        }
        return csv.toString();
    }

    /** @return the results of one device and progress mode, in round order. */
    static List<OverlapResult> of(final List<OverlapResult> results, final String device, final String progress)
    {
        final List<OverlapResult> chosen = new ArrayList<>();
        for (final OverlapResult r : results)
        {
            if (r.device.equals(device) && r.progress.equals(progress))
            {
                chosen.add(r);
            }
        }
        return chosen;
    }
}
