package org.openmpj.cache.store;

import java.util.HashMap;

/**
 * What FIFO, LRU and SIEVE share: a map from key to entry and one queue of the resident entries, newest admitted at one
 * end. Each subclass decides what a hit does and which entry leaves. Not thread-safe.
 *
 * @param <K> the key.
 */
abstract sealed class SingleQueuePolicy<K> implements ReplacementPolicy<K> permits FifoPolicy, LruPolicy, SievePolicy
{
    final HashMap<K, PolicyEntry<K>> entries = new HashMap<>();
    final EntryQueue<K> queue = new EntryQueue<>();

    @Override
    public void onAdmit(final K key, final long sizeBytes)
    {
        final PolicyEntry<K> entry = new PolicyEntry<>(key, sizeBytes);
        final PolicyEntry<K> previous = entries.put(key, entry);
        if (previous != null)
        {
            // A key admitted twice would otherwise sit in the queue twice and be evicted twice.
            forget(previous);
        }
        queue.pushNewest(entry);
    }

    @Override
    public void remove(final K key)
    {
        final PolicyEntry<K> entry = entries.remove(key);
        if (entry != null)
        {
            forget(entry);
        }
    }

    @Override
    public int size()
    {
        return entries.size();
    }

    /** Takes {@code entry}, already out of the map, out of the queue and whatever else points at it. */
    void forget(final PolicyEntry<K> entry)
    {
        queue.unlink(entry);
    }

    /** Takes {@code entry} out of the map and the queue. @return its key, the victim. */
    final K evicted(final PolicyEntry<K> entry)
    {
        entries.remove(entry.key);
        forget(entry);
        return entry.key;
    }
}
