package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A task pool whose worker's JVM dies: the root's futures say so, naming the worker, and the job ends with nothing left; or,
 * in a job that survives lost ranks, the pool goes on with the workers left.
 */
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

    @ParameterizedTest(name = "-dev {0}, {1}")
    @CsvSource({"tcp, RESUBMIT", "shm, FAIL"})
    void inAJobThatSurvivesLostRanksThePoolGoesOnWithTheWorkersLeft(final String device, final String policy) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", device, "-Dopenmpj.job.surviveRankLoss=true",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.ExecutorSystemPrograms$PoolOutlivesWorker", policy);
        assertEquals(0, run.exitCode(), run::toString);
        // Rank 2 dies in its first task, with one more of its two on the way: both fail, or both run on the others.
        final String tally = "RESUBMIT".equals(policy) ? "completed on ranks 1 and 3: 40, lost on rank 2: 0"
            : "completed on ranks 1 and 3: 38, lost on rank 2: 2";
        assertTrue(run.stdout().contains(tally + ", lost ranks: [2]"), run::toString);
        assertTrue("RESUBMIT".equals(policy) || run.stdout().contains(", which the job lost (its process died or exited)"), run::toString);
        for (final int rank : new int[] {0, 1, 3})
        {
            assertTrue(run.stdout().contains("rank " + rank + " finalized"), run::toString);
        }
        assertTrue(run.stderr().contains("mpjrun: lost rank 2 exited with code 9; the job went on without it"), run::toString);
    }
}
