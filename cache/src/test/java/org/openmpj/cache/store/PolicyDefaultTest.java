package org.openmpj.cache.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openmpj.cache.CacheException;

/**
 * The default policy meets the goals it was chosen for, on the simulation's seeded traces: counts of hits and misses,
 * the same on every run, never timings.
 */
class PolicyDefaultTest
{
    @Test
    void theDefaultHitsAtLeast70PercentOfACyclicScanOfOneAndAQuarterTimesTheCapacity()
    {
        final double hitRatio = PolicySimulation.cyclicHitRatio(PolicySimulation.of(PolicyKind.DEFAULT));
        assertTrue(hitRatio >= 0.70, "hit ratio " + hitRatio);
        assertEquals(0.0, PolicySimulation.cyclicHitRatio(PolicySimulation.of(PolicyKind.LRU)));
        assertEquals(0.0, PolicySimulation.cyclicHitRatio(PolicySimulation.of(PolicyKind.FIFO)));
    }

    @Test
    void theDefaultMissesAtLeast10PercentLessThanLruOnZipfTraces()
    {
        for (final double exponent : PolicySimulation.ZIPF_EXPONENTS)
        {
            final ZipfTrace trace = new ZipfTrace(PolicySimulation.ZIPF_FILES, exponent, PolicySimulation.ZIPF_SEED);
            for (final double capacityPercent : PolicySimulation.ZIPF_CAPACITY_PERCENTS)
            {
                final double lru = PolicySimulation.zipfMissRatio(PolicySimulation.of(PolicyKind.LRU), trace, capacityPercent,
                    PolicySimulation.ZIPF_REQUESTS);
                final double chosen = PolicySimulation.zipfMissRatio(PolicySimulation.of(PolicyKind.DEFAULT), trace,
                    capacityPercent, PolicySimulation.ZIPF_REQUESTS);
                assertTrue(chosen <= 0.9 * lru,
                    "zipf " + exponent + " at " + capacityPercent + "%: miss " + chosen + " against LRU's " + lru);
            }
        }
    }

    @Test
    void parseTakesAnyCaseAndNamesTheChoicesWhenTheNameIsUnknown()
    {
        assertEquals(PolicyKind.S3FIFO, PolicyKind.parse("s3fifo"));
        assertEquals(PolicyKind.SIEVE, PolicyKind.parse("Sieve"));
        final CacheException e = assertThrows(CacheException.class, () -> PolicyKind.parse("clock"));
        assertEquals(CacheException.Reason.CONFIG, e.reason());
        assertTrue(e.getMessage().contains("'clock'") && e.getMessage().contains("[FIFO, LRU, SIEVE, S3FIFO, ARC]"), e.getMessage());
    }
}
