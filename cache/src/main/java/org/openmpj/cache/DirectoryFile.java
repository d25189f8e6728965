package org.openmpj.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.LongAdder;

/**
 * A file opened by {@link DirectorySource}: positional reads on one {@link FileChannel}, which several threads may
 * issue at once. An interrupt of a reading thread closes the channel for all of them (a {@link FileChannel} rule).
 */
final class DirectoryFile implements SourceFile
{
    private final FileChannel channel;
    private final long sizeBytes;
    private final LongAdder bytesRead;

    DirectoryFile(final FileChannel channel, final long sizeBytes, final LongAdder bytesRead)
    {
        this.channel = channel;
        this.sizeBytes = sizeBytes;
        this.bytesRead = bytesRead;
    }

    @Override
    public long size()
    {
        return sizeBytes;
    }

    @Override
    public int read(final long position, final ByteBuffer destination) throws IOException
    {
        int total = 0;
        while (destination.hasRemaining())
        {
            final int read = channel.read(destination, position + total);
            if (read < 0)
            {
                break;
            }
            total += read;
        }
        bytesRead.add(total);
        return total;
    }

    @Override
    public void close() throws IOException
    {
        channel.close();
    }
}
