package org.openmpj.cache.store;

import java.util.HashMap;

/**
 * ARC (Megiddo and Modha, FAST 2003) counted in bytes. Resident entries read once are in T1, those read again in T2,
 * both in LRU order; B1 and B2 remember the keys (and sizes) last evicted from each. The target {@code p} is how many
 * bytes T1 should hold: a miss that finds its key in B1 says T1 was too small and raises it, one found in B2 lowers it,
 * each by the entry's size times the ratio of the other ghost list's bytes to this one's (at least once the size).
 * Eviction takes T1's least recent entry while T1 holds more than {@code p} bytes, else T2's. The ghost lists are cut so
 * that T1 and B1 together remember at most the capacity and all four at most twice it. O(1) amortized per operation.
 * Not thread-safe.
 *
 * @param <K> the key.
 */
final class ArcPolicy<K> implements ReplacementPolicy<K>
{
    private final HashMap<K, PolicyEntry<K>> entries = new HashMap<>();
    private final HashMap<K, PolicyEntry<K>> ghosts = new HashMap<>();
    private final EntryQueue<K> t1 = new EntryQueue<>();
    private final EntryQueue<K> t2 = new EntryQueue<>();
    private final EntryQueue<K> b1 = new EntryQueue<>();
    private final EntryQueue<K> b2 = new EntryQueue<>();
    private final long capacityBytes;
    private long targetT1Bytes;
    /** Whether the last admission came from B2: ARC's tie-break then favours evicting from T1. */
    private boolean lastAdmitFromB2;

    /** @param capacityBytes the tier's byte budget, which bounds the target and the ghost lists. */
    ArcPolicy(final long capacityBytes)
    {
        this.capacityBytes = capacityBytes;
    }

    @Override
    public void onHit(final K key)
    {
        final PolicyEntry<K> entry = entries.get(key);
        if (entry != null)
        {
            entry.queue.unlink(entry);
            t2.pushNewest(entry);
        }
    }

    @Override
    public void onAdmit(final K key, final long sizeBytes)
    {
        final PolicyEntry<K> resident = entries.remove(key);
        if (resident != null)
        {
            resident.queue.unlink(resident);
        }
        final PolicyEntry<K> entry = new PolicyEntry<>(key, sizeBytes);
        entries.put(key, entry);
        final PolicyEntry<K> remembered = ghosts.remove(key);
        lastAdmitFromB2 = remembered != null && remembered.queue == b2;
        if (remembered == null)
        {
            t1.pushNewest(entry);
        }
        else
        {
            if (remembered.queue == b1)
            {
                targetT1Bytes = Math.min(capacityBytes, targetT1Bytes + step(sizeBytes, b2.bytes(), b1.bytes()));
            }
            else
            {
                targetT1Bytes = Math.max(0, targetT1Bytes - step(sizeBytes, b1.bytes(), b2.bytes()));
            }
            remembered.queue.unlink(remembered);
            t2.pushNewest(entry);
        }
        trimGhosts();
    }

    @Override
    public K evict()
    {
        if (entries.isEmpty())
        {
            return null;
        }
        final long t1Bytes = t1.bytes();
        final boolean fromT1 = !t1.isEmpty()
            && (t1Bytes > targetT1Bytes || (lastAdmitFromB2 && t1Bytes == targetT1Bytes) || t2.isEmpty());
        final PolicyEntry<K> victim = fromT1 ? t1.pollOldest() : t2.pollOldest();
        entries.remove(victim.key);
        ghosts.put(victim.key, victim);
        (fromT1 ? b1 : b2).pushNewest(victim);
        return victim.key;
    }

    @Override
    public void remove(final K key)
    {
        final PolicyEntry<K> entry = entries.remove(key);
        if (entry != null)
        {
            entry.queue.unlink(entry);
        }
        final PolicyEntry<K> remembered = ghosts.remove(key);
        if (remembered != null)
        {
            remembered.queue.unlink(remembered);
        }
    }

    @Override
    public int size()
    {
        return entries.size();
    }

    /** @return the change to the target after a ghost hit: {@code sizeBytes} times the other list over this one, at least 1. */
    private long step(final long sizeBytes, final long otherGhostBytes, final long thisGhostBytes)
    {
        final long ratio = thisGhostBytes == 0 ? 1 : Math.max(1, otherGhostBytes / thisGhostBytes);
        return sizeBytes == 0 || ratio <= capacityBytes / sizeBytes ? ratio * sizeBytes : capacityBytes;
    }

    private void trimGhosts()
    {
        while (!b1.isEmpty() && t1.bytes() + b1.bytes() > capacityBytes)
        {
            ghosts.remove(b1.pollOldest().key);
        }
        while (!b2.isEmpty() && t1.bytes() + t2.bytes() + b1.bytes() + b2.bytes() > 2 * capacityBytes)
        {
            ghosts.remove(b2.pollOldest().key);
        }
    }
}
