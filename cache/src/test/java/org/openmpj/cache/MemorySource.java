package org.openmpj.cache;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** A {@link Source} over byte arrays, counting the bytes read from it. */
final class MemorySource implements Source
{
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final LongAdder bytesRead = new LongAdder();

    MemorySource put(final String path, final byte[] content)
    {
        files.put(path, content);
        return this;
    }

    long bytesRead()
    {
        return bytesRead.sum();
    }

    @Override
    public long sizeOf(final String path)
    {
        final byte[] content = files.get(path);
        return content == null ? -1 : content.length;
    }

    @Override
    public SourceFile open(final String path)
    {
        final byte[] content = files.get(path);
        if (content == null)
        {
            throw new CacheException(CacheException.Reason.NOT_FOUND, "'" + path + "' is not in memory");
        }
        return new SourceFile()
        {
            @Override
            public long size()
            {
                return content.length;
            }

            @Override
            public int read(final long position, final ByteBuffer destination)
            {
                final int length = (int) Math.max(0, Math.min(destination.remaining(), content.length - position));
                destination.put(content, (int) position, length);
                bytesRead.add(length);
                return length;
            }

            @Override
            public void close()
            {
            }
        };
    }

    @Override
    public String description()
    {
        return "memory";
    }

    @Override
    public void close()
    {
    }
}
