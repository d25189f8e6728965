package org.openmpj.cache.store;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Writing and reading whole entries of a {@link DiskTier} in tests, with content that tells files apart. */
final class DiskEntries
{
    private DiskEntries()
    {
    }

    /** @return {@code size} bytes that depend on {@code seed}. */
    static byte[] content(final String seed, final int size)
    {
        final byte[] bytes = new byte[size];
        final int hash = seed.hashCode();
        for (int i = 0; i < size; i++)
        {
            bytes[i] = (byte) (hash + i * 131 + (i >>> 9));
        }
        return bytes;
    }

    /** Writes {@code content} as {@code path}, last chunk first, and commits it. */
    static boolean write(final DiskTier tier, final String path, final byte[] content) throws IOException
    {
        final int chunkBytes = tier.chunkBytes();
        try (DiskWriter writer = tier.begin(path, content.length))
        {
            for (int i = Chunks.count(content.length, chunkBytes) - 1; i >= 0; i--)
            {
                final int length = Chunks.length(content.length, chunkBytes, i);
                writer.writeChunk(i, ByteBuffer.wrap(content, i * chunkBytes, length), Chunks.crc(content, i * chunkBytes, length));
            }
            return writer.commit();
        }
    }

    /** @return every chunk of {@code entry}, checked, in one array. */
    static byte[] readAll(final DiskEntry entry) throws IOException
    {
        final ByteBuffer all = ByteBuffer.allocate((int) entry.size());
        for (int i = 0; i < entry.chunkCount(); i++)
        {
            entry.readChunk(i, all);
        }
        return all.array();
    }
}
