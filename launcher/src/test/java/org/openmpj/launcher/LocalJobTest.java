package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.LaunchEnvironment;

/** A local job of rank JVMs run from inside a program, with the test JVM's class path for the ranks'. */
@Timeout(60)
class LocalJobTest
{
    /** A program that never starts MPI: it prints a property and its rank, and halts with exit code 3 + its rank. */
    static final class Halting
    {
        private Halting()
        {
        }

        public static void main(final String[] args)
        {
            final int rank = Integer.parseInt(System.getenv(LaunchEnvironment.PMI_RANK_ENV_NAME));
            System.out.println("rank " + rank + " has " + System.getProperty("localjob.test"));
            System.out.flush();
            Runtime.getRuntime().halt(3 + rank);
        }
    }

    /** 2 rank JVMs that make no MPI call: about 0.2 s. */
    @Test
    void everyRankThatEndsWithAFailureIsAmongTheResultsRankFailures()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final JobSpec spec = new JobSpec(2, "tcp", List.of(), JobSpec.paths(System.getProperty("java.class.path")), Halting.class.getName(),
            List.of(), null);
        final JobResult result = LocalJob.run(spec, Path.of(System.getProperty("java.home"), "bin", "java"), Map.of("localjob.test", "a value"),
            true, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        final Map<Integer, String> failures = new TreeMap<>();
        for (final JobState.Failure failure : result.rankFailures())
        {
            failures.put(failure.rank(), failure.message() + " / " + failure.exitCode());
        }
        assertEquals(Map.of(0, "rank 0 exited with code 3 / 3", 1, "rank 1 exited with code 4 / 4"), failures);
        assertEquals(result.failure().exitCode(), result.exitCode());
        final String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("[0] rank 0 has a value\n") && printed.contains("[1] rank 1 has a value\n"), printed);
    }

    @Test
    void aDeviceWhoseRanksAreThreadsIsRefusedByName()
    {
        final JobSpec spec = new JobSpec(2, "thread", List.of(), List.of(), Halting.class.getName(), List.of(), null);
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> LocalJob.run(spec, Path.of("java"), Map.of(), false, System.out, System.err));
        assertTrue(refused.getMessage().startsWith("device 'thread' runs every rank as a thread of one JVM"), refused.getMessage());
    }
}
