package org.openmpj.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import mpi.MPI;

/** Test classes that {@link MpiTestExtensionTest} runs through the JUnit platform and judges by their outcomes. */
final class Samples
{
    private Samples()
    {
    }

    /**
     * A token goes round the ring of ranks, each adding its rank; @BeforeEach ran on every rank first. On tcp the ranks are
     * JVMs of their own.
     */
    static final class Passing
    {
        private int prepared;

        @BeforeEach
        void prepare()
        {
            prepared = 1 + MPI.COMM_WORLD.Rank();
        }

        @MpiTest(ranks = 3, devices = {"thread", "tcp"})
        void tokenGoesRound()
        {
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            assertEquals(3, size);
            assertEquals(rank + 1, prepared);
            final int[] token = {0};
            if (rank == 0)
            {
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 0);
                assertEquals(0 + 1 + 2, token[0]);
            }
            else
            {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 0);
                token[0] += rank;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 0);
            }
        }
    }

    /** Rank 2 fails its assertion; the others then wait in a barrier that can never complete. */
    static final class FailingOnOneRank
    {
        @MpiTest(ranks = 4)
        void rankTwoDisagrees()
        {
            assertTrue(MPI.COMM_WORLD.Rank() != 2, "rank 2 sees something wrong");
            MPI.COMM_WORLD.Barrier();
        }
    }

    /**
     * Ranks 1 and 3 fail on their own. Rank 3 tells rank 1 it is past its last MPI call first: otherwise rank 1's failure
     * could end the job while rank 3 is still in {@code MPI.Init}, whose error then only follows from rank 1's.
     */
    static final class FailingOnTwoRanks
    {
        @MpiTest(ranks = 4)
        void oddRanksDisagree()
        {
            final int rank = MPI.COMM_WORLD.Rank();
            final int[] here = {rank};
            if (rank == 3)
            {
                MPI.COMM_WORLD.Send(here, 0, 1, MPI.INT, 1, 0);
            }
            else if (rank == 1)
            {
                MPI.COMM_WORLD.Recv(here, 0, 1, MPI.INT, 3, 0);
            }
            assertTrue(rank % 2 == 0, "odd rank " + rank + " disagrees");
        }
    }

    /** Rank 1 aborts the job; the others wait for it in a barrier. */
    static final class Aborting
    {
        @MpiTest(ranks = 3)
        void rankOneAborts()
        {
            if (MPI.COMM_WORLD.Rank() == 1)
            {
                MPI.COMM_WORLD.Abort(3);
            }
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** Rank 0 sleeps far past the timeout; the others wait for it in a barrier. */
    static final class Hanging
    {
        @MpiTest(ranks = 3, timeoutSeconds = 2)
        void rankZeroNeverArrives() throws InterruptedException
        {
            if (MPI.COMM_WORLD.Rank() == 0)
            {
                Thread.sleep(3_600_000);
            }
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** On a class: every @Test method runs on the ranks. */
    @MpiTest(ranks = 3)
    static final class OnTheClass
    {
        @Test
        void everyRankSeesThree()
        {
            assertEquals(3, MPI.COMM_WORLD.Size());
        }

        @Test
        void anAllreduceSumsTheRanks()
        {
            final int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {MPI.COMM_WORLD.Rank()}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(0 + 1 + 2, sum[0]);
        }
    }

    /** The same 4-rank test several times, for how long one takes once the first has run. */
    static final class Repeated
    {
        @MpiTest(ranks = 4)
        void first()
        {
            MPI.COMM_WORLD.Barrier();
        }

        @MpiTest(ranks = 4)
        void second()
        {
            MPI.COMM_WORLD.Barrier();
        }

        @MpiTest(ranks = 4)
        void third()
        {
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** {@code @BeforeAll} and {@code @AfterAll} run on every rank, with MPI started, and not in JUnit's thread, where it is not. */
    @MpiTest(ranks = 3)
    static final class WithAllMethods
    {
        static final String AFTER_ALL_PREFIX = "openmpj.junit.test.afterAll.";
        private static int prepared = -1;

        @BeforeAll
        static void prepare()
        {
            prepared = 10 + MPI.COMM_WORLD.Rank();
        }

        @Test
        void seesItsOwnPreparation()
        {
            assertEquals(10 + MPI.COMM_WORLD.Rank(), prepared);
        }

        @AfterAll
        static void tidy()
        {
            System.setProperty(AFTER_ALL_PREFIX + MPI.COMM_WORLD.Rank(), "ran after " + prepared);
        }
    }
}
