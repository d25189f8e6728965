package org.openmpj.cache.store;

import java.util.Iterator;
import java.util.LinkedHashMap;

import org.openmpj.cache.CacheException;

/** Interim: replaced by the measured policies. */
public enum PolicyKind
{
    LRU;

    public static final PolicyKind DEFAULT = LRU;

    public <K> ReplacementPolicy<K> create(final long capacityBytes)
    {
        return new ReplacementPolicy<K>()
        {
            private final LinkedHashMap<K, Long> order = new LinkedHashMap<>(16, 0.75f, true);

            @Override
            public void onHit(final K key)
            {
                order.get(key);
            }

            @Override
            public void onAdmit(final K key, final long sizeBytes)
            {
                order.put(key, sizeBytes);
            }

            @Override
            public K evict()
            {
                final Iterator<K> it = order.keySet().iterator();
                if (!it.hasNext())
                {
                    return null;
                }
                final K victim = it.next();
                it.remove();
                return victim;
            }

            @Override
            public void remove(final K key)
            {
                order.remove(key);
            }

            @Override
            public int size()
            {
                return order.size();
            }
        };
    }

    public static PolicyKind parse(final String name)
    {
        for (final PolicyKind kind : values())
        {
            if (kind.name().equalsIgnoreCase(name))
            {
                return kind;
            }
        }
        throw new CacheException(CacheException.Reason.CONFIG, "unknown policy '" + name + "': expected one of " + names());
    }

    public static String names()
    {
        return java.util.Arrays.toString(values());
    }
}
