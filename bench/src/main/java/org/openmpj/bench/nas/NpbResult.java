package org.openmpj.bench.nas;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The figures of the report an NPB kernel prints when it ends (NPB's layout, as {@code org.openmpj.nas.NpbReport} writes it):
 * <pre>
 *  EP Benchmark Completed.
 *  Class           =                        A
 *  Time in seconds =                     1.23
 *  Total processes =                        4
 *  Mop/s total     =                   456.78
 *  Verification    =               SUCCESSFUL
 * </pre>
 *
 * @param kernel       the kernel's name from the "Benchmark Completed" line, e.g. {@code EP}; empty when the line is missing.
 * @param problemClass the class, e.g. {@code A}.
 * @param processes    the processes that ran it.
 * @param seconds      the timed section's time.
 * @param mops         millions of operations per second over all processes.
 * @param verified     whether verification succeeded.
 */
public record NpbResult(String kernel, String problemClass, int processes, double seconds, double mops, boolean verified)
{
    private static final String COMPLETED = "Benchmark Completed";

    /**
     * Reads the last NPB report among a job's output lines; other lines (the launcher's, the kernel's progress) are skipped.
     *
     * @param lines the job's output.
     * @return the figures, or empty when the output holds no whole report (no time, Mop/s, class, process count or verdict).
     */
    public static Optional<NpbResult> parse(final List<String> lines)
    {
        String kernel = "";
        final Map<String, String> fields = new LinkedHashMap<>();
        for (final String line : lines)
        {
            final String text = line.strip();
            if (text.endsWith(COMPLETED + "."))
            {
                kernel = text.substring(0, text.length() - COMPLETED.length() - 1).strip();
                fields.clear();
                continue;
            }
            final int equals = text.indexOf('=');
            if (equals > 0)
            {
                fields.put(text.substring(0, equals).strip().toLowerCase(Locale.ROOT), text.substring(equals + 1).strip());
            }
        }
        final String verdict = fields.get("verification");
        final String problemClass = fields.get("class");
        final String processes = fields.get("total processes");
        final String seconds = fields.get("time in seconds");
        final String mops = fields.get("mop/s total");
        if (verdict == null || problemClass == null || processes == null || seconds == null || mops == null)
        {
            return Optional.empty();
        }
        try
        {
            return Optional.of(new NpbResult(kernel, problemClass, Integer.parseInt(processes), Double.parseDouble(seconds),
                Double.parseDouble(mops), verdict.equalsIgnoreCase("SUCCESSFUL")));
        }
        catch (final NumberFormatException ex)
        {
            return Optional.empty();
        }
    }
}
