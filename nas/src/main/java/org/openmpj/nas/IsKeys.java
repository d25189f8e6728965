package org.openmpj.nas;

import java.util.Arrays;

/**
 * The steps of IS's ranking that need no messages, each on one process's keys: making the keys, sorting them into
 * buckets, choosing which buckets each process ranks, counting the keys a process received and placing them in order
 * by their counts. {@link IS} runs them between its collectives; they are apart so that each can be checked on its own.
 *
 * <p>Stateless; every method writes only the arrays it is given.
 */
final class IsKeys
{
    private IsKeys()
    {
    }

    /**
     * Makes {@code count} keys from NPB's generator, starting after {@code seed}: each key is
     * {@code floor(maxKey / 4 * (r1 + r2 + r3 + r4))} of the next four numbers, so keys lie in {@code [0, maxKey)}, bunched
     * towards the middle.
     */
    static void generate(final long seed, final int[] keys, final int count, final int maxKey)
    {
        final NpbRandom stream = new NpbRandom(seed, NpbRandom.MULTIPLIER);
        final int quarter = maxKey / 4;
        for (int i = 0; i < count; i++)
        {
            double sum = stream.next();
            sum += stream.next();
            sum += stream.next();
            sum += stream.next();
            keys[i] = (int) (quarter * sum);
        }
    }

    /**
     * The seed of the part {@code part} of {@code parts} equal parts of a stream of {@code total} numbers that starts
     * after {@code seed}: the state {@code part * total / parts} steps on.
     */
    static long partSeed(final long seed, final long total, final int parts, final int part)
    {
        return NpbRandom.multiply(NpbRandom.power(NpbRandom.MULTIPLIER, total / parts * part), seed);
    }

    /**
     * Counts {@code keys[0 .. count - 1]} per bucket (bucket {@code key >> shift}) into {@code bucketSizes}, which must
     * start at zero, and copies the keys into {@code bucketed} grouped by bucket, in ascending bucket order and in their
     * original order within a bucket. {@code bucketStarts} is scratch of one element per bucket.
     */
    static void sortIntoBuckets(final int[] keys, final int count, final int shift, final int buckets, final int[] bucketSizes,
                                final int[] bucketStarts, final int[] bucketed)
    {
        countPerBucket(keys, count, shift, bucketSizes);
        bucketStarts[0] = 0;
        for (int b = 1; b < buckets; b++)
        {
            bucketStarts[b] = bucketStarts[b - 1] + bucketSizes[b - 1];
        }
        scatterIntoBuckets(keys, count, shift, bucketStarts, bucketed);
    }

    // The two passes over the keys are methods of their own: called once per iteration, each runs compiled on the stack
    // (on-stack replacement) from its own loop, rather than the second pass trapping to the interpreter in code compiled
    // for the first one before the second had run.

    private static void countPerBucket(final int[] keys, final int count, final int shift, final int[] bucketSizes)
    {
        for (int i = 0; i < count; i++)
        {
            bucketSizes[keys[i] >> shift]++;
        }
    }

    private static void scatterIntoBuckets(final int[] keys, final int count, final int shift, final int[] bucketStarts,
                                           final int[] bucketed)
    {
        for (int i = 0; i < count; i++)
        {
            final int key = keys[i];
            bucketed[bucketStarts[key >> shift]++] = key;
        }
    }

    /**
     * Chooses the buckets each process ranks, as NPB does: walking the buckets in order, process {@code p}'s share ends
     * with the bucket where the running total of all processes' keys reaches {@code (p + 1) * keysPerProcess}. A process
     * that gets no bucket has the empty range {@code first = 1, last = 0}.
     *
     * @param totals         every process's keys per bucket, summed.
     * @param local          this process's keys per bucket.
     * @param keysPerProcess the keys each process made.
     * @param processes      the processes.
     * @param sendCounts     written: how many of this process's bucketed keys go to each process.
     * @param sendOffsets    written: where in the bucketed keys each process's part starts.
     * @param firstBuckets   written: the first bucket each process ranks.
     * @param lastBuckets    written: the last bucket each process ranks.
     */
    static void planRedistribution(final int[] totals, final int[] local, final int buckets, final int keysPerProcess,
                                   final int processes, final int[] sendCounts, final int[] sendOffsets, final int[] firstBuckets,
                                   final int[] lastBuckets)
    {
        long runningTotal = 0;
        int runningLocal = 0;
        int process = 0;
        int offset = 0;
        firstBuckets[0] = 0;
        for (int b = 0; b < buckets; b++)
        {
            runningTotal += totals[b];
            runningLocal += local[b];
            if (runningTotal >= (long) (process + 1) * keysPerProcess)
            {
                sendCounts[process] = runningLocal;
                sendOffsets[process] = offset;
                offset += runningLocal;
                if (process != 0)
                {
                    firstBuckets[process] = lastBuckets[process - 1] + 1;
                }
                lastBuckets[process] = b;
                process++;
                runningLocal = 0;
            }
        }
        for (; process < processes; process++)
        {
            sendCounts[process] = 0;
            sendOffsets[process] = offset;
            firstBuckets[process] = 1;
            lastBuckets[process] = 0;
        }
    }

    /**
     * Turns {@code keys[0 .. count - 1]}, all in {@code [minKey, maxKey]}, into cumulative counts: afterwards
     * {@code counts[v - minKey]} is how many of the keys are {@code <= v}, for every {@code v} in {@code [minKey, maxKey]}.
     */
    static void cumulativeCounts(final int[] keys, final int count, final int minKey, final int maxKey, final int[] counts)
    {
        final int range = maxKey - minKey + 1;
        Arrays.fill(counts, 0, range, 0);
        countPerKey(keys, count, minKey, counts);
        accumulate(counts, range);
    }

    private static void countPerKey(final int[] keys, final int count, final int minKey, final int[] counts)
    {
        for (int i = 0; i < count; i++)
        {
            counts[keys[i] - minKey]++;
        }
    }

    /** Turns {@code counts[0 .. length - 1]} into running totals. */
    private static void accumulate(final int[] counts, final int length)
    {
        for (int i = 1; i < length; i++)
        {
            counts[i] += counts[i - 1];
        }
    }

    /** @return how many keys are below {@code key}, from cumulative counts over {@code [minKey, ..]}; 0 below minKey. */
    static int countBelow(final int[] counts, final int minKey, final int key)
    {
        return key > minKey ? counts[key - 1 - minKey] : 0;
    }

    /**
     * Writes {@code keys[0 .. count - 1]} to {@code sorted} in ascending order, using the cumulative counts
     * {@link #cumulativeCounts} made of them (which this consumes: each ends as the count below its key).
     */
    static void placeInOrder(final int[] keys, final int count, final int minKey, final int[] counts, final int[] sorted)
    {
        for (int i = 0; i < count; i++)
        {
            final int key = keys[i];
            sorted[--counts[key - minKey]] = key;
        }
    }

    /** @return how many neighbouring pairs of {@code keys[0 .. count - 1]} are out of ascending order. */
    static int outOfOrder(final int[] keys, final int count)
    {
        int wrong = 0;
        for (int i = 1; i < count; i++)
        {
            if (keys[i - 1] > keys[i])
            {
                wrong++;
            }
        }
        return wrong;
    }
}
