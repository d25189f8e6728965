package org.openmpj.conformance;

import java.util.Arrays;

import mpi.MPI;
import mpi.Request;

import org.openmpj.testing.Check;

/** Programs for jobs run with {@code -Dopenmpj.progress=thread}: operations that complete while no rank calls into MPI. */
final class ProgressThreadPrograms
{
    private ProgressThreadPrograms()
    {
    }

    /**
     * A small and a large Iallreduce and an Ibarrier started, then every rank sleeps without any call into MPI; one Test
     * each then finds them complete (several steps each at more than two ranks, which nobody but the progress threads took).
     */
    public static final class CompleteWhileRanksSleep
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] mine = {rank + 1};
            final int[] sum = new int[1];
            final double[] big = new double[1 << 17];
            Arrays.fill(big, rank);
            final double[] bigSum = new double[big.length];
            final Request small = MPI.COMM_WORLD.Iallreduce(mine, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            final Request large = MPI.COMM_WORLD.Iallreduce(big, 0, bigSum, 0, big.length, MPI.DOUBLE, MPI.SUM);
            final Request barrier = MPI.COMM_WORLD.Ibarrier();
            Thread.sleep(1500);
            Check.that(small.Test() != null, "the small Iallreduce completed while the ranks slept");
            Check.that(large.Test() != null, "the 1 MiB Iallreduce completed while the ranks slept");
            Check.that(barrier.Test() != null, "the Ibarrier completed while the ranks slept");
            Check.equal(size * (size + 1L) / 2, sum[0], "sum");
            Check.that(bigSum[0] == size * (size - 1) / 2.0 && bigSum[big.length - 1] == bigSum[0], "large sum " + bigSum[0]);
            MPI.Finalize();
        }
    }
}
