package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.BenchOptions;
import org.openmpj.transport.shm.ShmDeviceProvider;
import org.openmpj.transport.thread.ThreadDeviceProvider;

class BenchmarkCommandsTest
{
    private static final Path HOME = Path.of("/opt/openmpj");

    @Test
    void defaultsPinTheJvmsAndBindTheNativeRanks()
    {
        assertEquals(new BenchOptions(BenchOptions.DEFAULT_MAX_BYTES, PingPongReport.DEFAULT_REPETITIONS_PER_ROUND,
            BenchOptions.DEFAULT_BATCH_MILLIS), PingPongReport.parse(new String[0]).bench());
        final PingPongReport options = PingPongReport.parse(new String[] {"--home", HOME.toString(), "--repetitions", "3"});
        assertEquals(HOME.resolve("bench/results"), options.results());
        assertEquals(ThreadDeviceProvider.EAGER_LIMIT_DEFAULT, options.run().eagerLimitBytes());
        assertEquals(ReportOptions.DEFAULT_ROUNDS, options.rounds());
        assertEquals(new BenchOptions(BenchOptions.DEFAULT_MAX_BYTES, 3, BenchOptions.DEFAULT_BATCH_MILLIS), options.bench());

        final BenchmarkCommands commands = options.withJava(Path.of("/jdk"), "-Xmx2g -XX:+UseParallelGC").commands();
        final List<String> floor = commands.floor();
        assertEquals(List.of("taskset", "-c", "0,1", "/jdk/bin/java", "-Xmx2g", "-XX:+UseParallelGC", "-cp"), floor.subList(0, 7));
        assertTrue(floor.contains("org.openmpj.bench.ThreadFloor") && floor.contains("3"), floor.toString());

        final List<String> openmpj = commands.openmpj();
        assertEquals(List.of("taskset", "-c", "0,1", "/opt/openmpj/bin/mpjrun", "-np", "2"), openmpj.subList(0, 6));
        assertFalse(String.join(" ", openmpj).contains("eagerLimit"), "the device's own default: " + openmpj);
        assertTrue(openmpj.contains("org.openmpj.bench.PingPong"), openmpj.toString());

        final List<String> openmpi = commands.openmpi();
        assertTrue(String.join(" ", openmpi).startsWith("mpirun --allow-run-as-root -np 2 --map-by core --bind-to core"), openmpi.toString());
        assertTrue(openmpi.contains("/opt/openmpj/bench/target/pingpong"), openmpi.toString());

        assertEquals("/jdk", commands.job().environment().get("JAVA_HOME"));
        assertEquals("-Xmx2g -XX:+UseParallelGC", commands.job().environment().get("OPENMPJ_JVM_OPTS"));
    }

    @Test
    void theEagerLimitAndCoresCanBeChosen()
    {
        final PingPongReport options = PingPongReport.parse(new String[] {"--eager-limit", "4096", "--cpus", "2,3"});
        final BenchmarkCommands commands = options.withJava(Path.of("/jdk"), " ").commands();
        assertTrue(commands.openmpj().contains("-Dopenmpj.thread.eagerLimit=4096"));
        assertEquals(List.of("taskset", "-c", "2,3", "/jdk/bin/java", "-cp"), commands.floor().subList(0, 5));
        assertThrows(IllegalArgumentException.class, () -> PingPongReport.parse(new String[] {"--eager-limit", "-1"}));
        assertThrows(IllegalArgumentException.class, () -> PingPongReport.parse(new String[] {"--bogus", "1"}));
        assertThrows(IllegalArgumentException.class, () -> PingPongReport.parse(new String[] {"--rounds", "0"}));
        assertEquals(1, PingPongReport.parse(new String[] {"--rounds", "1"}).rounds());
    }

    @Test
    void theTcpDevicePinsEachProcessOfEveryImplementationToACpuOfItsOwn()
    {
        final PingPongReport options = PingPongReport.parse(
            new String[] {"--home", HOME.toString(), "--device", "tcp", "--cpus", "1,0", "--max-bytes", "4194304"});
        assertEquals(BenchDevice.TCP, options.run().device());
        assertEquals(BenchDevice.TCP.eagerLimitDefault(), options.run().eagerLimitBytes());
        final BenchmarkCommands commands = options.withJava(Path.of("/jdk"), "-Xmx1g").commands();

        final String floor = String.join(" ", commands.socketFloor());
        assertEquals("taskset -c 1 /jdk/bin/java -Xmx1g -cp /opt/openmpj/bench/target/openmpj-bench.jar org.openmpj.bench.SocketFloor "
            + "--peer-cpu 0 --max-bytes 4194304 --repetitions 5 --batch-ms 30", floor);

        final String openmpj = String.join(" ", commands.openmpj());
        assertTrue(openmpj.startsWith("taskset -c 1,0 env MPIEXEC_TIMEOUT=900 mpiexec.hydra -n 2 -bind-to user:1,0 /jdk/bin/java "), openmpj);
        assertTrue(openmpj.contains(" -Xmx1g --enable-native-access=ALL-UNNAMED -Dopenmpj.device=tcp -cp "
            + "/opt/openmpj/core/target/openmpj-core.jar:/opt/openmpj/ucx/target/openmpj-ucx.jar:/opt/openmpj/mpi/target/openmpj-mpi.jar:"
            + "/opt/openmpj/bench/target/openmpj-bench.jar "
            + "org.openmpj.runtime.ProcessRank org.openmpj.bench.PingPong --max-bytes 4194304 "), openmpj);
        assertTrue(commands.job().placement().contains("mpiexec.hydra"), commands.job().placement());

        final String openmpi = String.join(" ", commands.openmpi());
        assertTrue(openmpi.startsWith("mpirun --allow-run-as-root -np 2 --mca pml ob1 --mca btl tcp,self --map-by core --bind-to core "),
            openmpi);

        assertThrows(IllegalArgumentException.class, () -> PingPongReport.parse(new String[] {"--device", "tcp", "--cpus", "0"}));
        final IllegalArgumentException udp = assertThrows(IllegalArgumentException.class,
            () -> PingPongReport.parse(new String[] {"--device", "udp"}));
        assertTrue(udp.getMessage().endsWith("expected thread, tcp, shm, hybrid, ucx-sm or ucx-tcp"), udp.getMessage());
        assertEquals(4096, PingPongReport.parse(new String[] {"--device", "tcp", "--eager-limit", "4096"}).run().eagerLimitBytes());
        final PingPongReport hybrid = PingPongReport.parse(new String[] {"--device", "hybrid"});
        assertEquals(BenchDevice.HYBRID, hybrid.run().device());
        assertTrue(hybrid.run().device().startsRankProcesses());
        assertEquals(BenchDevice.SHM.eagerLimitDefault(), hybrid.run().eagerLimitBytes());
    }

    @Test
    void theShmDeviceRunsRankProcessesBesideOpenMpiAndMpichOverSharedMemory()
    {
        final PingPongReport options = PingPongReport.parse(new String[] {"--home", HOME.toString(), "--device", "shm",
            "--mpirun", "/usr/bin/mpirun.openmpi", "--max-bytes", "4096", "--repetitions", "1"});
        assertEquals(BenchDevice.SHM, options.run().device());
        assertEquals(ShmDeviceProvider.EAGER_LIMIT_DEFAULT, options.run().eagerLimitBytes());
        assertEquals(HOME.resolve("bench/target/pingpong-mpich"), options.mpichBinary());
        final BenchmarkCommands commands = options.withJava(Path.of("/jdk"), "").commands();

        final String openmpj = String.join(" ", commands.openmpj());
        assertTrue(openmpj.startsWith("taskset -c 0,1 env MPIEXEC_TIMEOUT=900 mpiexec.hydra -n 2 -bind-to user:0,1 /jdk/bin/java "), openmpj);
        assertTrue(openmpj.contains(" -Dopenmpj.device=shm -cp "), openmpj);

        assertEquals("/usr/bin/mpirun.openmpi --allow-run-as-root -np 2 --map-by core --bind-to core --report-bindings "
            + "/opt/openmpj/bench/target/pingpong --max-bytes 4096 --repetitions 1 --batch-ms 30", String.join(" ", commands.openmpi()));
        assertEquals("env MPIEXEC_TIMEOUT=900 mpiexec.hydra -n 2 -bind-to core /opt/openmpj/bench/target/pingpong-mpich "
            + "--max-bytes 4096 --repetitions 1 --batch-ms 30", String.join(" ", commands.mpich()));

        assertEquals(Path.of("/tmp/pp").toAbsolutePath(),
            PingPongReport.parse(new String[] {"--device", "shm", "--native-mpich", "/tmp/pp"}).mpichBinary());
        assertEquals(8192, PingPongReport.parse(new String[] {"--device", "shm", "--eager-limit", "8192"}).run().eagerLimitBytes());
        final IllegalArgumentException oneCpu = assertThrows(IllegalArgumentException.class,
            () -> PingPongReport.parse(new String[] {"--device", "shm", "--cpus", "1"}));
        assertTrue(oneCpu.getMessage().contains("shm device's two processes"), oneCpu.getMessage());
        assertEquals("mpirun", PingPongReport.parse(new String[0]).run().mpirun(), "Open MPI's launcher unless the script names it");
    }

    @Test
    void aJobSetsTheEagerLimitOnlyWhenTheRunGaveOne()
    {
        for (final BenchDevice device : List.of(BenchDevice.THREAD, BenchDevice.SHM))
        {
            final String given = String.join(" ", new OpenMpjJob(HOME, Path.of("/jdk"), List.of(), device, 8192, "0,1").command(2, Object.class,
                List.of()));
            assertTrue(given.contains(" -D" + device.eagerLimitProperty() + "=8192 "), given);
            final String left = String.join(" ", new OpenMpjJob(HOME, Path.of("/jdk"), List.of(), device, -1, "0,1").command(2, Object.class,
                List.of()));
            assertFalse(left.contains(device.eagerLimitProperty()), left);
        }
    }

    @Test
    void processJobsStartUnderHydraWhileTheyFitTheCpusAndUnderMpjrunBeyond()
    {
        final OpenMpjJob thread = new OpenMpjJob(HOME, Path.of("/jdk"), List.of(), BenchDevice.THREAD, 4096, "0,1");
        assertEquals(List.of("taskset", "-c", "0,1", "/opt/openmpj/bin/mpjrun", "-np", "2", "-dev", "thread"),
            thread.command(2, Object.class, List.of()).subList(0, 8));
        assertEquals(OpenMpjJob.Launcher.HYDRA, OpenMpjJob.PROCESS_LAUNCHER);
        for (final BenchDevice device : List.of(BenchDevice.TCP, BenchDevice.SHM))
        {
            final OpenMpjJob job = new OpenMpjJob(HOME, Path.of("/jdk"), List.of(), device, 4096, "0-1");
            final List<String> fitting = job.command(2, Object.class, List.of("x"));
            assertTrue(String.join(" ", fitting).contains(" mpiexec.hydra -n 2 -bind-to user:0,1 "), fitting.toString());
            assertTrue(fitting.contains("-Dopenmpj.device=" + device.deviceName()), fitting.toString());
            assertTrue(fitting.contains("-D" + device.eagerLimitProperty() + "=4096"), fitting.toString());
            assertEquals(List.of("java.lang.Object", "x"), fitting.subList(fitting.size() - 2, fitting.size()));

            final List<String> beyond = job.command(3, Object.class, List.of("x"));
            assertFalse(beyond.contains("mpiexec.hydra"), beyond.toString());
            assertEquals(List.of("taskset", "-c", "0-1", "/opt/openmpj/bin/mpjrun", "-np", "3", "-dev", device.deviceName()),
                beyond.subList(0, 8));
            assertTrue(beyond.contains("-D" + device.eagerLimitProperty() + "=4096"), beyond.toString());
            assertEquals(List.of("java.lang.Object", "x"), beyond.subList(beyond.size() - 2, beyond.size()));
            assertTrue(job.placement().contains("mpiexec.hydra") && job.placement().contains("bin/mpjrun -dev " + device.deviceName()),
                job.placement());
        }
    }
}
