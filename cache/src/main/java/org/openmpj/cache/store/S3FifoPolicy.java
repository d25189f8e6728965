package org.openmpj.cache.store;

import java.util.HashMap;

/**
 * S3-FIFO (Yang et al., SOSP 2023) counted in bytes: a small FIFO queue that new entries enter, a main FIFO queue, and
 * a ghost FIFO queue of keys recently evicted from the small one. A read raises the entry's counter, capped at 3. When
 * the small queue holds at least its share of the capacity, its oldest entry leaves: to the main queue if it was read
 * there, else out of the tier with its key kept in the ghost queue. Otherwise the main queue's oldest entry leaves if
 * its counter is zero, or goes back to the newest end with the counter lowered by one. A key found in the ghost queue
 * on admission enters the main queue directly. While the tier is filling and the small queue already holds its share,
 * new entries go straight to main, as the authors' current simulator (libCacheSim {@code S3FIFO.c}) does.
 *
 * <p>Shares, from {@code PolicySimulation}: the small queue keeps the paper's 10 %; the ghost remembers 10 % of the
 * capacity, not the paper's 90 %. On a cyclic scan of 1.25 times the capacity, a ghost that large readmits every key
 * that left the small queue one pass earlier into main, whose reinsertion order then degrades to FIFO (52 % hits after
 * the first pass, 55 % without the fill into main); a ghost shorter than that reuse distance lets main keep the 72 %
 * of the loop it filled with (72 % hits), and on the Zipf traces it also missed less (0.7084 against 0.7213 at 0.8 and
 * 1 %, 0.2490 against 0.2629 at 1.0 and 10 %). Entries read only once keep passing through the small queue without
 * disturbing main.
 *
 * <p>O(1) amortized per operation: each reinsertion spends one unit of a counter some read raised. Not thread-safe.
 *
 * @param <K> the key.
 */
final class S3FifoPolicy<K> implements ReplacementPolicy<K>
{
    static final int DEFAULT_SMALL_PERCENT = 10;
    static final int DEFAULT_GHOST_PERCENT = 10;
    private static final int MAX_FREQUENCY = 3;
    /** Reads in the small queue that earn a move to main: the first release's one (a later one asks for two). */
    private static final int MOVE_TO_MAIN_READS = 1;

    private final HashMap<K, PolicyEntry<K>> entries = new HashMap<>();
    private final HashMap<K, PolicyEntry<K>> ghosts = new HashMap<>();
    private final EntryQueue<K> small = new EntryQueue<>();
    private final EntryQueue<K> main = new EntryQueue<>();
    private final EntryQueue<K> ghost = new EntryQueue<>();
    private final long capacityBytes;
    private final long smallTargetBytes;
    private final long ghostCapacityBytes;

    /** @param capacityBytes the tier's byte budget, shared as {@link #DEFAULT_SMALL_PERCENT} and {@link #DEFAULT_GHOST_PERCENT}. */
    S3FifoPolicy(final long capacityBytes)
    {
        this(capacityBytes, DEFAULT_SMALL_PERCENT, DEFAULT_GHOST_PERCENT);
    }

    /**
     * @param capacityBytes the tier's byte budget.
     * @param smallPercent the small queue's share of it.
     * @param ghostPercent how many bytes of keys the ghost queue remembers, as a share of it.
     */
    S3FifoPolicy(final long capacityBytes, final int smallPercent, final int ghostPercent)
    {
        this.capacityBytes = capacityBytes;
        this.smallTargetBytes = percentOf(capacityBytes, smallPercent);
        this.ghostCapacityBytes = percentOf(capacityBytes, ghostPercent);
    }

    @Override
    public void onHit(final K key)
    {
        final PolicyEntry<K> entry = entries.get(key);
        if (entry != null && entry.frequency < MAX_FREQUENCY)
        {
            entry.frequency++;
        }
    }

    @Override
    public void onAdmit(final K key, final long sizeBytes)
    {
        final PolicyEntry<K> entry = new PolicyEntry<>(key, sizeBytes);
        final PolicyEntry<K> resident = entries.put(key, entry);
        if (resident != null)
        {
            resident.queue.unlink(resident);
        }
        final PolicyEntry<K> remembered = ghosts.remove(key);
        if (remembered != null)
        {
            ghost.unlink(remembered);
            main.pushNewest(entry);
        }
        else if (small.bytes() >= smallTargetBytes && small.bytes() + main.bytes() + sizeBytes <= capacityBytes)
        {
            main.pushNewest(entry);
        }
        else
        {
            small.pushNewest(entry);
        }
    }

    @Override
    public K evict()
    {
        // Ends: each pass either moves an entry from small to main (small shrinks) or spends one unit of a counter.
        while (!entries.isEmpty())
        {
            final boolean fromSmall = !small.isEmpty() && (small.bytes() >= smallTargetBytes || main.isEmpty());
            final PolicyEntry<K> oldest = fromSmall ? small.pollOldest() : main.pollOldest();
            if (fromSmall && oldest.frequency >= MOVE_TO_MAIN_READS)
            {
                oldest.frequency = 0;
                main.pushNewest(oldest);
            }
            else if (!fromSmall && oldest.frequency > 0)
            {
                oldest.frequency--;
                main.pushNewest(oldest);
            }
            else
            {
                entries.remove(oldest.key);
                if (fromSmall)
                {
                    remember(oldest);
                }
                return oldest.key;
            }
        }
        return null;
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
            ghost.unlink(remembered);
        }
    }

    @Override
    public int size()
    {
        return entries.size();
    }

    /** Keeps {@code evicted}'s key and size in the ghost queue, forgetting the oldest keys beyond its share. */
    private void remember(final PolicyEntry<K> evicted)
    {
        ghosts.put(evicted.key, evicted);
        ghost.pushNewest(evicted);
        while (ghost.bytes() > ghostCapacityBytes)
        {
            ghosts.remove(ghost.pollOldest().key);
        }
    }

    private static long percentOf(final long bytes, final int percent)
    {
        return bytes / 100 * percent + bytes % 100 * percent / 100;
    }
}
