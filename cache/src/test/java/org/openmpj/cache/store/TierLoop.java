package org.openmpj.cache.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * A byte-bounded tier reduced to its bookkeeping, as the real tiers drive a policy: a read of a resident key is a hit;
 * a read of another key admits it, then evicts until the resident bytes fit the capacity. Records the victims in order.
 *
 * @param <K> the key.
 */
final class TierLoop<K>
{
    private final ReplacementPolicy<K> policy;
    private final long capacityBytes;
    private final HashMap<K, Long> resident = new HashMap<>();
    private final List<K> victims;
    private long residentBytes;
    private long hits;
    private long misses;

    /**
     * @param policy the policy under test, empty.
     * @param capacityBytes the byte budget.
     * @param recordVictims whether to keep every victim (tests) or only count (long simulations).
     */
    TierLoop(final ReplacementPolicy<K> policy, final long capacityBytes, final boolean recordVictims)
    {
        this.policy = policy;
        this.capacityBytes = capacityBytes;
        this.victims = recordVictims ? new ArrayList<>() : null;
    }

    /** Reads {@code key} of {@code sizeBytes}. @return whether it was a hit. */
    boolean read(final K key, final long sizeBytes)
    {
        if (resident.containsKey(key))
        {
            hits++;
            policy.onHit(key);
            return true;
        }
        misses++;
        resident.put(key, sizeBytes);
        residentBytes += sizeBytes;
        policy.onAdmit(key, sizeBytes);
        while (residentBytes > capacityBytes)
        {
            final K victim = policy.evict();
            final Long size = resident.remove(victim);
            if (size == null)
            {
                throw new AssertionError("evicted " + victim + ", which is not resident");
            }
            residentBytes -= size;
            if (victims != null)
            {
                victims.add(victim);
            }
        }
        return false;
    }

    /** Drops {@code key}, resident or not, as a tier does with a corrupt entry. */
    void drop(final K key)
    {
        final Long size = resident.remove(key);
        if (size != null)
        {
            residentBytes -= size;
        }
        policy.remove(key);
    }

    /** Resets the hit and miss counts, to measure after a warm-up. */
    void resetCounts()
    {
        hits = 0;
        misses = 0;
    }

    long hits()
    {
        return hits;
    }

    long misses()
    {
        return misses;
    }

    int residentCount()
    {
        return resident.size();
    }

    boolean isResident(final K key)
    {
        return resident.containsKey(key);
    }

    List<K> victims()
    {
        return victims;
    }
}
