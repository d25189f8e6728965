package org.openmpj.bench.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

class NpbResultTest
{
    /** NPB's report as {@code org.openmpj.nas.NpbReport.conclude} prints it, after some of the launcher's lines. */
    static List<String> report(final String kernel, final String problemClass, final int processes, final double seconds, final double mops,
        final boolean verified)
    {
        final List<String> lines = new ArrayList<>(List.of("mpjrun: starting 4 ranks on the tcp device", " Iteration 1",
            verified ? " VERIFICATION SUCCESSFUL" : " VERIFICATION UNSUCCESSFUL", "", " " + kernel + " Benchmark Completed."));
        lines.add(line("Class", problemClass));
        lines.add(line("Size", "536870912"));
        lines.add(line("Iterations", "0"));
        lines.add(line("Time in seconds", String.format(Locale.ROOT, "%.2f", seconds)));
        lines.add(line("Total processes", Integer.toString(processes)));
        lines.add(line("Mop/s total", String.format(Locale.ROOT, "%.2f", mops)));
        lines.add(line("Mop/s/process", String.format(Locale.ROOT, "%.2f", mops / processes)));
        lines.add(line("Operation type", "Random numbers generated"));
        lines.add(line("Verification", verified ? "SUCCESSFUL" : "UNSUCCESSFUL"));
        lines.add(line("Version", "NPB 3.4 on OpenMPJ (mpiJava 1.2 API)"));
        return lines;
    }

    private static String line(final String key, final String value)
    {
        return String.format(Locale.ROOT, " %-16s= %24s", key, value);
    }

    @Test
    void readsTheFiguresOfNpbsReport()
    {
        final NpbResult result = NpbResult.parse(report("EP", "A", 4, 1.23, 456.78, true)).orElseThrow();

        assertEquals(new NpbResult("EP", "A", 4, 1.23, 456.78, true), result);
    }

    @Test
    void readsAnUnsuccessfulVerification()
    {
        final NpbResult result = NpbResult.parse(report("CG", "W", 2, 10.5, 1234.5, false)).orElseThrow();

        assertFalse(result.verified());
        assertEquals(1234.5, result.mops());
        assertEquals("CG", result.kernel());
    }

    @Test
    void anOutputWithoutAWholeReportHasNone()
    {
        assertTrue(NpbResult.parse(List.of("Exception in thread \"main\" java.lang.OutOfMemoryError")).isEmpty());
        final List<String> cut = report("MG", "S", 1, 0.5, 99.0, true);
        assertTrue(NpbResult.parse(cut.subList(0, cut.size() - 2)).isEmpty(), "no verdict: the job died while printing");
        final List<String> garbled = new ArrayList<>(report("MG", "S", 1, 0.5, 99.0, true));
        garbled.replaceAll(line -> line.replace("99.00", "9x.00"));
        assertTrue(NpbResult.parse(garbled).isEmpty());
    }

    @Test
    void theLastReportCounts()
    {
        final List<String> two = new ArrayList<>(report("IS", "S", 1, 9.0, 1.0, false));
        two.addAll(report("IS", "S", 1, 2.0, 3.0, true));

        assertEquals(3.0, NpbResult.parse(two).orElseThrow().mops());
    }
}
