package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.BenchOptions;
import org.openmpj.transport.thread.ThreadDeviceProvider;

class BenchmarkCommandsTest
{
    private static final Path HOME = Path.of("/opt/openmpj");

    @Test
    void defaultsPinTheJvmsAndBindTheNativeRanks()
    {
        assertEquals(new BenchOptions(BenchOptions.DEFAULT_MAX_BYTES, ReportOptions.DEFAULT_REPETITIONS_PER_ROUND,
            BenchOptions.DEFAULT_BATCH_MILLIS), ReportOptions.parse(new String[0]).bench());
        final ReportOptions options = ReportOptions.parse(new String[] {"--home", HOME.toString(), "--repetitions", "3"});
        assertEquals(HOME.resolve("bench/results"), options.results());
        assertEquals(ThreadDeviceProvider.EAGER_LIMIT_DEFAULT, options.eagerLimitBytes());
        assertEquals(ReportOptions.DEFAULT_ROUNDS, options.rounds());
        assertEquals(new BenchOptions(BenchOptions.DEFAULT_MAX_BYTES, 3, BenchOptions.DEFAULT_BATCH_MILLIS), options.bench());

        final BenchmarkCommands commands = new BenchmarkCommands(options, Path.of("/jdk"), "-Xmx2g -XX:+UseParallelGC");
        final List<String> floor = commands.floor();
        assertEquals(List.of("taskset", "-c", "0,1", "/jdk/bin/java", "-Xmx2g", "-XX:+UseParallelGC", "-cp"), floor.subList(0, 7));
        assertTrue(floor.contains("org.openmpj.bench.ThreadFloor") && floor.contains("3"), floor.toString());

        final List<String> openmpj = commands.openmpj();
        assertEquals(List.of("taskset", "-c", "0,1", "/opt/openmpj/bin/mpjrun", "-np", "2"), openmpj.subList(0, 6));
        assertTrue(openmpj.contains("-Dopenmpj.thread.eagerLimit=" + ThreadDeviceProvider.EAGER_LIMIT_DEFAULT), openmpj.toString());
        assertTrue(openmpj.contains("org.openmpj.bench.PingPong"), openmpj.toString());

        final List<String> openmpi = commands.openmpi();
        assertTrue(String.join(" ", openmpi).startsWith("mpirun --allow-run-as-root -np 2 --map-by core --bind-to core"), openmpi.toString());
        assertTrue(openmpi.contains("/opt/openmpj/bench/target/pingpong"), openmpi.toString());

        assertEquals("/jdk", commands.environment().get("JAVA_HOME"));
        assertEquals("-Xmx2g -XX:+UseParallelGC", commands.environment().get("OPENMPJ_JVM_OPTS"));
    }

    @Test
    void theEagerLimitAndCoresCanBeChosen()
    {
        final ReportOptions options = ReportOptions.parse(new String[] {"--eager-limit", "4096", "--cpus", "2,3"});
        final BenchmarkCommands commands = new BenchmarkCommands(options, Path.of("/jdk"), " ");
        assertTrue(commands.openmpj().contains("-Dopenmpj.thread.eagerLimit=4096"));
        assertEquals(List.of("taskset", "-c", "2,3", "/jdk/bin/java", "-cp"), commands.floor().subList(0, 5));
        assertThrows(IllegalArgumentException.class, () -> ReportOptions.parse(new String[] {"--eager-limit", "-1"}));
        assertThrows(IllegalArgumentException.class, () -> ReportOptions.parse(new String[] {"--bogus", "1"}));
        assertThrows(IllegalArgumentException.class, () -> ReportOptions.parse(new String[] {"--rounds", "0"}));
        assertEquals(1, ReportOptions.parse(new String[] {"--rounds", "1"}).rounds());
    }
}
