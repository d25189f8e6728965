package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A task pool whose worker's JVM dies: the root's futures say so, naming the worker, and the job ends with nothing left. */
@Timeout(120)
class ExecutorWorkerDeathSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"tcp", "shm"})
    void tasksOnADeadWorkerFailNamingItAndTheJobEnds(final String device) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", device, "-cp", Launch.testPrograms(),
            "org.openmpj.examples.ExecutorSystemPrograms$WorkerDies");
        assertNotEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stdout().contains("lost: rank 2: task ") && run.stdout().contains(" was on rank 2 when the pool failed: "),
            run::toString);
        assertTrue(run.stdout().contains("tasks lost: "), run::toString);
        assertTrue(run.stderr().contains("mpjrun: job failed: rank 2"), run::toString);
        assertTrue(run.elapsed().toSeconds() < 30, run::toString);
        final Launch.Outcome left = Launch.run(Duration.ofSeconds(10), "pgrep", "-f", "ExecutorSystemPrograms\\$WorkerDies");
        assertEquals(1, left.exitCode(), () -> "rank JVMs left running: " + left.stdout());
    }
}
