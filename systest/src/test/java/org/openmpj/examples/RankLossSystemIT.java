package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Jobs of rank JVMs that survive lost ranks ({@code -Dopenmpj.job.surviveRankLoss=true}): what involves the dead rank fails
 * with {@code ERR_PROC_FAILED} on the ranks left, what does not goes on, and the job ends cleanly, naming the lost rank.
 */
@Timeout(120)
class RankLossSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"tcp", "shm"})
    void operationsThatInvolveALostRankFailAndTheOthersGoOn(final String device) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", device, "-Dopenmpj.job.surviveRankLoss=true",
            "-cp", Launch.testPrograms(), "org.openmpj.examples.RankLossPrograms$OperationsOnALostRank");
        assertEquals(0, run.exitCode(), run::toString);
        final String out = run.stdout();
        assertTrue(out.contains("rank 3: receive from any rank posted before the loss failed with ERR_PROC_FAILED: "), run::toString);
        assertTrue(out.contains("rank 0: receive from rank 2 failed with ERR_PROC_FAILED: "), run::toString);
        assertTrue(out.contains("rank 1 knows of lost ranks [2]"), run::toString);
        assertTrue(out.contains("rank 0 received 42 from any rank after the loss"), run::toString);
        for (final int rank : new int[] {0, 1, 3})
        {
            assertTrue(out.contains("rank " + rank + ": barrier failed with ERR_PROC_FAILED: "), run::toString);
            assertTrue(out.contains("rank " + rank + " finalized"), run::toString);
        }
        assertTrue(run.stderr().contains("mpjrun: lost rank 2 exited with code 7; the job went on without it"), run::toString);
    }

    @ParameterizedTest(name = "-dev {0}")
    @ValueSource(strings = {"tcp", "shm"})
    void withoutTheSettingALostRankStillEndsTheJob(final String device) throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", device,
            "-cp", Launch.testPrograms(), "org.openmpj.examples.RankLossPrograms$OperationsOnALostRank");
        assertNotEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("mpjrun: job failed: ") && run.stderr().contains("rank 2"), run::toString);
        assertTrue(!run.stdout().contains("finalized") && run.elapsed().toSeconds() < 30, run::toString);
    }
}
