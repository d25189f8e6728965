package org.openmpj.runtime;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader of one thread rank. It loads the user's classes and the {@code mpi} API itself, child
 * first, so static fields such as {@code MPI.COMM_WORLD} exist once per rank, as in separate JVMs. The
 * engine and transports (the classes that come from the same place as this one) and the JDK are shared
 * through the parent, so all ranks meet in one engine.
 */
final class RankClassLoader extends URLClassLoader
{
    static
    {
        registerAsParallelCapable();
    }

    private static final String CORE_LOCATION = coreLocation();

    private final int rank;

    RankClassLoader(final int rank, final URL[] urls, final ClassLoader parent)
    {
        super("openmpj-rank-" + rank, urls, parent);
        this.rank = rank;
    }

    int rank()
    {
        return rank;
    }

    @Override
    protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException
    {
        synchronized (getClassLoadingLock(name))
        {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null)
            {
                if (isShared(name))
                {
                    loaded = getParent().loadClass(name);
                }
                else
                {
                    try
                    {
                        loaded = findClass(name);
                    }
                    catch (final ClassNotFoundException notHere)
                    {
                        loaded = getParent().loadClass(name);
                    }
                }
            }
            if (resolve)
            {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    private boolean isShared(final String name)
    {
        if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
            || name.startsWith("sun.") || name.startsWith("com.sun."))
        {
            return true;
        }
        if (!name.startsWith("org.openmpj.") || CORE_LOCATION == null)
        {
            return false;
        }
        final URL fromParent = getParent().getResource(name.replace('.', '/') + ".class");
        return fromParent != null && fromParent.toString().contains(CORE_LOCATION);
    }

    private static String coreLocation()
    {
        final var source = RankClassLoader.class.getProtectionDomain().getCodeSource();
        return source == null || source.getLocation() == null ? null : source.getLocation().toString();
    }
}
