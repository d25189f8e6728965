package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;

import mpi.MPI;
import org.openmpj.executor.MpiExecutor;
import org.openmpj.junit.MpiTest;

/** The examples' MPI code tested inside JUnit: on ranks that are threads of the test JVM, and the ring also on shm rank JVMs. */
class RingTest
{
    @MpiTest(ranks = 4, devices = {"thread", "shm"})
    void theTokenComesBackOncePerRankAndLap()
    {
        final int token = Ring.circulate(3);
        if (MPI.COMM_WORLD.Rank() == 0)
        {
            assertEquals(3 * 4, token);
        }
    }

    @MpiTest(ranks = 3)
    void aTaskPoolRunsItsTasksOnTheOtherRanks() throws Exception
    {
        try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
        {
            if (pool.isRoot())
            {
                assertEquals(2, pool.workers());
                final int ranAt = pool.submit(() -> MPI.COMM_WORLD.Rank()).get(30, TimeUnit.SECONDS);
                assertEquals(true, ranAt == 1 || ranAt == 2, "a worker ran the task, not rank " + ranAt);
            }
        }
    }
}
