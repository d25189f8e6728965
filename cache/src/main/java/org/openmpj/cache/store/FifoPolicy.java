package org.openmpj.cache.store;

/**
 * First in, first out: the entry admitted longest ago leaves first, whatever its reads. The baseline the others are
 * measured against. O(1) per operation. Not thread-safe.
 *
 * @param <K> the key.
 */
final class FifoPolicy<K> extends SingleQueuePolicy<K>
{
    @Override
    public void onHit(final K key)
    {
        // A read changes nothing: the order is the order of admission.
    }

    @Override
    public K evict()
    {
        final PolicyEntry<K> oldest = queue.oldest();
        return oldest == null ? null : evicted(oldest);
    }
}
