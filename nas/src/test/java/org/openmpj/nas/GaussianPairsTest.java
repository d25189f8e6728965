package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GaussianPairsTest
{
    @Test
    void theCountsAddUpToThePairsInTheUnitDiscOfOneUnbrokenStream()
    {
        final int batches = 3;
        final NpbRandom stream = new NpbRandom(GaussianPairs.SEED, NpbRandom.MULTIPLIER);
        long inDisc = 0;
        for (long pair = 0; pair < (long) batches * GaussianPairs.PAIRS_PER_BATCH; pair++)
        {
            final double x1 = 2.0 * stream.next() - 1.0;
            final double x2 = 2.0 * stream.next() - 1.0;
            if (x1 * x1 + x2 * x2 <= 1.0)
            {
                inDisc++;
            }
        }
        final GaussianPairs pairs = new GaussianPairs();
        pairs.addBatches(0, batches);
        final double[] counts = new double[GaussianPairs.ANNULI];
        pairs.copyAnnulusCounts(counts);
        double total = 0;
        for (final double count : counts)
        {
            total += count;
        }
        assertEquals(inDisc, total, 0.0);
    }

    @Test
    void batchesSplitOverPartsGiveTheCountsOfTheWhole()
    {
        final GaussianPairs whole = new GaussianPairs();
        whole.addBatches(0, 5);
        final GaussianPairs first = new GaussianPairs();
        first.addBatches(0, 2);
        final GaussianPairs rest = new GaussianPairs();
        rest.addBatches(2, 3);

        final double[] wholeCounts = new double[GaussianPairs.ANNULI];
        final double[] firstCounts = new double[GaussianPairs.ANNULI];
        final double[] restCounts = new double[GaussianPairs.ANNULI];
        whole.copyAnnulusCounts(wholeCounts);
        first.copyAnnulusCounts(firstCounts);
        rest.copyAnnulusCounts(restCounts);
        final double[] added = new double[GaussianPairs.ANNULI];
        for (int i = 0; i < added.length; i++)
        {
            added[i] = firstCounts[i] + restCounts[i];
        }
        assertArrayEquals(wholeCounts, added, 0.0);
        assertEquals(whole.sumX(), first.sumX() + rest.sumX(), 1e-12 * whole.sumX());
        assertEquals(whole.sumY(), first.sumY() + rest.sumY(), 1e-12 * whole.sumY());
    }

    @Test
    void classSInOnePieceGivesNpbsSumsAndPairCount()
    {
        final GaussianPairs pairs = new GaussianPairs();
        pairs.addBatches(0, 1L << (24 - GaussianPairs.BATCH_LOG2));
        final double[] counts = new double[GaussianPairs.ANNULI];
        pairs.copyAnnulusCounts(counts);
        double total = 0;
        for (final double count : counts)
        {
            total += count;
        }
        assertEquals(13_176_389.0, total, 0.0);
        assertEquals(1.051299420395306e+07, pairs.sumX(), 1e-8 * 1.051299420395306e+07);
        assertEquals(1.051517131857535e+07, pairs.sumY(), 1e-8 * 1.051517131857535e+07);
    }
}
