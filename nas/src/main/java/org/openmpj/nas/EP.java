package org.openmpj.nas;

import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;

/**
 * NPB's EP kernel ("embarrassingly parallel"): {@code 2^m} pairs of uniform random numbers become Gaussian deviates by
 * the polar method, and the kernel counts them in square annuli and sums them. The pairs come in batches of
 * {@link GaussianPairs#PAIRS_PER_BATCH}; as in NPB's MPI version each process takes a contiguous run of batches (the
 * first {@code batches % processes} processes one more), and three sum-reductions combine the two sums and the ten counts.
 * Any process count up to the number of batches runs.
 *
 * <p>The timed section is the generation and the reductions; the time reported is the slowest process's. Mop/s counts
 * the {@code 2^(m+1)} random numbers generated. The result is checked against NPB's sums and pair count for the class,
 * to NPB's relative tolerance of 1e-8.
 *
 * <p>Usage: {@code mpjrun -np N -cp openmpj-nas.jar org.openmpj.nas.EP [S|W|A|B|C]}.
 */
public final class EP
{
    private static final double EPSILON = 1.0e-8;

    private final NpbClass problemClass;
    private final Target target;
    private final Intracomm comm;
    private final int rank;
    private final int processes;

    private EP(final NpbClass problemClass, final Intracomm comm)
    {
        this.problemClass = problemClass;
        this.target = Target.of(problemClass);
        this.comm = comm;
        this.rank = comm.Rank();
        this.processes = comm.Size();
    }

    /** Runs EP for the class the first argument names (S when none) on every process of the job. */
    public static void main(final String[] args)
    {
        final String[] rest = MPI.Init(args);
        final NpbClass problemClass = NpbClass.fromArgs(rest);
        new EP(problemClass, MPI.COMM_WORLD).run();
        MPI.Finalize();
    }

    private void run()
    {
        final long batches = 1L << (target.log2Pairs - GaussianPairs.BATCH_LOG2);
        if (processes > batches)
        {
            throw new IllegalArgumentException("EP class " + problemClass + " has " + batches + " batches of random pairs,"
                + " fewer than the " + processes + " processes; run it on at most " + batches);
        }
        final long randoms = 1L << (target.log2Pairs + 1);
        if (rank == 0)
        {
            System.out.printf(Locale.ROOT, "%n NAS Parallel Benchmarks 3.4 -- EP Benchmark%n%n");
            System.out.printf(Locale.ROOT, " Number of random numbers generated: %15d  (class %s)%n", randoms, problemClass);
            System.out.printf(Locale.ROOT, " Total number of processes:          %15d%n%n", processes);
        }
        final long share = batches / processes;
        final long larger = batches % processes;
        final long myBatches = share + (rank < larger ? 1 : 0);
        final long firstBatch = rank * share + Math.min(rank, larger);

        final GaussianPairs pairs = new GaussianPairs();
        final double[] local = new double[GaussianPairs.ANNULI];
        final double[] total = new double[GaussianPairs.ANNULI];
        final double[] counts = new double[GaussianPairs.ANNULI];

        comm.Barrier();
        final double start = MPI.Wtime();
        pairs.addBatches(firstBatch, myBatches);
        local[0] = pairs.sumX();
        comm.Allreduce(local, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
        final double sumX = total[0];
        local[0] = pairs.sumY();
        comm.Allreduce(local, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
        final double sumY = total[0];
        pairs.copyAnnulusCounts(local);
        comm.Allreduce(local, 0, counts, 0, GaussianPairs.ANNULI, MPI.DOUBLE, MPI.SUM);
        double gaussianPairs = 0;
        for (final double count : counts)
        {
            gaussianPairs += count;
        }
        local[0] = MPI.Wtime() - start;
        comm.Allreduce(local, 0, total, 0, 1, MPI.DOUBLE, MPI.MAX);
        final double seconds = total[0];

        if (rank == 0)
        {
            final boolean verified = target.verifies(sumX, sumY, gaussianPairs);
            System.out.printf(Locale.ROOT, "EP Benchmark Results:%n%nCPU Time = %10.3f%nN = 2^%5d%n", seconds, target.log2Pairs);
            System.out.printf(Locale.ROOT, "No. Gaussian Pairs = %15.0f%nSums = %25.15e %25.15e%nCounts:%n", gaussianPairs, sumX, sumY);
            for (int annulus = 0; annulus < GaussianPairs.ANNULI; annulus++)
            {
                System.out.printf(Locale.ROOT, "%3d%15.0f%n", annulus, counts[annulus]);
            }
            System.out.println();
            final double mops = randoms / seconds / 1.0e6;
            new NpbReport("EP", problemClass, Long.toString(randoms), 0, seconds, mops, processes, "Random numbers generated",
                verified).conclude(System.out);
        }
    }

    /**
     * A class's problem size and NPB's verification values for it.
     *
     * @param log2Pairs the log2 of the pairs generated (NPB's {@code m}).
     * @param sumX      NPB's sum of {@code |X|}.
     * @param sumY      NPB's sum of {@code |Y|}.
     * @param pairs     NPB's count of Gaussian pairs.
     */
    private record Target(int log2Pairs, double sumX, double sumY, double pairs)
    {
        static Target of(final NpbClass problemClass)
        {
            return switch (problemClass)
            {
                case S -> new Target(24, 1.051299420395306e+07, 1.051517131857535e+07, 13_176_389.0);
                case W -> new Target(25, 2.102505525182392e+07, 2.103162209578822e+07, 26_354_769.0);
                case A -> new Target(28, 1.682235632304711e+08, 1.682195123368299e+08, 210_832_767.0);
                case B -> new Target(30, 6.728927543423024e+08, 6.728951822504275e+08, 843_345_606.0);
                case C -> new Target(32, 2.691444083862931e+09, 2.691519118724585e+09, 3_373_275_903.0);
            };
        }

        /** NPB's test: each sum and the pair count within a relative 1e-8 of the reference, NaN failing. */
        boolean verifies(final double actualX, final double actualY, final double actualPairs)
        {
            return close(actualX, sumX) && close(actualY, sumY) && close(actualPairs, pairs);
        }

        private static boolean close(final double actual, final double expected)
        {
            final double error = Math.abs((actual - expected) / expected);
            return error <= EPSILON;
        }
    }
}
