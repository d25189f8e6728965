package org.openmpj.cache.store;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * One file held by the {@link DiskTier}, open for reading chunk by chunk, each checked against the CRC32C recorded when
 * it was written. Returned by {@link DiskTier#lookup} and owned by the caller, who closes it. Several threads may read
 * one entry at once; an interrupt of a reading thread closes it for all of them (a {@link FileChannel} rule). The entry
 * stays readable after the tier evicts or replaces it.
 */
public final class DiskEntry implements Closeable
{
    private final DiskTier tier;
    private final DiskEntryDescriptor.Header header;
    private final FileChannel channel;

    DiskEntry(final DiskTier tier, final DiskEntryDescriptor.Header header, final FileChannel channel)
    {
        this.tier = tier;
        this.header = header;
        this.channel = channel;
    }

    /** @return the path of the file. */
    public String path()
    {
        return header.path();
    }

    /** @return the file's size in bytes. */
    public long size()
    {
        return header.sizeBytes();
    }

    /** @return how many chunks the file has. */
    public int chunkCount()
    {
        return header.chunkCount();
    }

    /** @return the size of every chunk but the last. */
    public int chunkBytes()
    {
        return header.chunkBytes();
    }

    /** @return the CRC32C chunk {@code index} has when it is sound. */
    public int chunkCrc(final int index)
    {
        return header.crcs()[index];
    }

    /**
     * Reads chunk {@code index} into {@code destination} from its position, which advances by the chunk's length, and
     * checks it; counts the bytes served or the corrupt chunk.
     *
     * @param destination with room for the chunk ({@link Chunks#length}).
     * @return the chunk's length.
     * @throws CorruptChunkException when the chunk's bytes fail their check; {@code destination}'s position is then
     *         where it was, and {@link #rewriteChunk} can heal the chunk.
     */
    public int readChunk(final int index, final ByteBuffer destination) throws IOException
    {
        final int length = Chunks.length(header.sizeBytes(), header.chunkBytes(), index);
        if (destination.remaining() < length)
        {
            throw new IllegalArgumentException("chunk " + index + " of '" + header.path() + "' is " + length + " bytes; the buffer has room for "
                + destination.remaining());
        }
        final int start = destination.position();
        final int limit = destination.limit();
        destination.limit(start + length);
        final long position = header.dataOffset() + (long) index * header.chunkBytes();
        try
        {
            while (destination.hasRemaining())
            {
                if (channel.read(destination, position + destination.position() - start) < 0)
                {
                    // The file is shorter than its header says: as damaged as a bad checksum.
                    throw corrupt(index, start, destination);
                }
            }
        }
        finally
        {
            destination.limit(limit);
        }
        final CRC32C crc = new CRC32C();
        crc.update(destination.slice(start, length));
        if ((int) crc.getValue() != header.crcs()[index])
        {
            throw corrupt(index, start, destination);
        }
        tier.counters().served(length);
        return length;
    }

    /**
     * Heals chunk {@code index} in place with {@code good}, fetched again from the backing store. When its CRC is not
     * the one recorded, the backing file has changed since the entry was written: the entry is removed from the tier
     * (unless a newer one already replaced it) instead.
     *
     * @param good the chunk's bytes from its position to its limit, which are left as they were.
     * @param crc the CRC32C of {@code good}, as the caller computed it.
     * @return true when healed; false when the entry was stale and removed.
     */
    public boolean rewriteChunk(final int index, final ByteBuffer good, final int crc) throws IOException
    {
        final int length = Chunks.length(header.sizeBytes(), header.chunkBytes(), index);
        if (good.remaining() != length)
        {
            throw new IllegalArgumentException("chunk " + index + " of '" + header.path() + "' is " + length + " bytes, not " + good.remaining());
        }
        if (crc != header.crcs()[index])
        {
            tier.removeIfCurrent(header);
            return false;
        }
        final ByteBuffer source = good.duplicate();
        final long position = header.dataOffset() + (long) index * header.chunkBytes();
        while (source.hasRemaining())
        {
            channel.write(source, position + source.position() - good.position());
        }
        return true;
    }

    /** Closes the entry's file; the tier is not affected. */
    @Override
    public void close() throws IOException
    {
        channel.close();
    }

    private CorruptChunkException corrupt(final int index, final int start, final ByteBuffer destination)
    {
        destination.position(start);
        tier.counters().corruptChunk();
        return new CorruptChunkException(header.path(), index, "disk tier " + tier.directory());
    }
}
