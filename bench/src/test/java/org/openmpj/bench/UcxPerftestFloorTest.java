package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading the one-way time from {@code ucx_perftest}'s report, in the layout UCX 1.13 prints. */
class UcxPerftestFloorTest
{
    private static final String REPORT = """
        +--------------+--------------+------------------------------+---------------------+-----------------------+
        |              |              |        latency (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |
        +--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+
        |    Stage     | # iterations | 50.0%ile | average | overall |  average |  overall |  average  |  overall  |
        +--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+
        Final:                 20000      5.795     5.972     5.972        0.16       0.16      167461      167461
        """;

    @Test
    void theFiftiethPercentileOfTheFinalLineIsTheOneWayTime()
    {
        assertEquals(5.795, UcxPerftestFloor.finalMedianUs(REPORT, "ucx_perftest"), 1e-9);
    }

    @Test
    void aReportWithoutAFinalLineIsAnErrorQuotingIt()
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> UcxPerftestFloor.finalMedianUs("connect failed: Connection refused\n", "ucx_perftest 127.0.0.1"));
        assertTrue(error.getMessage().contains("ucx_perftest 127.0.0.1 printed no Final: line")
            && error.getMessage().contains("Connection refused"), error.getMessage());
    }
}
