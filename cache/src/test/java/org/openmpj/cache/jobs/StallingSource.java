package org.openmpj.cache.jobs;

import java.io.IOException;
import java.nio.ByteBuffer;

import org.openmpj.cache.Source;
import org.openmpj.cache.SourceFile;

/** A {@link Source} whose reads stall, as a hung network file system does: every read, or those from a given byte on. */
final class StallingSource implements Source
{
    private final Source source;
    private final long stallMs;
    private final long fromByte;

    StallingSource(final Source source, final long stallMs)
    {
        this(source, stallMs, 0);
    }

    StallingSource(final Source source, final long stallMs, final long fromByte)
    {
        this.source = source;
        this.stallMs = stallMs;
        this.fromByte = fromByte;
    }

    @Override
    public long sizeOf(final String path) throws IOException
    {
        return source.sizeOf(path);
    }

    @Override
    public SourceFile open(final String path) throws IOException
    {
        final SourceFile file = source.open(path);
        return new SourceFile()
        {
            @Override
            public long size()
            {
                return file.size();
            }

            @Override
            public int read(final long position, final ByteBuffer destination) throws IOException
            {
                if (position + destination.remaining() <= fromByte)
                {
                    return file.read(position, destination);
                }
                try
                {
                    Thread.sleep(stallMs);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while stalling", ex);
                }
                return file.read(position, destination);
            }

            @Override
            public void close() throws IOException
            {
                file.close();
            }
        };
    }

    @Override
    public String description()
    {
        return source.description() + " (stalling " + stallMs + " ms per read" + (fromByte > 0 ? " from byte " + fromByte : "") + ")";
    }

    @Override
    public void close() throws IOException
    {
        source.close();
    }
}
