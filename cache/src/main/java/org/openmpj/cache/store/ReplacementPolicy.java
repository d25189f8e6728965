package org.openmpj.cache.store;

/**
 * Decides which resident entry of a byte-bounded tier leaves next. The tier owns the byte budget: it admits an entry,
 * then asks for victims until the resident bytes fit its capacity. Not thread-safe: a tier calls its policy under its
 * own lock.
 *
 * @param <K> the key of an entry (a file's path).
 */
public interface ReplacementPolicy<K>
{
    /** Records a read of {@code key}, which is resident. */
    void onHit(K key);

    /** Records that {@code key}, which was not resident, now is, with {@code sizeBytes}. */
    void onAdmit(K key, long sizeBytes);

    /**
     * Chooses the entry to evict next and forgets it.
     *
     * @return the victim, or null when nothing is resident.
     */
    K evict();

    /** Forgets {@code key}, resident or not, removed for another reason (found corrupt, or replaced). */
    void remove(K key);

    /** @return how many entries are resident. */
    int size();
}
