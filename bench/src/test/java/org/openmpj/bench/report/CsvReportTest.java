package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.SizeResult;

class CsvReportTest
{
    @Test
    void headerThenOneRowPerResult()
    {
        final String csv = CsvReport.render(List.of(
            new SizeResult("openmpi", 1_000_000, 10, 15, 1000.0, 500.0),
            new SizeResult("java-floor", 1, 90000, 15, 0.055, 0.0512)));
        assertEquals("""
            impl,bytes,oneway_us_median,oneway_us_min,bandwidth_gbs_median,bandwidth_gbs_max,iterations,repetitions
            openmpi,1000000,1000.0000,500.0000,1.0000,2.0000,10,15
            java-floor,1,0.0550,0.0512,0.0182,0.0195,90000,15
            """, csv);
    }
}
