package org.openmpj.cache.jobs;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

import org.openmpj.cache.Source;
import org.openmpj.cache.SourceFile;

/** A {@link Source} that counts how often each file is opened for reading. */
final class CountingSource implements Source
{
    private final Source source;
    private final Map<String, Integer> opens = new TreeMap<>();

    CountingSource(final Source source)
    {
        this.source = source;
    }

    synchronized Map<String, Integer> opens()
    {
        return new TreeMap<>(opens);
    }

    @Override
    public long sizeOf(final String path) throws IOException
    {
        return source.sizeOf(path);
    }

    @Override
    public SourceFile open(final String path) throws IOException
    {
        synchronized (this)
        {
            opens.merge(path, 1, Integer::sum);
        }
        return source.open(path);
    }

    @Override
    public String description()
    {
        return source.description();
    }

    @Override
    public void close() throws IOException
    {
        source.close();
    }
}
