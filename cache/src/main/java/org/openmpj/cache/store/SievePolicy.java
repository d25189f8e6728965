package org.openmpj.cache.store;

/**
 * SIEVE (Zhang et al., NSDI 2024): one FIFO queue, a visited bit per entry, and a hand. A read only sets the bit. To
 * evict, the hand walks from where it stopped toward the newest end, wrapping to the oldest, clearing set bits, and
 * evicts the first entry whose bit was clear; entries it passes keep their place, so new entries near the newest end
 * leave quickly unless read again. O(1) amortized per operation: each step of the hand clears a bit some read set.
 * Not thread-safe.
 *
 * @param <K> the key.
 */
final class SievePolicy<K> extends SingleQueuePolicy<K>
{
    /** The next entry the hand looks at, or null to start again from the oldest. */
    private PolicyEntry<K> hand;

    @Override
    public void onHit(final K key)
    {
        final PolicyEntry<K> entry = entries.get(key);
        if (entry != null)
        {
            entry.visited = true;
        }
    }

    @Override
    public K evict()
    {
        PolicyEntry<K> entry = hand != null ? hand : queue.oldest();
        if (entry == null)
        {
            return null;
        }
        // Ends within one lap: every entry passed has its bit cleared.
        while (entry.visited)
        {
            entry.visited = false;
            entry = entry.newer != null ? entry.newer : queue.oldest();
        }
        // Forgetting the victim moves the hand on to its newer neighbour.
        hand = entry;
        return evicted(entry);
    }

    @Override
    void forget(final PolicyEntry<K> entry)
    {
        if (entry == hand)
        {
            hand = entry.newer;
        }
        super.forget(entry);
    }
}
