package org.openmpj.cache.store;

/**
 * Least recently used: a read moves the entry to the newest end, and the entry at the oldest end leaves. A cyclic scan
 * of a set larger than the tier misses every time. O(1) per operation. Not thread-safe.
 *
 * @param <K> the key.
 */
final class LruPolicy<K> extends SingleQueuePolicy<K>
{
    @Override
    public void onHit(final K key)
    {
        final PolicyEntry<K> entry = entries.get(key);
        if (entry != null)
        {
            queue.moveToNewest(entry);
        }
    }

    @Override
    public K evict()
    {
        final PolicyEntry<K> oldest = queue.oldest();
        return oldest == null ? null : evicted(oldest);
    }
}
