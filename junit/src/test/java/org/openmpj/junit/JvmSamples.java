package org.openmpj.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import mpi.MPI;

/** Test classes whose ranks run as JVMs of their own, which {@link JvmRanksTest} runs through the JUnit platform. */
final class JvmSamples
{
    private JvmSamples()
    {
    }

    /** @return the process ids of every rank, in rank order, gathered from all of them. */
    private static long[] everyRanksProcess()
    {
        final long[] pids = new long[MPI.COMM_WORLD.Size()];
        MPI.COMM_WORLD.Allgather(new long[] {ProcessHandle.current().pid()}, 0, 1, MPI.LONG, pids, 0, 1, MPI.LONG);
        return pids;
    }

    /** Each rank is a process of its own, prints a line, and had its @BeforeEach run first. */
    static final class Passing
    {
        private int prepared;

        @BeforeEach
        void prepare()
        {
            prepared = 10 + MPI.COMM_WORLD.Rank();
        }

        @MpiTest(ranks = 2, devices = "shm")
        void everyRankIsAProcessOfItsOwn()
        {
            final int rank = MPI.COMM_WORLD.Rank();
            assertEquals(10 + rank, prepared);
            final long[] pids = everyRanksProcess();
            System.out.println("rank " + rank + " runs in process " + pids[rank]);
            assertTrue(pids[0] != pids[1], () -> "both ranks in process " + pids[0]);
        }
    }

    /** Rank 1 fails its assertion; the others then wait in a barrier that can never complete. */
    static final class FailingOnOneRank
    {
        @MpiTest(ranks = 3, devices = "shm")
        void rankOneDisagrees()
        {
            assertTrue(MPI.COMM_WORLD.Rank() != 1, "rank 1 sees something wrong");
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** A failure that cannot be serialized: a field of it cannot. */
    static final class UnserializableFailure extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        @SuppressWarnings("serial")
        private final Object unserializable = new Object();

        UnserializableFailure(final String message)
        {
            super(message);
        }

        @Override
        public String getMessage()
        {
            return super.getMessage() + " (holding " + unserializable.getClass().getSimpleName() + ")";
        }
    }

    /**
     * Rank 1 throws an exception that cannot be serialized, rank 2 halts its JVM with exit code 7 (no report); rank 0 waits
     * in a barrier. Rank 1 tells rank 2 it is past its last MPI call first: otherwise rank 2's end could fail a call of rank
     * 1's, whose error then only follows from rank 2's failure. Rank 2's receive, in turn, has the 300 ms a failing rank JVM
     * takes to print its failure before the others hear of it.
     */
    static final class FailingUnusually
    {
        @MpiTest(ranks = 3, devices = "shm")
        void ranksFailInWaysOfTheirOwn()
        {
            final int rank = MPI.COMM_WORLD.Rank();
            final int[] past = {rank};
            if (rank == 1)
            {
                MPI.COMM_WORLD.Send(past, 0, 1, MPI.INT, 2, 0);
                throw new UnserializableFailure("rank 1 cannot go on");
            }
            if (rank == 2)
            {
                MPI.COMM_WORLD.Recv(past, 0, 1, MPI.INT, 1, 0);
                Runtime.getRuntime().halt(7);
            }
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** Rank 1 aborts the job; rank 0 waits for it in a barrier. */
    static final class Aborting
    {
        @MpiTest(ranks = 2, devices = "shm")
        void rankOneAborts()
        {
            if (MPI.COMM_WORLD.Rank() == 1)
            {
                MPI.COMM_WORLD.Abort(3);
            }
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** Rank 0 sleeps far past the timeout; rank 1 waits for it in a barrier. */
    static final class Hanging
    {
        @MpiTest(ranks = 2, devices = "shm", timeoutSeconds = 3)
        void rankZeroNeverArrives() throws InterruptedException
        {
            if (MPI.COMM_WORLD.Rank() == 0)
            {
                Thread.sleep(3_600_000);
            }
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** On a class, on thread ranks and JVM ranks: every @Test method runs on both, each rank printing where it runs. */
    @MpiTest(ranks = 2, devices = {"thread", "shm"})
    static final class OnTheClass
    {
        private int size;

        @BeforeEach
        void prepare()
        {
            size = MPI.COMM_WORLD.Size();
        }

        @Test
        void everyRankSeesTwo()
        {
            assertEquals(2, size);
            System.out.println("everyRankSeesTwo on rank " + MPI.COMM_WORLD.Rank() + " of processes " + Arrays.toString(everyRanksProcess()));
        }

        @Test
        void anAllreduceSumsTheRanks()
        {
            final int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {MPI.COMM_WORLD.Rank()}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(0 + 1, sum[0]);
            System.out.println("anAllreduceSumsTheRanks on rank " + MPI.COMM_WORLD.Rank() + " of processes "
                + Arrays.toString(everyRanksProcess()));
        }
    }
}
