package org.openmpj.runtime;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

class JobStateTest
{
    @Test
    void aLostPeerFailsAJobThatDoesNotSurviveLostRanks()
    {
        final JobState job = new JobState();
        job.peerLost(2, "rank 2 died");
        final OpenMpjException failed = assertThrows(OpenMpjException.class, job::checkAlive);
        assertEquals(ErrorClass.ERR_PROC_FAILED, failed.errorClass());
        assertEquals("rank 2 died", failed.getMessage());
        assertEquals(0, job.lossCount());
        assertNull(job.lossOf(2));
    }

    @Test
    void aJobThatSurvivesLostRanksRecordsEachLossOnceAndStands()
    {
        final JobState job = new JobState(true);
        assertEquals(0, job.lossCount());
        job.peerLost(2, "rank 2 died");
        job.peerLost(2, "rank 2 is gone, as another rank saw it");
        job.peerLost(5, "rank 5 fell silent");
        assertDoesNotThrow(job::checkAlive);
        assertEquals(2, job.lossCount());
        assertEquals("rank 2 died", job.lossOf(2));
        assertEquals("rank 5 fell silent", job.lossOf(5));
        assertNull(job.lossOf(3));
        assertTrue(job.survivesRankLoss());
    }

    @Test
    void aJobThatSurvivesLostRanksStillFailsOnAFailureOfTheJob()
    {
        final JobState job = new JobState(true);
        job.fail(new JobState.Failure(1, "rank 1 called MPI.Abort with error code 3", null, 3));
        assertThrows(OpenMpjException.class, job::checkAlive);
    }
}
