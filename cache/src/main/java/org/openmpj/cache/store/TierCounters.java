package org.openmpj.cache.store;

import java.util.concurrent.atomic.LongAdder;

/** What one tier counts: lookups that hit and missed, bytes served, admissions, evictions and corrupt chunks. Thread-safe. */
public final class TierCounters
{
    private final String tier;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder bytesServed = new LongAdder();
    private final LongAdder admissions = new LongAdder();
    private final LongAdder rejectedAdmissions = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final LongAdder corruptChunks = new LongAdder();

    /** @param tier the tier's name in reports: "memory", "disk" or "backing". */
    public TierCounters(final String tier)
    {
        this.tier = tier;
    }

    public void hit()
    {
        hits.increment();
    }

    public void miss()
    {
        misses.increment();
    }

    public void served(final long bytes)
    {
        bytesServed.add(bytes);
    }

    public void admitted()
    {
        admissions.increment();
    }

    /** An entry the tier would not take (larger than the tier, or the tier could not write it). */
    public void rejected()
    {
        rejectedAdmissions.increment();
    }

    public void evicted()
    {
        evictions.increment();
    }

    public void corruptChunk()
    {
        corruptChunks.increment();
    }

    /** @return the counts at this moment. */
    public Snapshot snapshot()
    {
        return new Snapshot(tier, hits.sum(), misses.sum(), bytesServed.sum(), admissions.sum(), rejectedAdmissions.sum(),
            evictions.sum(), corruptChunks.sum());
    }

    /** The counts of one tier at one moment. */
    public record Snapshot(String tier, long hits, long misses, long bytesServed, long admissions, long rejectedAdmissions,
        long evictions, long corruptChunks)
    {
        /** @return hits over lookups, or 0 before the first lookup. */
        public double hitRatio()
        {
            final long lookups = hits + misses;
            return lookups == 0 ? 0.0 : (double) hits / lookups;
        }
    }
}
