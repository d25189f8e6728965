package org.openmpj.cache.store;

import java.util.zip.CRC32C;

/**
 * How a file is cut into chunks, the unit that is checksummed, stored and relayed: every chunk but the last holds
 * {@code chunkBytes}; the checksum is CRC32C (hardware-accelerated on the JVM).
 */
public final class Chunks
{
    private Chunks()
    {
    }

    /** @return how many chunks a file of {@code sizeBytes} has (0 for an empty file). */
    public static int count(final long sizeBytes, final int chunkBytes)
    {
        final long count = (sizeBytes + chunkBytes - 1) / chunkBytes;
        if (count > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(sizeBytes + " bytes in chunks of " + chunkBytes + " is too many chunks");
        }
        return (int) count;
    }

    /** @return the length of chunk {@code index} of a file of {@code sizeBytes}. */
    public static int length(final long sizeBytes, final int chunkBytes, final int index)
    {
        return (int) Math.min(chunkBytes, sizeBytes - (long) index * chunkBytes);
    }

    /** @return the CRC32C of {@code length} bytes of {@code data} from {@code offset}. */
    public static int crc(final byte[] data, final int offset, final int length)
    {
        final CRC32C crc = new CRC32C();
        crc.update(data, offset, length);
        return (int) crc.getValue();
    }
}
