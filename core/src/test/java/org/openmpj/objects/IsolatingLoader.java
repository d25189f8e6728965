package org.openmpj.objects;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

/** Defines the named classes itself, from its parent's class files, as a thread rank's loader does for program classes. */
final class IsolatingLoader extends ClassLoader
{
    private final Set<String> own;

    IsolatingLoader(final ClassLoader parent, final String... own)
    {
        super(parent);
        this.own = Set.of(own);
    }

    @Override
    protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException
    {
        if (!own.contains(name))
        {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name))
        {
            final Class<?> loaded = findLoadedClass(name);
            if (loaded != null)
            {
                return loaded;
            }
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class"))
            {
                if (in == null)
                {
                    throw new ClassNotFoundException(name);
                }
                final byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            }
            catch (final IOException ex)
            {
                throw new ClassNotFoundException(name, ex);
            }
        }
    }
}
