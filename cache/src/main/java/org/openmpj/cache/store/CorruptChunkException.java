package org.openmpj.cache.store;

import java.io.IOException;

/**
 * A chunk read from a tier does not match the CRC32C recorded when it was stored. Checked, so that a reader decides
 * what to do: refetch the chunk from the backing store and heal the entry, or drop the entry.
 */
public final class CorruptChunkException extends IOException
{
    private static final long serialVersionUID = 1L;

    private final String path;
    private final int chunkIndex;

    /**
     * @param path the file the chunk belongs to.
     * @param chunkIndex the chunk's index in the file.
     * @param where what held it, for the message (e.g. the entry file).
     */
    public CorruptChunkException(final String path, final int chunkIndex, final String where)
    {
        super("chunk " + chunkIndex + " of '" + path + "' failed its CRC32C check in " + where);
        this.path = path;
        this.chunkIndex = chunkIndex;
    }

    /** @return the file the chunk belongs to. */
    public String path()
    {
        return path;
    }

    /** @return the chunk's index in the file. */
    public int chunkIndex()
    {
        return chunkIndex;
    }
}
