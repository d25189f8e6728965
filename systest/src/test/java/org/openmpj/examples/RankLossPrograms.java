package org.openmpj.examples;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Programs of jobs that survive lost ranks ({@code -Dopenmpj.job.surviveRankLoss=true}), for the system tests. */
final class RankLossPrograms
{
    private RankLossPrograms()
    {
    }

    /**
     * Four ranks; rank 2's JVM dies after a barrier. Each rank left prints what the loss did to it: rank 3's receive from any
     * rank, posted before the loss, fails; rank 0's receive from rank 2 fails; rank 1 sends to rank 0 once it knows of the
     * loss, and rank 0 receives it from any rank; a barrier of the world fails on every rank left. Then they finalize.
     */
    public static final class OperationsOnALostRank
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            final int rank = MPI.COMM_WORLD.Rank();
            final int[] buf = new int[1];
            final Request early = rank == 3 ? MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 9) : null;
            MPI.COMM_WORLD.Barrier();
            if (rank == 2)
            {
                Runtime.getRuntime().halt(7);
            }
            if (rank == 3)
            {
                report(rank, "receive from any rank posted before the loss", () -> early.Wait());
            }
            if (rank == 0)
            {
                report(rank, "receive from rank 2", () -> MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 2, 0));
                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                System.out.println("rank 0 received " + buf[0] + " from any rank after the loss");
            }
            if (rank == 1)
            {
                final long deadline = System.nanoTime() + 30_000_000_000L;
                while (MPI.COMM_WORLD.Lost_ranks().length == 0 && System.nanoTime() < deadline)
                {
                    Thread.sleep(10);
                }
                System.out.println("rank 1 knows of lost ranks " + java.util.Arrays.toString(MPI.COMM_WORLD.Lost_ranks()));
                MPI.COMM_WORLD.Send(new int[] {42}, 0, 1, MPI.INT, 0, 1);
            }
            report(rank, "barrier", MPI.COMM_WORLD::Barrier);
            MPI.Finalize();
            System.out.println("rank " + rank + " finalized");
        }

        private static void report(final int rank, final String what, final Runnable operation)
        {
            try
            {
                operation.run();
                System.out.println("rank " + rank + ": " + what + " completed");
            }
            catch (final MPIException ex)
            {
                System.out.println("rank " + rank + ": " + what + " failed with " + (ex.getErrorClass() == MPI.ERR_PROC_FAILED
                    ? "ERR_PROC_FAILED" : "error class " + ex.getErrorClass()) + ": " + ex.getMessage());
            }
        }
    }
}
