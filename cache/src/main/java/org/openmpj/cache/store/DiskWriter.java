package org.openmpj.cache.store;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;

/**
 * A new entry of the {@link DiskTier} being written into a temporary file, chunk by chunk in any order, then committed
 * into the tier at once or aborted. Returned by {@link DiskTier#begin} and owned by the caller. Used by one thread at a
 * time (or handed between threads safely, e.g. through a queue). A writer for an entry that could never fit in the tier
 * has no file: it discards what it is given and its commit counts a rejection.
 */
public final class DiskWriter implements Closeable
{
    private final DiskTier tier;
    private final String path;
    private final long sizeBytes;
    private final int chunkBytes;
    private final int[] crcs;
    private final BitSet written;
    private final Path temp;
    private final FileChannel channel;
    private final long dataOffset;
    private boolean finished;

    DiskWriter(final DiskTier tier, final String path, final long sizeBytes, final int chunkBytes, final long dataOffset, final Path temp)
        throws IOException
    {
        this.tier = tier;
        this.path = path;
        this.sizeBytes = sizeBytes;
        this.chunkBytes = chunkBytes;
        this.crcs = new int[Chunks.count(sizeBytes, chunkBytes)];
        this.written = new BitSet(crcs.length);
        this.temp = temp;
        this.dataOffset = dataOffset;
        this.channel = temp == null ? null : FileChannel.open(temp, StandardOpenOption.WRITE);
    }

    /**
     * Writes chunk {@code index}, {@code data} from its position to its limit, which are left as they were.
     *
     * @param crc the CRC32C of {@code data}, as the caller computed it when it read the chunk from the backing store.
     */
    public void writeChunk(final int index, final ByteBuffer data, final int crc) throws IOException
    {
        if (finished)
        {
            throw new IllegalStateException("the entry of '" + path + "' is already committed or aborted");
        }
        final int length = Chunks.length(sizeBytes, chunkBytes, index);
        if (index < 0 || index >= crcs.length || data.remaining() != length)
        {
            throw new IllegalArgumentException("chunk " + index + " of '" + path + "' (" + crcs.length + " chunks) is " + length
                + " bytes, not " + data.remaining());
        }
        if (channel == null)
        {
            return;
        }
        final ByteBuffer source = data.duplicate();
        final long position = dataOffset + (long) index * chunkBytes;
        while (source.hasRemaining())
        {
            channel.write(source, position + source.position() - data.position());
        }
        crcs[index] = crc;
        written.set(index);
    }

    /**
     * Puts the entry in the tier, replacing any earlier entry of its path, and evicts others until the tier is within
     * its capacity. The entry must have all its chunks.
     *
     * @return true when the entry is in the tier; false when it was rejected, for being larger than the tier, or chosen
     *         to leave at once by the tier's policy.
     * @throws IllegalStateException when a chunk was never written; the entry is then aborted.
     */
    public boolean commit() throws IOException
    {
        if (finished)
        {
            throw new IllegalStateException("the entry of '" + path + "' is already committed or aborted");
        }
        if (channel == null)
        {
            finished = true;
            tier.counters().rejected();
            return false;
        }
        final int missing = written.nextClearBit(0);
        if (missing < crcs.length)
        {
            abort();
            throw new IllegalStateException("chunk " + missing + " of '" + path + "' was never written; the entry is aborted");
        }
        finished = true;
        try
        {
            final DiskEntryDescriptor.Header header = DiskEntryDescriptor.Header.of(path, sizeBytes, chunkBytes, crcs.clone());
            DiskEntryDescriptor.write(channel, header);
            channel.close();
            return tier.admit(header, temp);
        }
        catch (final IOException | RuntimeException ex)
        {
            channel.close();
            Files.deleteIfExists(temp);
            tier.counters().rejected();
            throw ex;
        }
    }

    /** Drops the entry and its temporary file. Does nothing once committed or aborted. */
    public void abort() throws IOException
    {
        if (finished)
        {
            return;
        }
        finished = true;
        if (channel != null)
        {
            channel.close();
            Files.deleteIfExists(temp);
        }
    }

    /** Aborts the entry unless it was committed. */
    @Override
    public void close() throws IOException
    {
        abort();
    }
}
