package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class DeviceComparisonOptionsTest
{
    @Test
    void defaultsCompareEveryDeviceAtEveryJobSizeFromTheResultsDirectory()
    {
        final DeviceComparisonOptions options = DeviceComparisonOptions.parse(new String[] {"--results", "/r"});
        assertEquals(List.of(BenchDevice.THREAD, BenchDevice.SHM, BenchDevice.TCP), options.devices());
        assertTrue(options.rankCounts().isEmpty());
        assertEquals(Path.of("/r/collectives-devices.md"), options.output());
        assertEquals(Path.of("/r/collectives.csv"), options.csv(BenchDevice.THREAD));
        assertEquals(Path.of("/r/collectives-shm.csv"), options.csv(BenchDevice.SHM));
        assertEquals(Path.of("/r/collectives-tcp.csv"), options.csv(BenchDevice.TCP));
    }

    @Test
    void devicesRanksAndOutputCanBeChosen()
    {
        final DeviceComparisonOptions options = DeviceComparisonOptions.parse(
            new String[] {"--devices", "tcp,shm,tcp", "--ranks", "8,4", "--output", "/o/table.md"});
        assertEquals(List.of(BenchDevice.TCP, BenchDevice.SHM), options.devices());
        assertEquals(List.of(4, 8), options.rankCounts());
        assertEquals(Path.of("/o/table.md"), options.output());
    }

    @Test
    void rejectsBadOptions()
    {
        assertThrows(IllegalArgumentException.class, () -> DeviceComparisonOptions.parse(new String[] {"--devices", "shm,udp"}));
        assertThrows(IllegalArgumentException.class, () -> DeviceComparisonOptions.parse(new String[] {"--devices", ","}));
        assertThrows(IllegalArgumentException.class, () -> DeviceComparisonOptions.parse(new String[] {"--ranks", "0"}));
        assertThrows(IllegalArgumentException.class, () -> DeviceComparisonOptions.parse(new String[] {"--rounds", "1"}));
        assertThrows(IllegalArgumentException.class, () -> DeviceComparisonOptions.parse(new String[] {"--output"}));
    }
}
