package org.openmpj.cache.store;

import java.util.HashMap;
import java.util.Map;

/**
 * The memory tier: files as {@link CachedFile}s within a byte budget, evicted by a {@link ReplacementPolicy}. A file is
 * admitted when its load starts, so a request arriving while it loads finds it (one backing read for any number of
 * concurrent misses); an evicted file stays usable by whoever holds it. Thread-safe.
 */
public final class MemoryTier
{
    private final long capacityBytes;
    private final ReplacementPolicy<String> policy;
    private final Map<String, CachedFile> files = new HashMap<>();
    private final TierCounters counters = new TierCounters("memory");
    private long residentBytes;

    public MemoryTier(final long capacityBytes, final PolicyKind policy)
    {
        this.capacityBytes = capacityBytes;
        this.policy = policy.create(capacityBytes);
    }

    /** @return the file, counting a hit, or null, counting a miss. */
    public synchronized CachedFile lookup(final String path)
    {
        final CachedFile file = files.get(path);
        if (file == null)
        {
            counters.miss();
            return null;
        }
        counters.hit();
        policy.onHit(path);
        return file;
    }

    /** @return the file without counting a lookup, or null. */
    public synchronized CachedFile peek(final String path)
    {
        return files.get(path);
    }

    /** @return whether a file of {@code sizeBytes} can be held at all. */
    public boolean fits(final long sizeBytes)
    {
        return sizeBytes <= capacityBytes;
    }

    /**
     * Admits {@code file}, evicting others until the tier is within its budget.
     *
     * @return whether the file is resident afterwards (a policy may choose the newcomer itself as the victim).
     */
    public synchronized boolean admit(final CachedFile file)
    {
        if (!fits(file.sizeBytes()))
        {
            counters.rejected();
            return false;
        }
        final CachedFile previous = files.put(file.path(), file);
        if (previous != null)
        {
            residentBytes -= previous.sizeBytes();
            policy.remove(file.path());
        }
        policy.onAdmit(file.path(), file.sizeBytes());
        residentBytes += file.sizeBytes();
        counters.admitted();
        while (residentBytes > capacityBytes)
        {
            final String victim = policy.evict();
            if (victim == null)
            {
                break;
            }
            residentBytes -= files.remove(victim).sizeBytes();
            counters.evicted();
        }
        return files.get(file.path()) == file;
    }

    /** Drops {@code file} if it is still the one held for its path (it failed, or was found corrupt). */
    public synchronized void remove(final CachedFile file)
    {
        if (files.get(file.path()) == file)
        {
            files.remove(file.path());
            policy.remove(file.path());
            residentBytes -= file.sizeBytes();
        }
    }

    public synchronized long residentBytes()
    {
        return residentBytes;
    }

    public long capacityBytes()
    {
        return capacityBytes;
    }

    public TierCounters counters()
    {
        return counters;
    }
}
