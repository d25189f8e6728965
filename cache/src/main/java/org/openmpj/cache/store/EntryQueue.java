package org.openmpj.cache.store;

/**
 * An intrusive doubly linked queue of {@link PolicyEntry}s, newest at one end and oldest at the other, that counts its
 * entries and their bytes. Every operation is O(1). An entry is in at most one queue at a time. Not thread-safe.
 *
 * @param <K> the key.
 */
final class EntryQueue<K>
{
    private PolicyEntry<K> newest;
    private PolicyEntry<K> oldest;
    private int count;
    private long bytes;

    /** Puts {@code entry}, which is in no queue, at the newest end. */
    void pushNewest(final PolicyEntry<K> entry)
    {
        entry.queue = this;
        entry.older = newest;
        entry.newer = null;
        if (newest == null)
        {
            oldest = entry;
        }
        else
        {
            newest.newer = entry;
        }
        newest = entry;
        count++;
        bytes += entry.sizeBytes;
    }

    /** Takes {@code entry}, which is in this queue, out of it. */
    void unlink(final PolicyEntry<K> entry)
    {
        if (entry.older == null)
        {
            oldest = entry.newer;
        }
        else
        {
            entry.older.newer = entry.newer;
        }
        if (entry.newer == null)
        {
            newest = entry.older;
        }
        else
        {
            entry.newer.older = entry.older;
        }
        entry.newer = null;
        entry.older = null;
        entry.queue = null;
        count--;
        bytes -= entry.sizeBytes;
    }

    /** Moves {@code entry}, which is in this queue, to the newest end. */
    void moveToNewest(final PolicyEntry<K> entry)
    {
        if (entry != newest)
        {
            unlink(entry);
            pushNewest(entry);
        }
    }

    /** Takes the oldest entry out of this queue. @return it, or null when the queue is empty. */
    PolicyEntry<K> pollOldest()
    {
        final PolicyEntry<K> entry = oldest;
        if (entry != null)
        {
            unlink(entry);
        }
        return entry;
    }

    /** @return the oldest entry, or null when the queue is empty. */
    PolicyEntry<K> oldest()
    {
        return oldest;
    }

    boolean isEmpty()
    {
        return count == 0;
    }

    int count()
    {
        return count;
    }

    long bytes()
    {
        return bytes;
    }
}
