package org.openmpj.nas;

import java.util.Arrays;
import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * NPB's IS kernel (integer sort): ranks {@code 2^n} integer keys ten times, as NPB's MPI version does. Each process makes
 * an equal share of the keys and sorts them into buckets; a sum-reduction of the bucket sizes tells every process which
 * run of buckets each process ranks; an all-to-all of the counts and an all-to-all-v of the keys move every key to the
 * process that ranks it, which counts its keys by value and accumulates the counts into ranks.
 *
 * <p>Each iteration first changes two keys, and then checks the ranks of five keys against NPB's values for the class
 * (partial verification). After the timed iterations the keys are put in order by their ranks and checked to be sorted,
 * also across neighbouring processes (full verification). The time reported is the slowest process's for the ten
 * iterations; Mop/s counts keys ranked. The process count must be a power of two (up to 128 for class S, 1024 else).
 *
 * <p>Usage: {@code mpjrun -np N -cp openmpj-nas.jar org.openmpj.nas.IS [S|W|A|B|C]}.
 */
public final class IS
{
    private static final int ITERATIONS = 10;
    private static final int TEST_KEYS = 5;
    private static final long SEED = 314_159_265L;
    private static final int NEIGHBOUR_TAG = 1000;

    private static final int BUCKETS = 0;
    private static final int BUCKET_SUM = 1;
    private static final int KEY_EXCHANGE = 2;
    private static final int COUNTING = 3;

    private final NpbClass problemClass;
    private final Problem problem;
    private final Intracomm comm;
    private final int rank;
    private final int processes;

    private final int totalKeys;
    private final int keysPerProcess;
    private final int maxKey;
    private final int buckets;
    private final int shift;

    private final int[] keys;
    private final int[] bucketed;
    private final int[] received;
    private final int[] bucketSizes;
    private final int[] bucketTotals;
    private final int[] bucketStarts;
    private final int[] firstBuckets;
    private final int[] lastBuckets;
    private final int[] sendCounts;
    private final int[] sendOffsets;
    private final int[] receiveCounts;
    private final int[] receiveOffsets;

    private final PhaseClock clock = new PhaseClock("bucket sort", "bucket-size sum", "key exchange", "counting");
    private int passedChecks;
    private int lastMinKey;
    private int lastLocalKeys;

    private IS(final NpbClass problemClass, final Intracomm comm)
    {
        this.problemClass = problemClass;
        this.problem = Problem.of(problemClass);
        this.comm = comm;
        this.rank = comm.Rank();
        this.processes = comm.Size();
        ProcessCount.requirePowerOfTwo("IS", processes, problemClass == NpbClass.S ? 128 : 1024);

        totalKeys = 1 << problem.totalKeysLog2;
        keysPerProcess = totalKeys / processes;
        maxKey = 1 << problem.maxKeyLog2;
        buckets = 1 << problem.bucketsLog2;
        shift = problem.maxKeyLog2 - problem.bucketsLog2;

        // NPB's room for the keys a process ranks, more than its share because the keys are not evenly spread.
        final int bufferSize;
        if (processes < 256)
        {
            bufferSize = 3 * keysPerProcess / 2;
        }
        else if (processes < 512)
        {
            bufferSize = 5 * keysPerProcess / 2;
        }
        else if (processes < 1024)
        {
            bufferSize = 4 * keysPerProcess;
        }
        else
        {
            bufferSize = 13 * keysPerProcess / 2;
        }
        keys = new int[bufferSize];
        // Also holds the counts over the key range this process ranks, which may be wider than its keys are many.
        bucketed = new int[Math.max(bufferSize, maxKey)];
        received = new int[bufferSize];
        bucketSizes = new int[buckets + TEST_KEYS];
        bucketTotals = new int[buckets + TEST_KEYS];
        bucketStarts = new int[buckets];
        firstBuckets = new int[processes];
        lastBuckets = new int[processes];
        sendCounts = new int[processes];
        sendOffsets = new int[processes];
        receiveCounts = new int[processes];
        receiveOffsets = new int[processes];
    }

    /** Runs IS for the class the first argument names (S when none) on every process of the job. */
    public static void main(final String[] args)
    {
        final String[] rest = MPI.Init(args);
        final NpbClass problemClass = NpbClass.fromArgs(rest);
        new IS(problemClass, MPI.COMM_WORLD).run();
        MPI.Finalize();
    }

    private void run()
    {
        if (rank == 0)
        {
            System.out.printf(Locale.ROOT, "%n NAS Parallel Benchmarks 3.4 -- IS Benchmark%n%n");
            System.out.printf(Locale.ROOT, " Size:  %d  (class %s)%n", totalKeys, problemClass);
            System.out.printf(Locale.ROOT, " Iterations:   %d%n", ITERATIONS);
            System.out.printf(Locale.ROOT, " Total number of processes:  %d%n%n", processes);
        }
        final long seed = IsKeys.partSeed(SEED, 4L * totalKeys, processes, rank);
        IsKeys.generate(seed, keys, keysPerProcess, maxKey);

        // One iteration untimed, as NPB does, so that the timed ones find code compiled and pages touched.
        rankKeys(1);
        passedChecks = 0;

        clock.reset();
        final double start = MPI.Wtime();
        for (int iteration = 1; iteration <= ITERATIONS; iteration++)
        {
            rankKeys(iteration);
        }
        final double[] time = {MPI.Wtime() - start};
        final double[] slowest = new double[1];
        comm.Reduce(time, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
        final double mySeconds = time[0];

        verifyOrder();
        final int[] passed = {passedChecks};
        final int[] allPassed = new int[1];
        comm.Reduce(passed, 0, allPassed, 0, 1, MPI.INT, MPI.SUM, 0);

        if (rank == 0)
        {
            final boolean verified = allPassed[0] == TEST_KEYS * ITERATIONS + processes;
            final double mops = (double) ITERATIONS * totalKeys / slowest[0] / 1.0e6;
            new NpbReport("IS", problemClass, Integer.toString(totalKeys), ITERATIONS, slowest[0], mops, processes, "keys ranked",
                verified).conclude(System.out);
        }
        clock.report(comm, "IS", mySeconds);
    }

    /** One ranking of all keys, with the partial verification of the five test keys. */
    private void rankKeys(final int iteration)
    {
        if (rank == 0)
        {
            keys[iteration] = iteration;
            keys[iteration + ITERATIONS] = maxKey - iteration;
        }
        Arrays.fill(bucketSizes, 0);
        // The test keys' values ride along in the bucket-size reduction, past the last bucket: 0 from every process but
        // the one holding the key.
        for (int i = 0; i < TEST_KEYS; i++)
        {
            final int index = problem.testIndex[i];
            if (index / keysPerProcess == rank)
            {
                bucketSizes[buckets + i] = keys[index % keysPerProcess];
            }
        }
        clock.start();
        IsKeys.sortIntoBuckets(keys, keysPerProcess, shift, buckets, bucketSizes, bucketStarts, bucketed);
        clock.stop(BUCKETS);

        clock.start();
        comm.Allreduce(bucketSizes, 0, bucketTotals, 0, buckets + TEST_KEYS, MPI.INT, MPI.SUM);
        clock.stop(BUCKET_SUM);
        clock.start();
        IsKeys.planRedistribution(bucketTotals, bucketSizes, buckets, keysPerProcess, processes, sendCounts, sendOffsets,
            firstBuckets, lastBuckets);
        comm.Alltoall(sendCounts, 0, 1, MPI.INT, receiveCounts, 0, 1, MPI.INT);
        receiveOffsets[0] = 0;
        for (int p = 1; p < processes; p++)
        {
            receiveOffsets[p] = receiveOffsets[p - 1] + receiveCounts[p - 1];
        }
        comm.Alltoallv(bucketed, 0, sendCounts, sendOffsets, MPI.INT, received, 0, receiveCounts, receiveOffsets, MPI.INT);
        clock.stop(KEY_EXCHANGE);

        final int minKey = firstBuckets[rank] << shift;
        final int maxKeyHere = ((lastBuckets[rank] + 1) << shift) - 1;
        long lesserKeys = 0;
        for (int p = 0; p < rank; p++)
        {
            for (int b = firstBuckets[p]; b <= lastBuckets[p]; b++)
            {
                lesserKeys += bucketTotals[b];
            }
        }
        int localKeys = 0;
        for (int b = firstBuckets[rank]; b <= lastBuckets[rank]; b++)
        {
            localKeys += bucketTotals[b];
        }
        clock.start();
        IsKeys.cumulativeCounts(received, localKeys, minKey, maxKeyHere, bucketed);
        clock.stop(COUNTING);

        for (int i = 0; i < TEST_KEYS; i++)
        {
            final int key = bucketTotals[buckets + i];
            if (minKey <= key && key <= maxKeyHere)
            {
                final long keyRank = IsKeys.countBelow(bucketed, minKey, key) + lesserKeys;
                if (keyRank == problem.expectedRank(i, iteration))
                {
                    passedChecks++;
                }
                else
                {
                    System.out.printf(Locale.ROOT, "Failed partial verification: iteration %d, process %d, test key %d, key rank %d%n",
                        iteration, rank, i, keyRank);
                }
            }
        }
        lastMinKey = minKey;
        lastLocalKeys = localKeys;
    }

    /**
     * NPB's full verification, untimed: puts this process's keys of the last iteration in order by their ranks, and
     * counts keys out of order, here and against the largest key of the process before.
     */
    private void verifyOrder()
    {
        IsKeys.placeInOrder(received, lastLocalKeys, lastMinKey, bucketed, keys);
        int wrong = IsKeys.outOfOrder(keys, lastLocalKeys);
        final int[] neighbourLargest = new int[1];
        Request request = null;
        if (rank > 0)
        {
            request = comm.Irecv(neighbourLargest, 0, 1, MPI.INT, rank - 1, NEIGHBOUR_TAG);
        }
        if (rank < processes - 1)
        {
            // A process that ranks no keys passes on a value below every key, so that the check after it cannot fail on it.
            final int[] largest = {lastLocalKeys > 0 ? keys[lastLocalKeys - 1] : -1};
            comm.Send(largest, 0, 1, MPI.INT, rank + 1, NEIGHBOUR_TAG);
        }
        if (request != null)
        {
            request.Wait();
            if (lastLocalKeys > 0 && neighbourLargest[0] > keys[0])
            {
                wrong++;
            }
        }
        if (wrong == 0)
        {
            passedChecks++;
        }
        else
        {
            System.out.printf(Locale.ROOT, "Process %d: full verification: %d keys out of order%n", rank, wrong);
        }
    }

    /**
     * A class's sizes and NPB's partial-verification data: the positions of five test keys in the whole key sequence,
     * their ranks, and how each rank moves from iteration to iteration ({@code rank + direction * (iteration - lag)}).
     */
    private record Problem(int totalKeysLog2, int maxKeyLog2, int bucketsLog2, int[] testIndex, int[] testRank, int[] direction,
                           int[] lag)
    {
        static Problem of(final NpbClass problemClass)
        {
            return switch (problemClass)
            {
                case S -> new Problem(16, 11, 9, new int[] {48427, 17148, 23627, 62548, 4431},
                    new int[] {0, 18, 346, 64917, 65463}, new int[] {1, 1, 1, -1, -1}, new int[] {0, 0, 0, 0, 0});
                case W -> new Problem(20, 16, 10, new int[] {357773, 934767, 875723, 898999, 404505},
                    new int[] {1249, 11698, 1039987, 1043896, 1048018}, new int[] {1, 1, -1, -1, -1}, new int[] {2, 2, 0, 0, 0});
                case A -> new Problem(23, 19, 10, new int[] {2112377, 662041, 5336171, 3642833, 4250760},
                    new int[] {104, 17523, 123928, 8288932, 8388264}, new int[] {1, 1, 1, -1, -1}, new int[] {1, 1, 1, 1, 1});
                case B -> new Problem(25, 21, 10, new int[] {41869, 812306, 5102857, 18232239, 26860214},
                    new int[] {33422937, 10244, 59149, 33135281, 99}, new int[] {-1, 1, 1, -1, 1}, new int[] {0, 0, 0, 0, 0});
                case C -> new Problem(27, 23, 10, new int[] {44172927, 72999161, 74326391, 129606274, 21736814},
                    new int[] {61147, 882988, 266290, 133997595, 133525895}, new int[] {1, 1, 1, -1, -1}, new int[] {0, 0, 0, 0, 0});
            };
        }

        long expectedRank(final int testKey, final int iteration)
        {
            return testRank[testKey] + (long) direction[testKey] * (iteration - lag[testKey]);
        }
    }
}
