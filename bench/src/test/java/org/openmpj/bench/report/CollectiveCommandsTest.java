package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.CollectiveOptions;

class CollectiveCommandsTest
{
    private static final Path HOME = Path.of("/opt/openmpj");

    @Test
    void defaultsRunTwoFourAndEightRanksOnTwoCoresWithEightRankJobsCapped()
    {
        final CollectivesReport options = CollectivesReport.parse(new String[] {"--home", HOME.toString()});
        assertEquals(List.of(2, 4, 8), options.rankCounts());
        assertEquals(2, options.run().cores());
        assertEquals(3, options.rounds());
        assertEquals(HOME.resolve("bench/target/collectives"), options.run().nativeBinary());
        assertEquals(HOME.resolve("bench/results"), options.results());
        assertEquals(new CollectiveOptions(16, 4 << 20, 4, 5, 30), options.bench());
        assertEquals(options.bench(), options.benchFor(4));
        assertEquals(options.bench().withMaxBytes(1 << 20), options.benchFor(8));
        assertEquals(options.bench().withMaxBytes(1 << 20), options.benchFor(16));
        final CollectivesReport offTheGrid = CollectivesReport.parse(new String[] {"--min-bytes", "8", "--large-job-max-bytes", "196608"});
        final int[] eightRanks = offTheGrid.benchFor(8).sizes();
        assertEquals(196608, eightRanks[eightRanks.length - 1], "the large jobs' largest size is measured though the factors step over it");
        assertEquals(131072, eightRanks[eightRanks.length - 2]);
    }

    @Test
    void openMpiSpinsBoundToCoresUntilOversubscribedThenYieldsUnbound()
    {
        final CollectivesReport options = CollectivesReport.parse(new String[] {"--home", HOME.toString()});
        final CollectiveCommands commands = options.withJava(Path.of("/jdk"), "-Xmx2g").commands();

        final String two = String.join(" ", commands.openmpi(2));
        assertTrue(two.startsWith("taskset -c 0,1 mpirun --allow-run-as-root --timeout 900 -np 2 --map-by core --bind-to core "
            + "/opt/openmpj/bench/target/collectives --min-bytes 16 --max-bytes 4194304"), two);
        assertFalse(two.contains("yield"), two);
        final String eight = String.join(" ", commands.openmpi(8));
        assertTrue(eight.contains("-np 8 --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 "), eight);
        assertTrue(eight.contains("--max-bytes 1048576"), eight);

        final List<String> openmpj = commands.openmpj(4);
        assertEquals(List.of("taskset", "-c", "0,1", "/opt/openmpj/bin/mpjrun", "-np", "4", "-dev", "thread"), openmpj.subList(0, 8));
        assertTrue(openmpj.contains("org.openmpj.bench.Collectives") && openmpj.contains("4194304"), openmpj.toString());
        assertFalse(String.join(" ", openmpj).contains("openmpj.idle"), "the idle strategy chooses itself");
        assertEquals("-Xmx2g", commands.job().environment().get("OPENMPJ_JVM_OPTS"));
    }

    @Test
    void theTcpDeviceRunsRankProcessesAndHoldsOpenMpiToTcp()
    {
        final CollectivesReport options = CollectivesReport.parse(
            new String[] {"--home", HOME.toString(), "--device", "tcp", "--ranks", "2,8", "--max-bytes", "65536"});
        assertEquals(BenchDevice.TCP, options.run().device());
        assertEquals(BenchDevice.TCP.eagerLimitDefault(), options.run().eagerLimitBytes());
        final CollectiveCommands commands = options.withJava(Path.of("/jdk"), "").commands();

        final String eight = String.join(" ", commands.openmpj(8));
        assertTrue(eight.startsWith("taskset -c 0,1 /opt/openmpj/bin/mpjrun -np 8 -dev tcp -timeout 900 -cp "), eight);
        assertTrue(!eight.contains("eagerLimit") && eight.contains(" org.openmpj.bench.Collectives --min-bytes 16 --max-bytes 65536 "), eight);
        assertTrue(String.join(" ", commands.openmpj(2)).contains(" -n 2 -bind-to user:0,1 "));

        final String openmpi = String.join(" ", commands.openmpi(8));
        assertTrue(openmpi.contains(" -np 8 --mca pml ob1 --mca btl tcp,self --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 "),
            openmpi);
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--device", "udp"}));
    }

    @Test
    void theShmDeviceRunsRankProcessesAgainstOpenMpisDefaultTransportOversubscribedBeyondTheCores()
    {
        final CollectivesReport options = CollectivesReport.parse(new String[] {"--home", HOME.toString(), "--device", "shm",
            "--ranks", "8,2", "--max-bytes", "65536", "--mpirun", "/usr/bin/mpirun.openmpi"});
        assertEquals(BenchDevice.SHM, options.run().device());
        assertEquals(BenchDevice.SHM.eagerLimitDefault(), options.run().eagerLimitBytes());
        assertEquals("/usr/bin/mpirun.openmpi", options.run().mpirun());
        final CollectiveCommands commands = options.withJava(Path.of("/jdk"), "").commands();

        final String eight = String.join(" ", commands.openmpj(8));
        assertTrue(eight.startsWith("taskset -c 0,1 /opt/openmpj/bin/mpjrun -np 8 -dev shm -timeout 900 -cp "), eight);
        assertTrue(String.join(" ", commands.openmpj(2)).contains(" -n 2 -bind-to user:0,1 "));

        assertEquals("taskset -c 0,1 /usr/bin/mpirun.openmpi --allow-run-as-root --timeout 900 -np 8 --oversubscribe --bind-to none "
            + "--mca mpi_yield_when_idle 1 /opt/openmpj/bench/target/collectives --min-bytes 16 --max-bytes 65536 --step 4 --repetitions 5 "
            + "--batch-ms 30", String.join(" ", commands.openmpi(8)));
        assertEquals(List.of("--map-by", "core", "--bind-to", "core"), commands.openMpiPlacement(2), "no transport named: shared memory");
    }

    @Test
    void moreCoresMoveTheOversubscriptionLine()
    {
        final CollectivesReport options = CollectivesReport.parse(new String[] {"--cpus", "0-3", "--ranks", "8,4"});
        assertEquals(4, options.run().cores());
        assertEquals(List.of(4, 8), options.rankCounts());
        final CollectiveCommands commands = options.withJava(Path.of("/jdk"), "").commands();
        assertEquals(List.of("--map-by", "core", "--bind-to", "core"), commands.openMpiPlacement(4));
        assertTrue(commands.openMpiPlacement(8).contains("--oversubscribe"));
    }

    @Test
    void rejectsBadOptions()
    {
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--cpus", "0-"}));
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--cpus", "3-1"}));
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--ranks", "2,zero"}));
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--ranks", "0"}));
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--rounds", "0"}));
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--min-bytes", "4"}));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--large-job-max-bytes", "1000004"}))
            .getMessage().startsWith("--large-job-max-bytes 1000004 is not a multiple of 8"));
        assertThrows(IllegalArgumentException.class, () -> CollectivesReport.parse(new String[] {"--rounds"}));
        assertEquals(3, CpuList.count("0,2-3,3"));
    }
}
