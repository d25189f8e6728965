package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class IsKeysTest
{
    private static final long SEED = 314_159_265L;
    private static final int MAX_KEY = 1 << 11;
    private static final int SHIFT = 2;
    private static final int BUCKETS = MAX_KEY >> SHIFT;

    @Test
    void thePartsOfTheKeySequenceJoinIntoTheWhole()
    {
        final int total = 4096;
        final int[] whole = new int[total];
        IsKeys.generate(SEED, whole, total, MAX_KEY);
        final int parts = 4;
        final int[] joined = new int[total];
        for (int part = 0; part < parts; part++)
        {
            final int[] keys = new int[total / parts];
            IsKeys.generate(IsKeys.partSeed(SEED, 4L * total, parts, part), keys, keys.length, MAX_KEY);
            System.arraycopy(keys, 0, joined, part * keys.length, keys.length);
        }
        assertArrayEquals(whole, joined);
        for (final int key : whole)
        {
            assertTrue(key >= 0 && key < MAX_KEY, "key " + key);
        }
    }

    @Test
    void bucketsHoldTheSameKeysInBucketOrder()
    {
        final int[] keys = keys(5000);
        final int[] sizes = new int[BUCKETS];
        final int[] bucketed = new int[keys.length];
        IsKeys.sortIntoBuckets(keys, keys.length, SHIFT, BUCKETS, sizes, new int[BUCKETS], bucketed);
        for (int i = 1; i < bucketed.length; i++)
        {
            assertTrue(bucketed[i - 1] >> SHIFT <= bucketed[i] >> SHIFT, "position " + i);
        }
        assertEquals(keys.length, Arrays.stream(sizes).sum());
        assertArrayEquals(sorted(keys), sorted(bucketed));
    }

    @Test
    void ranksAreTheCountsOfSmallerKeysAndPlaceTheKeysInSortedOrder()
    {
        final int[] keys = keys(5000);
        final int minKey = 100;
        final int maxKey = MAX_KEY - 1;
        final int[] inRange = Arrays.stream(keys).filter(k -> k >= minKey).toArray();
        final int[] counts = new int[maxKey - minKey + 1];
        IsKeys.cumulativeCounts(inRange, inRange.length, minKey, maxKey, counts);
        for (int key = minKey; key <= maxKey; key++)
        {
            final int probe = key;
            final long below = Arrays.stream(inRange).filter(k -> k < probe).count();
            assertEquals(below, IsKeys.countBelow(counts, minKey, key), "key " + key);
        }
        final int[] placed = new int[inRange.length];
        IsKeys.placeInOrder(inRange, inRange.length, minKey, counts, placed);
        assertArrayEquals(sorted(inRange), placed);
        assertEquals(0, IsKeys.outOfOrder(placed, placed.length));
        final int swap = placed[10];
        placed[10] = placed[placed.length - 1];
        placed[placed.length - 1] = swap;
        assertTrue(IsKeys.outOfOrder(placed, placed.length) > 0);
    }

    /** IS's ranking on four simulated processes, the collectives done by hand: the processes end with the sorted keys. */
    @Test
    void redistributedAndRankedKeysAreTheSortedKeysInProcessOrder()
    {
        final int processes = 4;
        final int perProcess = 2048;
        final int[][] bucketed = new int[processes][perProcess];
        final int[][] sizes = new int[processes][BUCKETS];
        final int[] totals = new int[BUCKETS];
        final int[] all = new int[processes * perProcess];
        for (int p = 0; p < processes; p++)
        {
            final int[] keys = new int[perProcess];
            IsKeys.generate(IsKeys.partSeed(SEED, 4L * all.length, processes, p), keys, perProcess, MAX_KEY);
            System.arraycopy(keys, 0, all, p * perProcess, perProcess);
            IsKeys.sortIntoBuckets(keys, perProcess, SHIFT, BUCKETS, sizes[p], new int[BUCKETS], bucketed[p]);
            for (int b = 0; b < BUCKETS; b++)
            {
                totals[b] += sizes[p][b];
            }
        }
        final int[][] sendCounts = new int[processes][processes];
        final int[][] sendOffsets = new int[processes][processes];
        final int[] first = new int[processes];
        final int[] last = new int[processes];
        for (int p = 0; p < processes; p++)
        {
            IsKeys.planRedistribution(totals, sizes[p], BUCKETS, perProcess, processes, sendCounts[p], sendOffsets[p], first, last);
            assertEquals(perProcess, Arrays.stream(sendCounts[p]).sum());
        }
        assertEquals(0, first[0]);
        for (int p = 1; p < processes; p++)
        {
            assertEquals(last[p - 1] + 1, first[p], "process " + p + " starts after the one before it");
        }
        final int[] joined = new int[all.length];
        int at = 0;
        for (int p = 0; p < processes; p++)
        {
            final int[] received = new int[all.length];
            int count = 0;
            for (int from = 0; from < processes; from++)
            {
                System.arraycopy(bucketed[from], sendOffsets[from][p], received, count, sendCounts[from][p]);
                count += sendCounts[from][p];
            }
            final int minKey = first[p] << SHIFT;
            final int maxKey = ((last[p] + 1) << SHIFT) - 1;
            final int[] counts = new int[maxKey - minKey + 1];
            IsKeys.cumulativeCounts(received, count, minKey, maxKey, counts);
            final int[] placed = new int[count];
            IsKeys.placeInOrder(received, count, minKey, counts, placed);
            System.arraycopy(placed, 0, joined, at, count);
            at += count;
        }
        assertEquals(all.length, at);
        assertArrayEquals(sorted(all), joined);
    }

    private static int[] keys(final int count)
    {
        final int[] keys = new int[count];
        IsKeys.generate(SEED, keys, count, MAX_KEY);
        return keys;
    }

    private static int[] sorted(final int[] keys)
    {
        final int[] copy = keys.clone();
        Arrays.sort(copy);
        return copy;
    }
}
