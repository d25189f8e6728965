package org.openmpj.cache.store;

/**
 * One key in a policy's queue: its size, its links to the neighbours that came before and after it, and the per-entry
 * state the policies keep (a visited bit, a small access counter, which queue holds it). Not thread-safe.
 *
 * @param <K> the key.
 */
final class PolicyEntry<K>
{
    final K key;
    final long sizeBytes;
    /** The neighbour admitted after this one (toward the newest end), or null. */
    PolicyEntry<K> newer;
    /** The neighbour admitted before this one (toward the oldest end), or null. */
    PolicyEntry<K> older;
    /** The queue that holds this entry, or null when it is in none. */
    EntryQueue<K> queue;
    boolean visited;
    int frequency;

    PolicyEntry(final K key, final long sizeBytes)
    {
        this.key = key;
        this.sizeBytes = sizeBytes;
    }
}
