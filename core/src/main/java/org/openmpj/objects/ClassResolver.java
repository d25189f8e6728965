package org.openmpj.objects;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds classes by name with one rank's class loader, so that each thread rank gets instances of its own classes, and
 * remembers what it found: a class is looked up through the loader once per rank, not once per message. Loading
 * does not initialize a class. Thread-safe.
 */
final class ClassResolver
{
    private final ClassLoader loader;
    private final ConcurrentHashMap<String, Class<?>> found = new ConcurrentHashMap<>();

    ClassResolver(final ClassLoader loader)
    {
        this.loader = loader;
    }

    /** @throws MalformedObjectsException when the rank's loader cannot load a class of that name. */
    Class<?> resolve(final String name)
    {
        final Class<?> known = found.get(name);
        if (known != null)
        {
            return known;
        }
        try
        {
            final Class<?> type = Class.forName(name, false, loader);
            found.putIfAbsent(name, type);
            return type;
        }
        catch (final ClassNotFoundException | LinkageError ex)
        {
            throw new MalformedObjectsException("class " + name + " cannot be loaded by the receiving rank (" + ex + ")", ex);
        }
    }

    ClassLoader loader()
    {
        return loader;
    }
}
